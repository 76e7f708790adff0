/**
 * The sandbox's seed data: its organizations, the magic widget keys (sandbox/keys.json) and the
 * sandbox platform keys (hashes only, sandbox/platform/keys.json). Idempotent, so it runs at every start.
 */
import { ORGANIZATIONS } from '../platform/fixtures.js';
import platformKeys from '../platform/keys.json' with { type: 'json' };
import widgetKeys from '../keys.json' with { type: 'json' };
import type { Database } from './database.js';

/** The magic widget keys belong to the demo's partner site. */
const WIDGET_KEY_OWNER = 'org_lionhomes';

export async function seed(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { organization } of Object.values(ORGANIZATIONS)) {
      await tx.query('insert into organizations (id, name, kind) values ($1, $2, $3) on conflict (id) do nothing', [organization.id, organization.name, organization.kind]);
    }
    for (const [i, k] of widgetKeys.keys.entries()) {
      const id = `wk_seed${String(i + 1).padStart(3, '0')}`;
      const used = (k as { usedToday?: number }).usedToday ?? 0;
      const inserted = await tx.query(
        'insert into widget_keys (id, organization_id, key, name, starts_day_at) values ($1, $2, $3, $4, $5) on conflict (key) do nothing returning id',
        [id, WIDGET_KEY_OWNER, k.key, k.label, used],
      );
      if (inserted.length) for (const origin of k.origins) await tx.query('insert into widget_key_origins (widget_key_id, origin) values ($1, $2)', [id, origin]);
    }
    for (const [i, k] of platformKeys.keys.entries()) {
      await tx.query(
        `insert into platform_keys (id, organization_id, sha256, prefix, last4, label, scopes, starts_day_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (sha256) do nothing`,
        [`pk_seed${String(i + 1).padStart(3, '0')}`, k.organization, k.sha256, k.prefix, k.last4, k.label, k.scopes, (k as { valuationsUsedToday?: number }).valuationsUsedToday ?? 0],
      );
    }
  });
}
