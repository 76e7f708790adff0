/**
 * What the sandbox's partner sites start with: the agency's first listing is live on Lion City Homes.
 * The sites themselves are demo organizations with profiles (organizations.ts).
 */
import type { Database } from '../db/database.js';
import { LISTING_AGENCY } from './listings.js';

/** The agency's first listing is live on Lion City Homes, so every read has something to show. */
export async function insertDistributionFixtures(tx: Pick<Database, 'query'>) {
  await tx.query(
    `insert into listing_distributions (id, organization_id, listing_id, partner_site_id, status, created_at, updated_at)
     values ('dst_0001', $1, 'lst_0001', 'ps_lionhomes', 'live', '2026-11-01', '2026-11-01') on conflict (id) do nothing`,
    [LISTING_AGENCY],
  );
}
