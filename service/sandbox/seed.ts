/**
 * The sandbox's seed data: its organizations, the magic widget keys (sandbox/keys.json) and the
 * sandbox platform keys (hashes only, sandbox/platform/keys.json). Idempotent, so it runs at every start.
 */
import { insertDirectoryFixtures, insertOrganizationFixtures, insertProjectFixtures } from './organizations.js';
import platformKeys from './platform-keys.json' with { type: 'json' };
import widgetKeys from './widget-keys.json' with { type: 'json' };
import type { Database } from '../db/database.js';
import { STARTUP_LOCK } from '../db/migrate.js';
import { insertListingFixtures, insertShowflatFixtures } from './listings.js';
import { insertInventoryFixtures, insertMediaFixtures } from './inventory-fixtures.js';
import { insertJourneyFixtures } from './mortgage-fixtures.js';
import { insertServiceOrderFixtures } from './service-order-fixtures.js';
import { insertDistributionFixtures } from './partner-sites.js';

/** The magic widget keys belong to the demo's partner site. */
const WIDGET_KEY_OWNER = 'org_lionhomes';

/** Who can sign in to the sandbox's API Console: one person of each organization, and a second at the partner site. */
export const SANDBOX_USERS = [
  {
    id: 'usr_siti',
    organization: 'org_lionhomes',
    name: 'Siti Rahman',
    email: 'siti@lioncityhomes.example',
    role: 'owner',
  },
  {
    id: 'usr_wei',
    organization: 'org_lionhomes',
    name: 'Lim Wei Jie',
    email: 'weijie@lioncityhomes.example',
    role: 'engineer',
  },
  {
    id: 'usr_meiling',
    organization: 'org_lionrealty',
    name: 'Tan Mei Ling',
    email: 'meiling@lioncityrealty.example',
    role: 'owner',
  },
  {
    id: 'usr_arjun',
    organization: 'org_marinaheights',
    name: 'Arjun Nair',
    email: 'arjun@marinaheights.example',
    role: 'owner',
  },
];

/** Workspaces beyond a person's own organization: Siti also builds the property developer's integration, as its engineer. */
export const EXTRA_MEMBERSHIPS = [{ user: 'usr_siti', organization: 'org_marinaheights', role: 'engineer' }];

/** The demo site's origins in the seed file; a key listing them also lists the demo's configured ones. */
const DEFAULT_DEMO_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

export interface SeedOptions {
  /** The demo site's origins as `npm start` serves it (`DEMO_PORT`), added to every magic key made for the demo. */
  demoOrigins?: string[];
}

export async function seed(db: Database, options: SeedOptions = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(STARTUP_LOCK);
    await insertOrganizationFixtures(tx);
    for (const u of SANDBOX_USERS) {
      await tx.query(
        'insert into users (id, organization_id, name, email, role) values ($1, $2, $3, $4, $5) on conflict (id) do nothing',
        [u.id, u.organization, u.name, u.email, u.role],
      );
      await tx.query(
        'insert into memberships (user_id, organization_id, role) values ($1, $2, $3) on conflict do nothing',
        [u.id, u.organization, u.role],
      );
    }
    for (const m of EXTRA_MEMBERSHIPS)
      await tx.query(
        'insert into memberships (user_id, organization_id, role) values ($1, $2, $3) on conflict do nothing',
        [m.user, m.organization, m.role],
      );
    for (const [i, k] of widgetKeys.keys.entries()) {
      const id = `wk_seed${String(i + 1).padStart(3, '0')}`;
      const used = (k as { usedToday?: number }).usedToday ?? 0;
      const inserted = await tx.query(
        'insert into widget_keys (id, organization_id, key, name, starts_day_at) values ($1, $2, $3, $4, $5) on conflict do nothing returning id',
        [id, WIDGET_KEY_OWNER, k.key, k.label, used],
      );
      if (inserted.length)
        for (const origin of k.origins)
          await tx.query('insert into widget_key_origins (widget_key_id, origin) values ($1, $2)', [id, origin]);
      // Every start, so that the demo keeps working when DEMO_PORT changes on an existing data folder.
      if (k.origins.some((origin) => DEFAULT_DEMO_ORIGINS.includes(origin)))
        for (const origin of options.demoOrigins ?? [])
          await tx.query(
            `insert into widget_key_origins (widget_key_id, origin)
             select id, $2 from widget_keys where key = $1 and revoked_at is null
             on conflict do nothing`,
            [k.key, origin],
          );
    }
    await insertDirectoryFixtures(tx);
    await insertProjectFixtures(tx);
    await insertListingFixtures(tx);
    await insertShowflatFixtures(tx);
    await insertInventoryFixtures(tx);
    await insertMediaFixtures(tx);
    await insertDistributionFixtures(tx);
    await insertJourneyFixtures(tx);
    await insertServiceOrderFixtures(tx);
    for (const [i, k] of platformKeys.keys.entries()) {
      await tx.query(
        `insert into platform_keys (id, organization_id, sha256, prefix, last4, label, scopes, starts_day_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (sha256) do update set scopes = excluded.scopes`,
        [
          `pk_seed${String(i + 1).padStart(3, '0')}`,
          k.organization,
          k.sha256,
          k.prefix,
          k.last4,
          k.label,
          k.scopes,
          (k as { valuationsUsedToday?: number }).valuationsUsedToday ?? 0,
        ],
      );
    }
  });
}
