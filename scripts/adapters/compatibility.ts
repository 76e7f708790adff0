/**
 * What would break a client of `/v1` between the last released contract and this one, as
 * api-smart-diff classifies a change, held stricter in two ways: a change it cannot classify counts
 * as breaking until someone looks, and so does anything removed from an answer (a client may read
 * every field and value the contract promised, optional or not). Four additions are allowed by the
 * policy written in docs/integrators.md whatever the library says: a new value of an enum in an
 * answer (clients treat a value they do not know as "other"), a new webhook event (sent only to
 * endpoints that subscribe to it or to every event), a new tag (the reference's grouping) and a new
 * `x-` annotation (the contract's notes for its own tools, such as a state machine's `x-transitions`).
 */
import { apiCompare } from 'api-smart-diff';

export interface Change {
  /** Where in the document, as a JSON path (`paths./listings.post.responses.201`). */
  path: string;
  /** The same path's keys, one by one (an event's name holds dots). */
  segments: string[];
  action: string;
  /** The value added or put in place, if any. */
  after?: unknown;
  description: string;
  type: string;
}

const inAnswer = (path: PropertyKey[]) => path.includes('responses') || path[0] === 'webhooks';

type Diff = ReturnType<typeof apiCompare>['diffs'][number];
const allowedGrowth = ({ action, path }: Diff) =>
  action === 'add' &&
  ((path.at(-2) === 'enum' && inAnswer(path)) ||
    (path[0] === 'webhooks' && path.length === 2) ||
    (path[0] === 'tags' && path.length === 2) ||
    String(path.at(-1)).startsWith('x-'));

export function compared(released: object, current: object): { breaking: Change[]; other: Change[] } {
  const { diffs } = apiCompare(released, current);
  const breaking: Change[] = [];
  const other: Change[] = [];
  for (const diff of diffs) {
    const segments = diff.path.map(String);
    const change = {
      path: segments.join('.'),
      segments,
      action: diff.action,
      after: diff.after,
      description: diff.description ?? '',
      type: diff.type,
    };
    const breaks =
      !allowedGrowth(diff) &&
      (diff.type === 'breaking' || diff.type === 'unclassified' || (diff.action === 'remove' && inAnswer(diff.path)));
    (breaks ? breaking : other).push(change);
  }
  return { breaking, other };
}
