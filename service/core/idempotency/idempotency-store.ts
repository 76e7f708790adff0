/**
 * Idempotency keys, as Stripe and the IETF draft (draft-ietf-httpapi-idempotency-key-header) define
 * them, for every write on every surface: a caller's key (up to 255 characters) names one intended
 * change; the first answer is kept at least 24 hours and replayed for the same request, the same key
 * with another request is refused, and a retry while the first is running is told so. A secret in the
 * first answer is never kept (web/secrets.ts). Transport-free:
 * the HTTP middleware and MCP's tools both use it.
 */
import type { Database } from '../../db/database.js';
import type { Begin, StoredResponse } from '../../web/idempotency.js';
import { withoutSecrets } from '../../web/secrets.js';

export const IDEMPOTENCY_KEY_MAX = 255;
export const KEPT_HOURS = 24;
/** A first attempt still "running" after this long died with its process; a retry may take it over. */
export const RUNNING_TIMEOUT_MS = 60_000;

export type { Begin, StoredResponse } from '../../web/idempotency.js';

/** Why a key cannot be used, or undefined. */
export function problemInIdempotencyKey(key: string): string | undefined {
  if (!key.trim()) return 'An Idempotency-Key cannot be blank.';
  if (key.length > IDEMPOTENCY_KEY_MAX)
    return `An Idempotency-Key is at most ${IDEMPOTENCY_KEY_MAX} characters (this one has ${key.length}).`;
  if (!/^[\x21-\x7e]+$/.test(key))
    return 'An Idempotency-Key is printable ASCII without spaces (a UUID is a good choice).';
  return undefined;
}

export function createIdempotencyStore(db: Pick<Database, 'query'>, now: () => Date = () => new Date()) {
  /**
   * Claims `key` within `scope` (whose keys they are) for a request with this fingerprint, in one
   * statement: two concurrent first attempts cannot both be "new".
   */
  async function begin(scope: string, key: string, fingerprint: string): Promise<Begin> {
    const t = now();
    const expires = new Date(t.getTime() + KEPT_HOURS * 3_600_000);
    const stale = new Date(t.getTime() - RUNNING_TIMEOUT_MS);
    const [claimed] = await db.query<{ key: string }>(
      `insert into idempotency_keys (scope, key, fingerprint, status, created_at, expires_at) values ($1, $2, $3, 'running', $4, $5)
       on conflict (scope, key) do update set fingerprint = excluded.fingerprint, status = 'running', created_at = excluded.created_at,
         expires_at = excluded.expires_at, response_status = null, response_headers = null, response_body = null
       where idempotency_keys.expires_at <= $4 or (idempotency_keys.status = 'running' and idempotency_keys.created_at <= $6 and idempotency_keys.fingerprint = excluded.fingerprint)
       returning key`,
      [scope, key, fingerprint, t, expires, stale],
    );
    if (claimed) return { state: 'new' };
    const [row] = await db.query<{
      fingerprint: string;
      status: string;
      response_status: number | null;
      response_headers: Record<string, string> | string | null;
      response_body: string | null;
    }>(
      'select fingerprint, status, response_status, response_headers, response_body from idempotency_keys where scope = $1 and key = $2',
      [scope, key],
    );
    if (!row) return begin(scope, key, fingerprint); // Expired and deleted between the two statements.
    if (row.fingerprint !== fingerprint) return { state: 'mismatch' };
    if (row.status === 'running') return { state: 'running' };
    const headers =
      typeof row.response_headers === 'string' ? JSON.parse(row.response_headers) : (row.response_headers ?? {});
    return {
      state: 'replay',
      response: { status: row.response_status ?? 200, headers, body: row.response_body ?? '' },
    };
  }

  return {
    begin,

    /** Keeps the first answer, to be replayed, without any secret in it (a replay shows those as null). */
    async finish(scope: string, key: string, response: StoredResponse): Promise<void> {
      const contentType = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
      await db.query(
        `update idempotency_keys set status = 'done', response_status = $3, response_headers = $4, response_body = $5 where scope = $1 and key = $2`,
        [
          scope,
          key,
          response.status,
          JSON.stringify(response.headers),
          withoutSecrets(response.body, contentType ?? null),
        ],
      );
    },

    /** Lets the key go when the first attempt failed on our side, so a retry can run it again. */
    async release(scope: string, key: string): Promise<void> {
      await db.query(`delete from idempotency_keys where scope = $1 and key = $2 and status = 'running'`, [scope, key]);
    },

    /** Forgets keys past their time (a worker's chore). */
    async prune(): Promise<number> {
      return (await db.query('delete from idempotency_keys where expires_at <= $1 returning key', [now()])).length;
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
