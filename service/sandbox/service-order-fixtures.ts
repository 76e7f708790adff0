/** The sandbox agency's service orders, one in each status worth moving from, for its first listings. */
import type { Database } from '../db/database.js';
import { LISTING_AGENCY } from './listings.js';

const CREATED = '2026-11-02T02:00:00.000Z';
const PROVIDER = { name: 'Sandbox Home Services', phone: '+65 6123 4567' };

export const ORDER_FIXTURES = [
  {
    id: 'svo_0001',
    listingId: 'lst_0001',
    kind: 'inspection',
    status: 'requested',
    notes: 'Handover inspection before the new tenant moves in.',
  },
  {
    id: 'svo_0002',
    listingId: 'lst_0001',
    kind: 'photography',
    status: 'scheduled',
    provider: PROVIDER,
    startsAt: '2026-12-15T02:00:00.000Z',
    endsAt: '2026-12-15T04:00:00.000Z',
  },
  {
    id: 'svo_0003',
    listingId: 'lst_0002',
    kind: 'repair',
    status: 'in_progress',
    notes: 'The kitchen tap drips.',
    provider: PROVIDER,
    startsAt: '2026-11-20T01:00:00.000Z',
    endsAt: '2026-11-20T03:00:00.000Z',
  },
  {
    id: 'svo_0004',
    listingId: 'lst_0002',
    kind: 'cleaning',
    status: 'completed',
    provider: PROVIDER,
    startsAt: '2026-11-10T01:00:00.000Z',
    endsAt: '2026-11-10T05:00:00.000Z',
    report: 'Cleaned throughout; windows done.',
    completedAt: '2026-11-10T05:00:00.000Z',
  },
] as const;

export async function insertServiceOrderFixtures(tx: Pick<Database, 'query'>) {
  for (const o of ORDER_FIXTURES) {
    const field = <K extends string>(key: K) => (key in o ? (o as unknown as Record<K, unknown>)[key] : null);
    await tx.query(
      `insert into service_orders (id, organization_id, listing_id, kind, status, notes, provider, starts_at, ends_at,
         report, completed_at, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) on conflict (id) do nothing`,
      [
        o.id,
        LISTING_AGENCY,
        o.listingId,
        o.kind,
        o.status,
        field('notes'),
        'provider' in o ? JSON.stringify(o.provider) : null,
        field('startsAt'),
        field('endsAt'),
        field('report'),
        field('completedAt'),
        CREATED,
      ],
    );
  }
}
