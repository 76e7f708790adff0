/**
 * One cursor scheme for every collection: items in a stable order (by id, or newest first by their
 * time-ordered ids), a page of `limit`, and an opaque cursor naming the last item shown. A cursor
 * stays valid when items are added.
 */
const encode = (id: string) => Buffer.from(`after:${id}`).toString('base64url');
const decode = (cursor: string) => {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  return text.startsWith('after:') ? text.slice('after:'.length) : undefined;
};

import type { Answer, OperationContext } from './operation.js';

/** The answer to a cursor this scheme did not write. */
export const cursorProblem: Answer = {
  problem: 'invalid_request',
  detail: 'cursor was not written by this API: pass a nextCursor unchanged.',
  extra: { errors: [{ parameter: 'cursor', detail: 'unknown cursor' }] },
};

/** A page of `items` as an operation answers it, from the request's `limit` and `cursor`. */
export function pageAnswer<T extends { id: string }>(
  items: T[],
  ctx: Pick<OperationContext, 'params'>,
  order: Order = 'by_id',
): Answer {
  const result = paginate(items, Number(ctx.params.limit ?? 20), ctx.params.cursor as string | undefined, order);
  return result ? { body: result } : cursorProblem;
}

export interface Page<T> {
  object: 'list';
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** By id ascending, or newest first (descending time-ordered ids). */
export type Order = 'by_id' | 'newest_first';

/** A page of `items`, or undefined for a cursor this scheme did not write. */
export function paginate<T extends { id: string }>(
  items: T[],
  limit: number,
  cursor?: string,
  order: Order = 'by_id',
): Page<T> | undefined {
  const direction = order === 'newest_first' ? -1 : 1;
  const sorted = [...items].sort((a, b) => direction * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let start = 0;
  if (cursor !== undefined) {
    const after = decode(cursor);
    if (after === undefined) return undefined;
    start = sorted.findIndex((item) => (direction === 1 ? item.id > after : item.id < after));
    if (start < 0) start = sorted.length;
  }
  const data = sorted.slice(start, start + limit);
  const hasMore = start + limit < sorted.length;
  return { object: 'list', data, hasMore, nextCursor: hasMore ? encode(data[data.length - 1].id) : null };
}
