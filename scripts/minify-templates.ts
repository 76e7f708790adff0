import type { Plugin } from 'vite';

/** The styles' css`` templates reach the bundle verbatim; this drops their comments and spare whitespace. */
export function minifyCssLiterals(): Plugin {
  return {
    name: 'minify-css-literals',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('.styles.ts')) return undefined;
      return code.replace(/css`([^`]*)`/g, (_, body: string) => {
        const minified = body
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          .replace(/\s*([{};,])\s*/g, '$1')
          .replace(/:\s+/g, ':')
          .replace(/;}/g, '}')
          .trim();
        return `css\`${minified}\``;
      });
    },
  };
}

/**
 * After minification the only line breaks left are inside html`` templates, where a break and its
 * indentation render exactly like one space (the widget has no <pre>).
 */
export function collapseTemplateIndentation(): Plugin {
  return {
    name: 'collapse-template-indentation',
    apply: 'build',
    generateBundle(_, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') file.code = file.code.replace(/\n\s*/g, ' ');
      }
    },
  };
}
