/**
 * Rows an organization owns: one read by id that never crosses organizations, and the capped tables'
 * "room for one more" check, each under its lock (locks.ts).
 */
import { type LockKind, roomUnderCap } from './locks.js';
import type { Database } from './database.js';

type Queryable = Pick<Database, 'query'>;

/** The tables an organization may keep only so many rows of, each with its lock. */
const ORGANIZATION_CAPS = {
  listings: 'listingsOfOrganization',
  inventory_batches: 'batchesOfOrganization',
  lead_routing_rules: 'routingRulesOfOrganization',
  leads: 'leadsOfOrganization',
  webhook_endpoints: 'webhookEndpointsOfOrganization',
  mortgage_journeys: 'journeysOfOrganization',
  service_orders: 'serviceOrdersOfOrganization',
  agents: 'agentsOfOrganization',
  teams: 'teamsOfOrganization',
  projects: 'projectsOfOrganization',
} as const satisfies Record<string, LockKind>;
type OwnedTable = keyof typeof ORGANIZATION_CAPS | 'showflat_bookings' | 'unit_types';
const OWNED_TABLES = new Set<string>([...Object.keys(ORGANIZATION_CAPS), 'showflat_bookings', 'unit_types']);

/** The table's name, checked at run time too: it is written into the SQL. */
function tableName(table: OwnedTable): string {
  if (!OWNED_TABLES.has(table)) throw new Error(`Not an organization's table: ${String(table)}`);
  return table;
}

/** Whether an organization has room for one more row of `table` (at most `max`); racing inserts take turns. */
export function roomInOrganization(
  tx: Queryable,
  table: keyof typeof ORGANIZATION_CAPS,
  organizationId: string,
  max: number,
): Promise<boolean> {
  return roomUnderCap(tx, {
    kind: ORGANIZATION_CAPS[table],
    key: organizationId,
    max,
    countSql: `select count(*)::int as n from ${tableName(table)} where organization_id = $1`,
    params: [organizationId],
  });
}

/** One row of an organization's `table` by id: undefined when it is another organization's or none. */
export async function ownedRow<Row>(
  q: Queryable,
  table: OwnedTable,
  organizationId: string,
  id: string,
): Promise<Row | undefined> {
  const [row] = await q.query<Row & object>(
    `select * from ${tableName(table)} where organization_id = $1 and id = $2`,
    [organizationId, id],
  );
  return row;
}
