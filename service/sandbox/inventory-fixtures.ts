/**
 * The sandbox developer's inventory beyond its showflat booking: three batches (one in each status),
 * the first version of a price list, two lead routing rules and one lead they routed; and a media item
 * of a listing and of a project. The same ids
 * on every machine; written at seed and by a sandbox reset.
 */
import type { Database } from '../db/database.js';
import { LISTING_AGENCY, SHOWFLAT_DEVELOPER as DEVELOPER } from './listings.js';

const CREATED = '2026-11-01';

export const BATCH_FIXTURES = [
  {
    id: 'bat_0001',
    projectId: 'proj_0002',
    name: 'Phase 1, stacks 01 to 04',
    unitType: '2-bedroom',
    units: 20,
    status: 'released',
  },
  {
    id: 'bat_0002',
    projectId: 'proj_0002',
    name: 'Phase 1, stacks 05 and 06',
    unitType: '3-bedroom',
    units: 12,
    status: 'held',
  },
  { id: 'bat_0003', projectId: 'proj_0003', name: 'Launch batch', unitType: '2-bedroom', units: 30, status: 'sold' },
] as const;

export const PRICE_LIST_FIXTURES = [
  {
    id: 'prl_0001',
    projectId: 'proj_0002',
    effectiveFrom: '2026-10-01',
    prices: [
      { unitType: '2-bedroom', priceFrom: 1_298_000 },
      { unitType: '3-bedroom', priceFrom: 1_868_000 },
    ],
  },
] as const;

export const RULE_FIXTURES = [
  {
    id: 'lrr_0001',
    priority: 10,
    match: { projectId: 'proj_0002', minBudget: 2_000_000 },
    team: 'Premier sales',
    email: 'premier@marinaheights.example',
  },
  { id: 'lrr_0002', priority: 100, match: {}, team: 'Sales desk', email: 'sales@marinaheights.example' },
] as const;

export const LEAD_FIXTURES = [
  {
    id: 'lead_0001',
    projectId: 'proj_0002',
    unitType: '3-bedroom',
    budget: 2_400_000,
    name: 'Lim Hui Min',
    email: 'huimin@example.com',
    rule: RULE_FIXTURES[0],
  },
] as const;

export async function insertInventoryFixtures(tx: Pick<Database, 'query'>) {
  for (const b of BATCH_FIXTURES)
    await tx.query(
      `insert into inventory_batches (id, organization_id, project_id, name, unit_type, units, status, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8) on conflict (id) do nothing`,
      [b.id, DEVELOPER, b.projectId, b.name, b.unitType, b.units, b.status, CREATED],
    );
  for (const [i, p] of PRICE_LIST_FIXTURES.entries())
    await tx.query(
      `insert into price_lists (id, organization_id, project_id, version, effective_from, prices, created_at)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing`,
      [p.id, DEVELOPER, p.projectId, i + 1, p.effectiveFrom, JSON.stringify(p.prices), CREATED],
    );
  for (const r of RULE_FIXTURES)
    await tx.query(
      `insert into lead_routing_rules (id, organization_id, priority, match, route_team, route_email, created_at)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing`,
      [r.id, DEVELOPER, r.priority, JSON.stringify(r.match), r.team, r.email, CREATED],
    );
  for (const l of LEAD_FIXTURES)
    await tx.query(
      `insert into leads (id, organization_id, project_id, unit_type, budget, contact_name, contact_email,
         routed_rule_id, routed_team, routed_email, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict (id) do nothing`,
      [
        l.id,
        DEVELOPER,
        l.projectId,
        l.unitType,
        l.budget,
        l.name,
        l.email,
        l.rule.id,
        l.rule.team,
        l.rule.email,
        CREATED,
      ],
    );
}

/** One photo of the agency's first listing and one floor plan of the developer's launched project. */
export const MEDIA_FIXTURES = [
  {
    id: 'med_0001',
    organizationId: LISTING_AGENCY,
    owner: ['listing', 'lst_0001'],
    kind: 'photo',
    url: 'https://media.lioncityrealty.example/lst_0001/living-room.jpg',
    caption: 'Living room',
  },
  {
    id: 'med_0002',
    organizationId: DEVELOPER,
    owner: ['project', 'proj_0002'],
    kind: 'floor_plan',
    url: 'https://media.marinaheights.example/proj_0002/3-bedroom-plan.pdf',
    caption: '3-bedroom, type B2',
  },
] as const;

export async function insertMediaFixtures(tx: Pick<Database, 'query'>, organizationId?: string) {
  for (const m of MEDIA_FIXTURES.filter((f) => !organizationId || f.organizationId === organizationId))
    await tx.query(
      `insert into media (id, organization_id, owner_kind, owner_id, kind, url, caption, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (id) do nothing`,
      [m.id, m.organizationId, m.owner[0], m.owner[1], m.kind, m.url, m.caption, CREATED],
    );
}
