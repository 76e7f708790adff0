/**
 * `Idempotency-Key` for HTTP writes, as one Hono middleware over the service's one idempotency store:
 * a key's first answer is kept and replayed (with `Idempotent-Replayed: true`); the same key with
 * another request is refused (422), and a retry while the first runs is told to wait (409). A first
 * attempt that fails on our side (5xx, or a throw) lets the key go, so a retry can succeed.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

export interface IdempotencyKeys {
  begin(scope: string, key: string, fingerprint: string): Promise<
    | { state: 'new' }
    | { state: 'replay'; response: { status: number; headers: Record<string, string>; body: string } }
    | { state: 'mismatch' }
    | { state: 'running' }
  >;
  finish(scope: string, key: string, response: { status: number; headers: Record<string, string>; body: string }): Promise<void>;
  release(scope: string, key: string): Promise<void>;
}

export interface IdempotencyOptions {
  store: IdempotencyKeys;
  /** Whose keys these are (an API key's id): keys of different callers never meet. */
  scopeOf(c: Parameters<MiddlewareHandler>[0]): string | undefined;
  /** Why a key cannot be used, in the caller's words, or undefined. */
  problemInKey(key: string): string | undefined;
  /** The answer for a refused key: `code` is the contract's problem code. */
  refuse(c: Parameters<MiddlewareHandler>[0], code: 'invalid_request' | 'idempotency_key_in_use' | 'idempotency_key_reused', detail: string): Response | Promise<Response>;
}

/** What makes two requests "the same": method, path and query, and the exact body. */
export const requestFingerprint = (request: Request, body: string) =>
  createHash('sha256').update(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}\n${body}`).digest('hex');

const REPLAYED_HEADERS = ['content-type', 'location', 'request-id'];

export function idempotency({ store, scopeOf, problemInKey, refuse }: IdempotencyOptions): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    const scope = scopeOf(c);
    if (key === undefined || scope === undefined || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const problem = problemInKey(key);
    if (problem) return refuse(c, 'invalid_request', problem);
    const body = await c.req.raw.clone().text();
    const begun = await store.begin(scope, key, requestFingerprint(c.req.raw, body));
    if (begun.state === 'mismatch') return refuse(c, 'idempotency_key_reused', 'This Idempotency-Key was used with another request: use a new key for a different change.');
    if (begun.state === 'running') return refuse(c, 'idempotency_key_in_use', 'The first request with this Idempotency-Key is still running: retry once it has finished.');
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
    const kept = Object.fromEntries([...response.headers].filter(([name]) => REPLAYED_HEADERS.includes(name.toLowerCase())));
    await store.finish(scope, key, { status: response.status, headers: kept, body: text });
  };
}
