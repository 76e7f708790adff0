/**
 * The sandbox agency's listings and viewings, and its developer's showflat booking: the same ids, properties, prices and statuses on every
 * machine, made from the transaction fixtures (each price the property's own latest transaction, or
 * its town's). Seeded once; an organization's writes are its own from then on.
 */
import type { Database } from '../db/database.js';
import { sandboxHomes } from './sandbox-homes.js';
import type { components } from '../../contract/generated/platform.js';

type StandardStatus = components['schemas']['StandardStatus'];
type ViewingStatus = components['schemas']['ViewingStatus'];

export const LISTING_AGENCY = 'org_lionrealty';
export const LISTING_AGENT = 'agt_tanmeiling';

const STATUSES: StandardStatus[] = [
  'active',
  'active',
  'active',
  'active_under_contract',
  'active',
  'coming_soon',
  'pending',
  'active',
  'closed',
  'withdrawn',
  'expired',
  'active',
];

export interface ListingFixture {
  id: string;
  propertyId: string;
  mode: 'sale' | 'rent';
  listPrice: number;
  publicRemarks: string;
  standardStatus: StandardStatus;
  createdAt: string;
}

export interface ViewingFixture {
  id: string;
  listingId: string;
  status: ViewingStatus;
  startsAt: string;
  minutes: number;
  attendee: string;
}

let cached: ListingFixture[] | undefined;

export async function listingFixtures(): Promise<ListingFixture[]> {
  if (cached) return cached;
  const fixtures = await sandboxHomes();
  const step = Math.floor(fixtures.properties.length / STATUSES.length);
  cached = STATUSES.map((standardStatus, i) => {
    const property = fixtures.properties[i * step]!;
    const mode = i % 4 === 3 ? 'rent' : 'sale';
    const own = fixtures.transactions
      .filter((t) => t.propertyId === property.id && t.mode === mode)
      .sort((a, b) => a.date.localeCompare(b.date));
    const price = own.at(-1)?.price ?? (mode === 'sale' ? 500_000 + i * 40_000 : 2_800 + i * 150);
    return {
      id: `lst_${String(i + 1).padStart(4, '0')}`,
      propertyId: property.id,
      mode,
      listPrice: Math.round(price / (mode === 'sale' ? 1000 : 50)) * (mode === 'sale' ? 1000 : 50),
      publicRemarks: `${property.unitType} in ${property.town}, ${mode === 'sale' ? 'for sale' : 'for rent'}. Sandbox listing.`,
      standardStatus,
      createdAt: new Date(Date.UTC(2026, 9, 1 + i, 2)).toISOString(),
    };
  });
  return cached;
}

/** Viewings of the first listing, at fixed times (in the past as the sandbox ages, as real ones would be). */
export const VIEWING_FIXTURES: ViewingFixture[] = [
  {
    id: 'vw_0001',
    listingId: 'lst_0001',
    status: 'confirmed',
    startsAt: '2026-12-05T02:00:00.000Z',
    minutes: 30,
    attendee: 'Tan Wei Ming',
  },
  {
    id: 'vw_0002',
    listingId: 'lst_0001',
    status: 'requested',
    startsAt: '2026-12-05T03:00:00.000Z',
    minutes: 30,
    attendee: 'Nur Aisyah',
  },
  {
    id: 'vw_0003',
    listingId: 'lst_0002',
    status: 'completed',
    startsAt: '2026-11-20T09:00:00.000Z',
    minutes: 45,
    attendee: 'Rajesh Kumar',
  },
];

/** Writes the fixtures' listings and viewings (those missing), in the caller's transaction: at seed, and at a reset. */
export async function insertListingFixtures(tx: Pick<Database, 'query'>) {
  for (const l of await listingFixtures())
    await tx.query(
      `insert into listings (id, organization_id, property_id, mode, list_price, public_remarks, standard_status,
         list_agent_id, status_changed_at, modified_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $9) on conflict (id) do nothing`,
      [
        l.id,
        LISTING_AGENCY,
        l.propertyId,
        l.mode,
        l.listPrice,
        l.publicRemarks,
        l.standardStatus,
        LISTING_AGENT,
        l.createdAt,
      ],
    );
  for (const v of VIEWING_FIXTURES)
    await tx.query(
      `insert into viewings (id, organization_id, listing_id, status, starts_at, ends_at, attendee_name, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $5::timestamptz + make_interval(mins => $6), $7, '2026-11-01', '2026-11-01')
       on conflict (id) do nothing`,
      [v.id, LISTING_AGENCY, v.listingId, v.status, v.startsAt, v.minutes, v.attendee],
    );
}

/** The sandbox developer's one showflat booking, so that every read has something to show. */
export const SHOWFLAT_DEVELOPER = 'org_marinaheights';
export const SHOWFLAT_FIXTURES = [
  { id: 'sfb_0001', projectId: 'proj_0002', startsAt: '2026-12-05T02:00:00.000Z', visitor: 'Lim Hui Min' },
];

export async function insertShowflatFixtures(tx: Pick<Database, 'query'>) {
  for (const b of SHOWFLAT_FIXTURES)
    await tx.query(
      `insert into showflat_bookings (id, organization_id, project_id, status, starts_at, visitor_name, created_at, updated_at)
       values ($1, $2, $3, 'booked', $4, $5, '2026-11-01', '2026-11-01') on conflict (id) do nothing`,
      [b.id, SHOWFLAT_DEVELOPER, b.projectId, b.startsAt, b.visitor],
    );
}
