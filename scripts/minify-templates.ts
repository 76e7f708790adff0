/**
 * Shrinks what Lit's tagged templates carry into the bundle, and nothing else: the static text of
 * css`` templates loses comments and spare whitespace (never inside quoted strings), and html`` /
 * svg`` templates lose line breaks and indentation (each becomes one space, which renders the same
 * between tags; a template with <pre> or <textarea> is left as written). Templates are found by
 * parsing the module with TypeScript, so nothing outside them is touched.
 */
import ts from 'typescript';
import type { Plugin } from 'vite';

const CSS_COMMENT_OR_STRING = /(\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/;
const CSS_STRING = /("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/;

/** Minifies CSS text; quoted strings keep every character. */
export function minifyCss(source: string): string {
  const withoutComments = source
    .split(CSS_COMMENT_OR_STRING)
    .map((part, i) => (i % 2 === 1 && part.startsWith('/*') ? ' ' : part))
    .join('');
  return withoutComments
    .split(CSS_STRING)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/\s+/g, ' ')
            .replace(/\s*([{};,])\s*/g, '$1')
            .replace(/:\s+/g, ':')
            .replace(/;}/g, '}'),
    )
    .join('')
    .trim();
}

/** A line break and its indentation render like one space between tags and text. */
export function collapseHtml(source: string): string {
  return source.replace(/\n\s*/g, ' ');
}

const PRESERVES_WHITESPACE = /<(pre|textarea)\b/i;

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The static text of every css``, html`` and svg`` template in `code`, minified. */
export function minifyTemplates(code: string, fileName = 'module.ts'): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: Edit[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag)) {
      const minify = node.tag.text === 'css' ? minifyCss : ['html', 'svg'].includes(node.tag.text) ? collapseHtml : undefined;
      const parts = ts.isNoSubstitutionTemplateLiteral(node.template)
        ? [node.template]
        : [node.template.head, ...node.template.templateSpans.map((span) => span.literal)];
      const whole = node.template.getText(source);
      if (minify && !(minify === collapseHtml && PRESERVES_WHITESPACE.test(whole))) {
        for (const part of parts) {
          // A part's text includes its delimiters: ` or } before, ` or ${ after.
          const start = part.getStart(source) + 1;
          const end = part.end - (part.kind === ts.SyntaxKind.TemplateHead || part.kind === ts.SyntaxKind.TemplateMiddle ? 2 : 1);
          edits.push({ start, end, text: minify(code.slice(start, end)) });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let result = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

export function minifyTemplatesPlugin(): Plugin {
  return {
    name: 'minify-lit-templates',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !/(css|html|svg)`/.test(code)) return undefined;
      return { code: minifyTemplates(code, id), map: null };
    },
  };
}
