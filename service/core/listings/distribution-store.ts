/**
 * Listings distributed to partner sites: one row per listing and site, `live` or `withdrawn`, moved
 * under the listing's row lock so a status change and a distribution never cross. Distributing a
 * live listing again changes nothing; a listing that leaves the market is withdrawn everywhere
 * (`withdrawAll`, called in the status change's own transaction). Each change is an audit entry and
 * an event.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { newTimeOrderedId } from '../../db/ids.js';
import type { PropertyRecord } from '../estimates/homes.js';
import type { PartnerSite } from '../directory/partner-site-store.js';
import { recordChange, serviceActor, type Tx } from '../events/record-change.js';
import type { StandardStatus } from './transitions.js';

export type Distribution = components['schemas']['ListingDistribution'];
type Reason = NonNullable<Distribution['withdrawnReason']>;

/** Statuses in which a listing may be shown on a partner site. */
export const DISTRIBUTABLE: StandardStatus[] = ['active', 'active_under_contract', 'coming_soon'];

interface Row {
  id: string;
  listing_id: string;
  partner_site_id: string;
  status: Distribution['status'];
  withdrawn_reason: Reason | null;
  created_at: Date;
  updated_at: Date;
}
const toDistribution = (row: Row): Distribution => ({
  object: 'listing_distribution',
  id: row.id,
  listingId: row.listing_id,
  partnerSiteId: row.partner_site_id,
  status: row.status,
  withdrawnReason: row.withdrawn_reason,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** Every live distribution of a listing withdrawn, in the caller's transaction (a listing leaving the market). */
export async function withdrawAll(tx: Tx, organizationId: string, listingId: string, at: Date) {
  const rows = await tx.query<Row>(
    `update listing_distributions set status = 'withdrawn', withdrawn_reason = 'listing_off_market', updated_at = $3
     where organization_id = $1 and listing_id = $2 and status = 'live' returning *`,
    [organizationId, listingId, at],
  );
  for (const row of rows)
    await recordChange(tx, serviceActor(organizationId), 'listing.distribution_withdrawn', listingId, {
      partnerSiteId: row.partner_site_id,
      reason: 'listing_off_market',
    });
}

type Distributed =
  | { distribution: Distribution }
  | { unavailable: StandardStatus }
  | { errors: { parameter: string; detail: string }[] }
  | undefined;

export function createDistributionStore(
  db: Database,
  properties: Pick<Map<string, PropertyRecord>, 'get' | 'has'>,
  now = () => new Date(),
) {
  const lockListing = async (tx: Tx, organizationId: string, listingId: string) =>
    (
      await tx.query<{ standard_status: StandardStatus; mode: 'sale' | 'rent'; property_id: string }>(
        'select standard_status, mode, property_id from listings where organization_id = $1 and id = $2 for update',
        [organizationId, listingId],
      )
    )[0];
  return {
    async list(organizationId: string, listingId: string) {
      const rows = await db.query<Row>(
        'select * from listing_distributions where organization_id = $1 and listing_id = $2 order by id',
        [organizationId, listingId],
      );
      return rows.map(toDistribution);
    },
    /** Undefined when the organization has no such listing. */
    async distribute(organizationId: string, listingId: string, site: PartnerSite): Promise<Distributed> {
      return db.transaction(async (tx) => {
        const listing = await lockListing(tx, organizationId, listingId);
        if (!listing) return undefined;
        if (!DISTRIBUTABLE.includes(listing.standard_status)) return { unavailable: listing.standard_status };
        const propertyType = properties.get(listing.property_id)?.propertyType ?? 'hdb';
        if (!site.accepts.modes.includes(listing.mode) || !site.accepts.propertyTypes.includes(propertyType))
          return {
            errors: [
              {
                parameter: 'partnerSiteId',
                detail: `${site.name} takes ${site.accepts.propertyTypes.join(', ')} listings for ${site.accepts.modes.join(' or ')}, not this ${propertyType} for ${listing.mode}`,
              },
            ],
          };
        const at = now();
        const [changed] = await tx.query<Row>(
          `insert into listing_distributions (id, organization_id, listing_id, partner_site_id, status, created_at, updated_at)
           values ($1, $2, $3, $4, 'live', $5, $5)
           on conflict (listing_id, partner_site_id) do update set status = 'live', withdrawn_reason = null, updated_at = $5
             where listing_distributions.status = 'withdrawn'
           returning *`,
          [newTimeOrderedId('dst'), organizationId, listingId, site.id, at],
        );
        if (changed)
          await recordChange(tx, serviceActor(organizationId), 'listing.distributed', listingId, {
            partnerSiteId: site.id,
          });
        const [row] = changed
          ? [changed]
          : await tx.query<Row>('select * from listing_distributions where listing_id = $1 and partner_site_id = $2', [
              listingId,
              site.id,
            ]);
        return { distribution: toDistribution(row!) };
      });
    },
    /** Undefined when the listing was never distributed to the site. */
    async withdraw(organizationId: string, listingId: string, siteId: string) {
      return db.transaction(async (tx) => {
        if (!(await lockListing(tx, organizationId, listingId))) return undefined;
        const [changed] = await tx.query<Row>(
          `update listing_distributions set status = 'withdrawn', withdrawn_reason = 'withdrawn_by_agency', updated_at = $4
           where organization_id = $1 and listing_id = $2 and partner_site_id = $3 and status = 'live' returning *`,
          [organizationId, listingId, siteId, now()],
        );
        if (changed)
          await recordChange(tx, serviceActor(organizationId), 'listing.distribution_withdrawn', listingId, {
            partnerSiteId: siteId,
            reason: 'withdrawn_by_agency',
          });
        const [row] = changed
          ? [changed]
          : await tx.query<Row>(
              'select * from listing_distributions where organization_id = $1 and listing_id = $2 and partner_site_id = $3',
              [organizationId, listingId, siteId],
            );
        return row && toDistribution(row);
      });
    },
  };
}

export type DistributionStore = ReturnType<typeof createDistributionStore>;
