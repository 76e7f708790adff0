/**
 * Splits text into plain and matched segments for the query's words, matched at word starts.
 * The template renders them as text nodes and <mark> elements: never as an HTML string.
 */
export interface Segment {
  text: string;
  match: boolean;
}

export function highlight(text: string, query: string): Segment[] {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  if (words.length === 0) return [{ text, match: false }];
  const lower = text.toLowerCase();
  const matched = new Array<boolean>(text.length).fill(false);
  for (const word of words) {
    let from = 0;
    for (let at = lower.indexOf(word, from); at !== -1; at = lower.indexOf(word, from)) {
      const atWordStart = at === 0 || !/[\p{L}\p{N}]/u.test(lower[at - 1]);
      if (atWordStart) matched.fill(true, at, at + word.length);
      from = at + 1;
    }
  }
  const segments: Segment[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = segments[segments.length - 1];
    if (last && last.match === matched[i]) last.text += text[i];
    else segments.push({ text: text[i], match: matched[i] });
  }
  return segments;
}
