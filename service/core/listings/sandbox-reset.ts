/**
 * A sandbox organization's listings (their media and distributions), viewings and developer inventory
 * (showflat bookings, batches, price lists, lead routing rules and leads) put back to the fixtures: what it wrote deleted,
 * the fixtures' rows restored, in one transaction, recorded in the audit log. Keys, webhook
 * endpoints and the audit log itself are kept.
 */
import type { Database } from '../../db/database.js';
import {
  insertListingFixtures,
  insertShowflatFixtures,
  LISTING_AGENCY,
  SHOWFLAT_DEVELOPER,
} from '../../sandbox/listings.js';
import { insertInventoryFixtures, insertMediaFixtures } from '../../sandbox/inventory-fixtures.js';
import { insertDistributionFixtures } from '../../sandbox/partner-sites.js';

/** A developer's inventory tables and the media of listings and projects, each with its organization's rows. */
const INVENTORY_TABLES = [
  'showflat_bookings',
  'inventory_batches',
  'price_lists',
  'lead_routing_rules',
  'leads',
  'media',
];
import { recordChange, serviceActor } from '../events/record-change.js';

export async function resetSandboxData(db: Database, organizationId: string, now = () => new Date()) {
  return db.transaction(async (tx) => {
    await tx.query(
      // Links between viewings first, so that either row may go.
      'update viewings set rescheduled_from_id = null, rescheduled_to_id = null where organization_id = $1',
      [organizationId],
    );
    await tx.query('delete from viewings where organization_id = $1', [organizationId]);
    await tx.query('delete from listing_distributions where organization_id = $1', [organizationId]);
    await tx.query('delete from listings where organization_id = $1', [organizationId]);
    for (const table of INVENTORY_TABLES)
      await tx.query(`delete from ${table} where organization_id = $1`, [organizationId]);
    // The fixtures are the sandbox agency's; any other organization starts with none.
    if (organizationId === LISTING_AGENCY) {
      await insertListingFixtures(tx);
      await insertDistributionFixtures(tx);
    }
    await insertMediaFixtures(tx, organizationId);
    if (organizationId === SHOWFLAT_DEVELOPER) {
      await insertShowflatFixtures(tx);
      await insertInventoryFixtures(tx);
    }
    const count = async (table: 'listings' | 'viewings') =>
      (
        await tx.query<{ n: number }>(`select count(*)::int as n from ${table} where organization_id = $1`, [
          organizationId,
        ])
      )[0]!.n;
    const [listings, viewings] = [await count('listings'), await count('viewings')];
    await recordChange(tx, serviceActor(organizationId), 'sandbox.reset', organizationId, { listings, viewings });
    return { object: 'sandbox_reset' as const, listings, viewings, resetAt: now().toISOString() };
  });
}
