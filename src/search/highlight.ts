/**
 * Splits text into plain and matched segments from the ranges the host matched. The template
 * renders them as text nodes and <mark> elements: never as an HTML string. Ranges that overlap,
 * run backwards or fall outside the text are ignored rather than trusted.
 */
import type { Suggestion } from '../api/types.js';

export interface Segment {
  text: string;
  match: boolean;
}

export function highlight(text: string, ranges: Suggestion['matches']): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const { offset, length } of [...ranges].sort((a, b) => a.offset - b.offset)) {
    if (offset < at || offset + length > text.length) continue;
    if (offset > at) segments.push({ text: text.slice(at, offset), match: false });
    segments.push({ text: text.slice(offset, offset + length), match: true });
    at = offset + length;
  }
  if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}
