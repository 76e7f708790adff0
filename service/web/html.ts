/**
 * HTML for the service's pages: Hono's auto-escaping `html` tag. Every interpolated value is escaped
 * unless it is itself `Html` (a nested template); arrays are joined; false, null and undefined leave
 * nothing. `raw` is for the service's own constants only (its stylesheet), never for data.
 */
import { html as escapingHtml, raw } from 'hono/html';
import { escapeToBuffer, type HtmlEscapedString } from 'hono/utils/html';

export type Html = HtmlEscapedString;

/** The tag, synchronous: the service never interpolates a promise. */
export const html = (strings: TemplateStringsArray, ...values: unknown[]): Html =>
  escapingHtml(strings, ...values) as Html;

/** Items with `separator` between them (a list's `<br>` or `, `). */
export const joined = (items: Html[], separator: Html | string): (Html | string)[] =>
  items.flatMap((item, i) => (i ? [separator, item] : [item]));

/** Prose with its `code` spans set as code (the contracts' and the catalogues' convention). */
export const withCode = (text: unknown): (Html | string)[] =>
  String(text ?? '')
    .split('`')
    .map((part, i) => (i % 2 ? html`<code>${part}</code>` : part));

/**
 * A sentence from the words catalogue with figures set in it as HTML: the catalogue's function is
 * called with markers, and the figures go where the markers came back.
 */
export function wordsAround(sentence: (...parts: string[]) => string, ...figures: Html[]): (Html | string)[] {
  const markers = figures.map((_, i) => String.fromCharCode(0xe000 + i));
  return sentence(...markers)
    .split(new RegExp(`([${markers.join('')}])`))
    .map((part) => (markers.includes(part) ? figures[markers.indexOf(part)] : part));
}

/** Text escaped as the tag escapes it, for HTML written as text (a snippet a site owner copies). */
export function escapeHtml(text: string): string {
  const buffer: [string] = [''];
  escapeToBuffer(text, buffer);
  return buffer[0];
}

export { raw };
