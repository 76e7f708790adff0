/**
 * An organization's platform keys, as the API Console manages them. A key is returned once, when it
 * is made, and kept only as its hash; its label and scopes are checked here.
 */
import type { Database } from '../../db/database.js';
import { hashSecret } from '../../db/secrets.js';
import { type Actor, recordChange } from '../events/record-change.js';
import { PLATFORM_SCOPES, type PlatformScope } from '../grants/scopes.js';
import { aRole, platformScopesOf, scopesBeyondRole } from '../grants/roles.js';
import { problemInName } from './names.js';
import { newPlatformKey, newRecordId } from './generate.js';

export interface PlatformKeyView {
  id: string;
  label: string;
  prefix: string;
  last4: string;
  scopes: string[];
  createdAt: string;
  revokedAt: string | null;
}

export type PlatformKeyInputErrors = Partial<Record<'label' | 'scopes', string>>;

export function createPlatformKeyAdmin(db: Database) {
  return {
    platformKeys: async (actor: Actor): Promise<PlatformKeyView[]> =>
      (
        await db.query<{
          id: string;
          label: string;
          prefix: string;
          last4: string;
          scopes: string[];
          created_at: Date;
          revoked_at: Date | null;
        }>(
          `select id, label, prefix, last4, scopes, created_at, revoked_at from platform_keys where organization_id = $1
            order by revoked_at is not null, created_at desc, id`,
          [actor.organizationId],
        )
      ).map((r) => ({
        id: r.id,
        label: r.label,
        prefix: r.prefix,
        last4: r.last4,
        scopes: r.scopes,
        createdAt: new Date(r.created_at).toISOString(),
        revokedAt: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
      })),

    /**
     * Makes a sandbox platform key, holding no scope beyond the maker's `role`; the returned value is the
     * only time the key exists outside a hash.
     */
    async createPlatformKey(
      actor: Actor,
      label: string,
      scopes: string[],
      role: string | undefined,
    ): Promise<{ id: string; key: string } | { errors: PlatformKeyInputErrors }> {
      const unknown = scopes.filter((s) => !(PLATFORM_SCOPES as string[]).includes(s));
      const beyond = scopesBeyondRole(role, scopes);
      const errors: PlatformKeyInputErrors = {};
      const labelProblem = problemInName(label, 'key');
      if (labelProblem) errors.label = labelProblem;
      if (scopes.length === 0)
        errors.scopes = 'Choose at least one scope; valuations.read is the one the valuation routes need.';
      else if (unknown.length) errors.scopes = `Unknown scope: ${unknown.join(', ').slice(0, 100)}.`;
      else if (beyond.length)
        errors.scopes = `As ${aRole(role)} you can give a key only what your role allows, not ${beyond.join(', ')}: ask an owner to make this key.`;
      if (Object.keys(errors).length) return { errors };
      const granted = [...new Set(scopes)] as PlatformScope[];
      return db.transaction(async (tx) => {
        const key = newPlatformKey(db.environment);
        const id = newRecordId('pk');
        await tx.query(
          'insert into platform_keys (id, organization_id, sha256, prefix, last4, label, scopes) values ($1, $2, $3, $4, $5, $6, $7)',
          [id, actor.organizationId, hashSecret(key), key.slice(0, 10), key.slice(-4), label.trim(), granted],
        );
        await recordChange(tx, actor, 'platform_key.created', id, {
          label: label.trim(),
          scopes: granted,
          last4: key.slice(-4),
        });
        return { id, key };
      });
    },

    /** Revokes a key the maker's `role` could have made; `beyond_role` for one holding more. */
    revokePlatformKey: (actor: Actor, id: string, role: string | undefined) =>
      db.transaction(async (tx): Promise<boolean | 'beyond_role'> => {
        const rows = await tx.query<{ id: string }>(
          `update platform_keys set revoked_at = now()
            where id = $1 and organization_id = $2 and revoked_at is null and scopes <@ $3::text[] returning id`,
          [id, actor.organizationId, platformScopesOf(role)],
        );
        if (rows.length) {
          await recordChange(tx, actor, 'platform_key.revoked', id);
          return true;
        }
        const [held] = await tx.query(
          'select id from platform_keys where id = $1 and organization_id = $2 and revoked_at is null',
          [id, actor.organizationId],
        );
        return held ? 'beyond_role' : false;
      }),
  };
}

export type PlatformKeyAdmin = ReturnType<typeof createPlatformKeyAdmin>;
