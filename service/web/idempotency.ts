/**
 * `Idempotency-Key` for HTTP writes, as one Hono middleware over the service's one idempotency store:
 * a key's first answer is kept and replayed (with `Idempotent-Replayed: true`); the same key with
 * another request is refused (422), and a retry while the first runs is told to wait (409). A first
 * attempt that fails on our side (5xx, or a throw) lets the key go, so a retry can succeed. A secret
 * in the first answer (a webhook's signing secret, say) is never kept: the store keeps the answer without it.
 */
import { createHash } from 'node:crypto';
import type { Context, Env, MiddlewareHandler } from 'hono';

/** A kept answer, replayed for a retry. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a claim on a key finds: a first attempt, a kept answer, another request's key, or one still running. */
export type Begin =
  { state: 'new' } | { state: 'replay'; response: StoredResponse } | { state: 'mismatch' } | { state: 'running' };

/** What the middleware needs of the store (core/idempotency implements it). */
export interface IdempotencyKeys {
  begin(scope: string, key: string, fingerprint: string): Promise<Begin>;
  finish(scope: string, key: string, response: StoredResponse): Promise<void>;
  release(scope: string, key: string): Promise<void>;
}

export interface IdempotencyOptions<E extends Env> {
  store: IdempotencyKeys;
  /** Where the key is: the `Idempotency-Key` header by default (a console form carries it as a field). */
  keyOf?(c: Context<E>): string | undefined;
  /** The request's body as text, for its fingerprint: read from the request by default. */
  bodyOf?(c: Context<E>): Promise<string>;
  /** Whose keys these are (an API key's id): keys of different callers never meet. */
  scopeOf(c: Context<E>): string | undefined;
  /** Why a key cannot be used, in the caller's words, or undefined. */
  problemInKey(key: string): string | undefined;
  /** The answer for a refused key: `code` is the contract's problem code. */
  refuse(
    c: Context<E>,
    code: 'invalid_request' | 'idempotency_key_in_use' | 'idempotency_key_reused',
    detail: string,
  ): Response | Promise<Response>;
}

/** What makes two requests "the same": method, path and query, and the exact body. */
export const requestFingerprint = (request: Request, body: string) =>
  createHash('sha256')
    .update(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}\n${body}`)
    .digest('hex');

const REPLAYED_HEADERS = ['content-type', 'location', 'request-id'];

export function idempotency<E extends Env>({
  store,
  scopeOf,
  problemInKey,
  refuse,
  keyOf = (c) => c.req.header('idempotency-key'),
  bodyOf = (c) => c.req.raw.clone().text(),
}: IdempotencyOptions<E>): MiddlewareHandler<E> {
  return async (c, next) => {
    const key = keyOf(c);
    const scope = scopeOf(c);
    if (key === undefined || scope === undefined || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const problem = problemInKey(key);
    if (problem) return refuse(c, 'invalid_request', problem);
    const body = await bodyOf(c);
    const begun = await store.begin(scope, key, requestFingerprint(c.req.raw, body));
    if (begun.state === 'mismatch')
      return refuse(
        c,
        'idempotency_key_reused',
        'This Idempotency-Key was used with another request: use a new key for a different change.',
      );
    if (begun.state === 'running')
      return refuse(
        c,
        'idempotency_key_in_use',
        'The first request with this Idempotency-Key is still running: retry once it has finished.',
      );
    if (begun.state === 'replay') {
      const { status, headers, body: replayed } = begun.response;
      return new Response(replayed, { status, headers: { ...headers, 'Idempotent-Replayed': 'true' } });
    }
    try {
      await next();
    } catch (error) {
      await store.release(scope, key);
      throw error;
    }
    const response = c.res;
    if (response.status >= 500) {
      await store.release(scope, key);
      return;
    }
    const text = await response.clone().text();
    const kept = Object.fromEntries(
      [...response.headers].filter(([name]) => REPLAYED_HEADERS.includes(name.toLowerCase())),
    );
    await store.finish(scope, key, { status: response.status, headers: kept, body: text });
  };
}
