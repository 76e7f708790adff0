/**
 * A translation as data, the form the widget host serves it in (a JSON file checked against its
 * hash, never code): every sentence a template, `{0}` standing for the first argument, a switch
 * `[argument, { value: template }]` where a sentence depends on a choice (sale or rent) or on a
 * count (`1`, and `n` for any other), and each function of the catalogue an array holding its
 * template; `[template, 1]` for a day's words, whose arguments are the day's year, month and day
 * (`2026-03-07` → 2026, 3, 7). scripts/language-data.ts writes it from zh.ts, ms.ts and ta.ts, which
 * stay the translations' source.
 */
import type { Words } from './en.js';

export type Template = string | [argument: number, cases: Record<string, Template>];
export type WordsData = string | [Template] | [Template, 1] | { [key: string]: WordsData };

/** A language's file under the widget host's root, named by its content: its SHA-256 hash (base64), shortened. */
export const languageFile = (language: string, sha256: string) =>
  `languages/${language}-${sha256.slice(0, 10).replace(/[+/]/g, '_')}.json`;

const fill = (template: Template, args: unknown[]): string =>
  typeof template === 'string'
    ? template.replace(/\{(\d)\}/g, (_, i: number) => args[i] as string)
    : fill(template[1][args[template[0]] as string] ?? template[1].n, args);

const revive = (data: WordsData): unknown =>
  typeof data === 'string'
    ? data
    : Array.isArray(data)
      ? (...args: unknown[]) => fill(data[0], data[1] ? (args[0] as string).split('-').map(Number) : args)
      : Object.fromEntries(Object.entries(data).map(([key, value]) => [key, revive(value)]));

export const wordsFromData = (data: Record<string, WordsData>) => revive(data) as Words;
