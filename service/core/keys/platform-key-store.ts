/**
 * Where the Platform API finds a key by the hash of what a request presents (its daily count is the
 * meter's): the service's database.
 */
import type { Database } from '../../db/database.js';
import type { StoredKey } from './platform-keys.js';

export interface PlatformKeyStore {
  findByHash(sha256: string): Promise<StoredKey | undefined>;
}

export function databasePlatformKeys(db: Database): PlatformKeyStore {
  return {
    async findByHash(sha256) {
      const [row] = await db.query<{
        id: string;
        sha256: string;
        prefix: string;
        last4: string;
        organization_id: string;
        label: string;
        scopes: string[];
        starts_day_at: number;
      }>(
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
  };
}
