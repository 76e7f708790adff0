/**
 * Gives the word catalogue's keys short names in the widget's build: `words.searchLabel` becomes
 * `words._5`, in the element and in every language file alike, because the names are fixed from
 * en.ts before the build starts. Each key is written once per catalogue and read where it is
 * shown, so its name was paid for about twice; short names save about 250 B brotli.
 *
 * What is renamed, found by parsing each module with TypeScript:
 * - a property read on an identifier named `words` (`words.title`, `words.column.date`'s `column`);
 * - the properties of an object literal in src/words/ whose every named property is a key (the
 *   catalogues themselves, and the dates intl-dates.ts adds to one).
 * Nothing else is: read a catalogue through `words` (words.ts's `useWords`), never another name.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { applyEdits, type Edit } from './minify-templates.js';

/** Catalogue key → short name, in en.ts's order. */
export type KeyNames = Map<string, string>;

const propertyName = (property: ts.ObjectLiteralElementLike) =>
  property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
    ? property.name.text
    : undefined;

/** The keys of en.ts's `const en = { … }`, each with its short name. */
export function keyNamesIn(enSource: string): KeyNames {
  const source = ts.createSourceFile('en.ts', enSource, ts.ScriptTarget.Latest, true);
  const names: KeyNames = new Map();
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'en' &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const property of node.initializer.properties) {
        const name = propertyName(property);
        if (name) names.set(name, `_${names.size.toString(36)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (names.size === 0) throw new Error('short-word-keys: no `const en = { … }` in en.ts');
  return names;
}

export function shortenWordKeys(code: string, fileName: string, names: KeyNames): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const inWords = /[\\/]src[\\/]words[\\/]/.test(fileName);
  const edits: Edit[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'words') {
      const short = names.get(node.name.text);
      if (short) edits.push({ start: node.name.getStart(source), end: node.name.end, text: short });
    }
    if (inWords && ts.isObjectLiteralExpression(node)) {
      const named = node.properties.filter((p) => !ts.isSpreadAssignment(p));
      if (named.length > 0 && named.every((p) => names.has(propertyName(p) ?? ''))) {
        for (const property of named) {
          const short = names.get(propertyName(property)!)!;
          const text = ts.isShorthandPropertyAssignment(property) ? `${short}: ${property.name.text}` : short;
          edits.push({ start: property.name!.getStart(source), end: property.name!.end, text });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return applyEdits(code, edits);
}

export function shortWordKeysPlugin(): Plugin {
  let names: KeyNames;
  return {
    name: 'short-word-keys',
    enforce: 'pre',
    apply: 'build',
    async buildStart() {
      names = keyNamesIn(await readFile(fileURLToPath(new URL('../src/words/en.ts', import.meta.url)), 'utf8'));
    },
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !/\bwords\b|[\\/]words[\\/]/.test(code + id)) return undefined;
      return { code: shortenWordKeys(code, id, names), map: null };
    },
  };
}

/**
 * The same renaming for a catalogue written as data (a translation's JSON file): an object's keys
 * are renamed where every one of them is a catalogue key, as the object literals of src/words/ are.
 */
export function shortenDataKeys(value: unknown, names: KeyNames): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value);
  const rename = entries.length > 0 && entries.every(([key]) => names.has(key));
  return Object.fromEntries(
    entries.map(([key, inner]) => [rename ? names.get(key)! : key, shortenDataKeys(inner, names)]),
  );
}
