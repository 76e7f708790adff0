/**
 * The sandbox's partner sites: where agencies distribute listings. Lion City Homes is also a sandbox
 * organization (its key reads what is distributed to it); the other two are sites only.
 */
import type { Database } from '../db/database.js';
import type { PartnerSite } from '../core/listings/distribution-store.js';
import { LISTING_AGENCY } from './listings.js';

export type { PartnerSite };

export const PARTNER_SITES: PartnerSite[] = [
  {
    object: 'partner_site',
    id: 'ps_lionhomes',
    name: 'Lion City Homes',
    url: 'https://lioncityhomes.example/',
    accepts: { modes: ['sale', 'rent'], propertyTypes: ['hdb', 'condo', 'landed'] },
    organizationId: 'org_lionhomes',
  },
  {
    object: 'partner_site',
    id: 'ps_flatfinder',
    name: 'Flat Finder SG',
    url: 'https://flatfinder.example/',
    accepts: { modes: ['sale'], propertyTypes: ['hdb'] },
  },
  {
    object: 'partner_site',
    id: 'ps_expatrentals',
    name: 'Expat Rentals Singapore',
    url: 'https://expatrentals.example/',
    accepts: { modes: ['rent'], propertyTypes: ['condo', 'landed'] },
  },
];

/** A partner site as the API answers it (which organization runs it is the service's own business). */
export const publicSite = ({ organizationId: _, ...site }: PartnerSite) => site;
export const siteOfOrganization = (organizationId: string) =>
  PARTNER_SITES.find((s) => s.organizationId === organizationId);

/** The agency's first listing is live on Lion City Homes, so every read has something to show. */
export async function insertDistributionFixtures(tx: Pick<Database, 'query'>) {
  await tx.query(
    `insert into listing_distributions (id, organization_id, listing_id, partner_site_id, status, created_at, updated_at)
     values ('dst_0001', $1, 'lst_0001', 'ps_lionhomes', 'live', '2026-11-01', '2026-11-01') on conflict (id) do nothing`,
    [LISTING_AGENCY],
  );
}
