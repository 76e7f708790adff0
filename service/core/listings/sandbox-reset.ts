/**
 * A sandbox organization's listings (their media and distributions), viewings, developer inventory
 * (showflat bookings, batches, price lists, lead routing rules and leads) mortgage journeys and service orders put back to the fixtures: what it wrote deleted,
 * the fixtures' rows restored, in one transaction, recorded in the audit log. Keys, webhook
 * endpoints and the audit log itself are kept.
 */
import type { Database } from '../../db/database.js';

/** Puts an organization's fixture rows back, inside the reset's transaction: the sandbox's data, given to the core. */
export type RestoreFixtures = (tx: Pick<Database, 'query'>, organizationId: string) => Promise<void>;

/** A developer's inventory tables and the media of listings and projects, each with its organization's rows. */
const INVENTORY_TABLES = [
  'showflat_bookings',
  'inventory_batches',
  'price_lists',
  'lead_routing_rules',
  'leads',
  'media',
  'mortgage_journeys',
];
import { recordChange, serviceActor } from '../events/record-change.js';

export async function resetSandboxData(
  db: Database,
  restore: RestoreFixtures,
  organizationId: string,
  now = () => new Date(),
) {
  return db.transaction(async (tx) => {
    await tx.query(
      // Links between viewings first, so that either row may go.
      'update viewings set rescheduled_from_id = null, rescheduled_to_id = null where organization_id = $1',
      [organizationId],
    );
    await tx.query('delete from viewings where organization_id = $1', [organizationId]);
    await tx.query('delete from listing_distributions where organization_id = $1', [organizationId]);
    await tx.query('delete from service_orders where organization_id = $1', [organizationId]);
    await tx.query('delete from listings where organization_id = $1', [organizationId]);
    for (const table of INVENTORY_TABLES)
      await tx.query(`delete from ${table} where organization_id = $1`, [organizationId]);
    // Its projects last: the inventory names them.
    await tx.query('delete from unit_types where organization_id = $1', [organizationId]);
    await tx.query('delete from projects where organization_id = $1', [organizationId]);
    await restore(tx, organizationId);
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
