/**
 * Where the Platform API finds a key by the hash of what a request presents, and counts its daily
 * valuations: the service's database, or memory (keys.json) for tests that need no database.
 */
import type { Database } from '../../db/database.js';
import type { StoredKey } from './platform-keys.js';
import keysFile from '../../sandbox/platform-keys.json' with { type: 'json' };

export interface PlatformKeyStore {
  findByHash(sha256: string): Promise<StoredKey | undefined>;
  /** Counts one valuation when the day's count is under `limit`: the count after it, or undefined at the limit. */
  takeValuation(key: StoredKey, day: string, limit: number): Promise<number | undefined>;
  releaseValuation(key: StoredKey, day: string): Promise<void>;
}

export function memoryPlatformKeys(keys: StoredKey[] = keysFile.keys as StoredKey[]): PlatformKeyStore {
  const byHash = new Map(keys.map((k, i) => [k.sha256, { ...k, id: k.id ?? `pk_memory${i}` }]));
  const counts = new Map<string, number>();
  return {
    findByHash: async (sha256) => byHash.get(sha256),
    async takeValuation(key, day, limit) {
      const id = `${day} ${key.id}`;
      const next = (counts.get(id) ?? key.valuationsUsedToday ?? 0) + 1;
      if (next > limit) return undefined;
      counts.set(id, next);
      return next;
    },
    async releaseValuation(key, day) {
      const id = `${day} ${key.id}`;
      counts.set(id, Math.max(0, (counts.get(id) ?? key.valuationsUsedToday ?? 0) - 1));
    },
  };
}

export function databasePlatformKeys(db: Database): PlatformKeyStore {
  return {
    async findByHash(sha256) {
      const [row] = await db.query<{ id: string; sha256: string; prefix: string; last4: string; organization_id: string; label: string; scopes: string[]; starts_day_at: number }>(
        'select id, sha256, prefix, last4, organization_id, label, scopes, starts_day_at from platform_keys where sha256 = $1 and revoked_at is null',
        [sha256],
      );
      return (
        row && {
          id: row.id,
          sha256: row.sha256,
          prefix: row.prefix,
          last4: row.last4,
          organization: row.organization_id,
          label: row.label,
          scopes: row.scopes as StoredKey['scopes'],
          valuationsUsedToday: row.starts_day_at,
        }
      );
    },
    async takeValuation(key, day, limit) {
      const start = key.valuationsUsedToday ?? 0;
      if (start >= limit) return undefined;
      const rows = await db.query<{ count: number }>(
        `insert into valuation_usage (platform_key_id, day, count) values ($1, $2, $3 + 1)
         on conflict (platform_key_id, day) do update set count = valuation_usage.count + 1 where valuation_usage.count < $4
         returning count`,
        [key.id, day, start, limit],
      );
      return rows[0]?.count;
    },
    async releaseValuation(key, day) {
      await db.query('update valuation_usage set count = greatest(count - 1, 0) where platform_key_id = $1 and day = $2', [key.id, day]);
    },
  };
}
