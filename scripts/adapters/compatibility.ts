/**
 * What would break a client of `/v1` between the last released contract and this one, as
 * api-smart-diff classifies a change, held stricter in two ways: a change it cannot classify counts
 * as breaking until someone looks, and so does anything removed from an answer (a client may read
 * every field and value the contract promised, optional or not).
 */
import { apiCompare } from 'api-smart-diff';

export interface Change {
  /** Where in the document, as a JSON path (`paths./listings.post.responses.201`). */
  path: string;
  description: string;
  type: string;
}

const inAnswer = (path: PropertyKey[]) => path.includes('responses') || path[0] === 'webhooks';

export function compared(released: object, current: object): { breaking: Change[]; other: Change[] } {
  const { diffs } = apiCompare(released, current);
  const breaking: Change[] = [];
  const other: Change[] = [];
  for (const diff of diffs) {
    const change = { path: diff.path.map(String).join('.'), description: diff.description ?? '', type: diff.type };
    const breaks =
      diff.type === 'breaking' || diff.type === 'unclassified' || (diff.action === 'remove' && inAnswer(diff.path));
    (breaks ? breaking : other).push(change);
  }
  return { breaking, other };
}
