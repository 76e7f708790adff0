/**
 * Shrinks what Lit's tagged templates carry into the bundle, and nothing else: the static text of
 * css`` templates loses comments and spare whitespace (never inside quoted strings), and html`` /
 * svg`` templates lose line breaks and indentation (each becomes one space, which renders the same
 * between tags, or nothing before `>` and next to a block; a template with <pre> or <textarea> is
 * left as written). The element's private custom properties (`--_accent`) become short names
 * (`--_0`), the same in every template of a build; nothing outside the styles reads them. Templates are found by parsing the module with
 * TypeScript, so nothing outside them is touched.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Plugin } from 'vite';

const CSS_COMMENT_OR_STRING = /(\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/;
const CSS_STRING = /("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/;

/** Short names for private custom properties, by full name, the same for a whole build. */
export type Aliases = Map<string, string>;
const PRIVATE_PROPERTY = /--_[a-zA-Z][\w-]*/g;

/** Minifies CSS text; quoted strings keep every character. With `aliases`, private custom properties get short names. */
export function minifyCss(source: string, aliases?: Aliases): string {
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
            .replace(/;}/g, '}')
            .replace(PRIVATE_PROPERTY, (name) => (aliases ? alias(aliases, name) : name)),
    )
    .join('')
    .trim();
}

function alias(aliases: Aliases, name: string): string {
  let short = aliases.get(name);
  if (!short) aliases.set(name, (short = `--_${aliases.size.toString(36)}`));
  return short;
}

/** Elements around which whitespace never renders: blocks, tables, lists, form groups, and SVG shapes. */
const BLOCK = new Set(
  'article,div,dd,dl,dt,fieldset,footer,g,h2,h3,header,legend,li,line,ol,p,path,rect,section,svg,table,tbody,td,text,th,thead,tr,ul'.split(
    ',',
  ),
);
const BETWEEN_TAGS = /(<\/?([a-z][\w-]*)[^<>]*>)\s*\n\s*(?=<\/?([a-z][\w-]*))/g;

/**
 * A line break and its indentation render like one space between tags and text, and like nothing
 * before a tag's closing `>` or between tags where one is a block (`</td> <td>`).
 */
export function collapseHtml(source: string): string {
  return source
    .replace(/\s*\n\s*(\/?>)/g, '$1')
    .replace(BETWEEN_TAGS, (_match, tag: string, before: string, after: string) =>
      BLOCK.has(before) || BLOCK.has(after) ? tag : `${tag} `,
    )
    .replace(/\n\s*/g, ' ');
}

const PRESERVES_WHITESPACE = /<(pre|textarea)\b/i;

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The static text of every css``, html`` and svg`` template in `code`, minified. */
export function minifyTemplates(code: string, fileName = 'module.ts', aliases?: Aliases): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: Edit[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag)) {
      const minify =
        node.tag.text === 'css'
          ? (text: string) => minifyCss(text, aliases)
          : ['html', 'svg'].includes(node.tag.text)
            ? collapseHtml
            : undefined;
      const parts = ts.isNoSubstitutionTemplateLiteral(node.template)
        ? [node.template]
        : [node.template.head, ...node.template.templateSpans.map((span) => span.literal)];
      const whole = node.template.getText(source);
      if (minify && !(node.tag.text !== 'css' && PRESERVES_WHITESPACE.test(whole))) {
        for (const part of parts) {
          // A part's text includes its delimiters: ` or } before, ` or ${ after.
          const start = part.getStart(source) + 1;
          const end =
            part.end - (part.kind === ts.SyntaxKind.TemplateHead || part.kind === ts.SyntaxKind.TemplateMiddle ? 2 : 1);
          edits.push({ start, end, text: minify(code.slice(start, end)) });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return applyEdits(code, edits);
}

/** `code` with each edit's span replaced by its text; spans must not overlap. */
export function applyEdits(code: string, edits: Edit[]): string {
  let result = code;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/**
 * Every private custom property in the sources, in order of first appearance (files by path), each
 * with its short name: fixed before the build starts, because modules are transformed in no set
 * order and the output must not vary.
 */
export async function aliasesIn(dir: string): Promise<Aliases> {
  const aliases: Aliases = new Map();
  for (const file of (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.ts')).sort()) {
    for (const name of (await readFile(join(dir, file), 'utf8')).match(PRIVATE_PROPERTY) ?? []) alias(aliases, name);
  }
  return aliases;
}

export function minifyTemplatesPlugin(): Plugin {
  let aliases: Aliases;
  return {
    name: 'minify-lit-templates',
    enforce: 'pre',
    apply: 'build',
    async buildStart() {
      aliases = await aliasesIn(fileURLToPath(new URL('../src/', import.meta.url)));
    },
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !/(css|html|svg)`/.test(code)) return undefined;
      return { code: minifyTemplates(code, id, aliases), map: null };
    },
  };
}
