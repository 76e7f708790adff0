/**
 * An agent's simple analytics, counted by the database when asked (no second copy to keep in step):
 * the listings they list by status, and viewings of those listings by the UTC week (Monday first) they start in.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { LISTING_TRANSITIONS, type StandardStatus, VIEWING_TRANSITIONS, type ViewingStatus } from './transitions.js';

type AgentAnalytics = components['schemas']['AgentAnalytics'];
type Week = AgentAnalytics['viewingsByWeek'][number];

export async function agentAnalytics(
  db: Pick<Database, 'query'>,
  organizationId: string,
  agentId: string,
  now = () => new Date(),
): Promise<AgentAnalytics> {
  const byStatus = Object.fromEntries(Object.keys(LISTING_TRANSITIONS).map((s) => [s, 0])) as Record<
    StandardStatus,
    number
  >;
  const listings = await db.query<{ status: StandardStatus; n: number }>(
    `select standard_status as status, count(*)::int as n from listings
     where organization_id = $1 and list_agent_id = $2 group by 1`,
    [organizationId, agentId],
  );
  for (const { status, n } of listings) byStatus[status] = n;
  const viewings = await db.query<{ week: string; status: ViewingStatus; n: number }>(
    `select to_char(date_trunc('week', starts_at at time zone 'UTC'), 'YYYY-MM-DD') as week, status, count(*)::int as n
     from viewings v where organization_id = $1
       and exists (select 1 from listings l where l.id = v.listing_id and l.list_agent_id = $2)
     group by 1, 2 order by 1`,
    [organizationId, agentId],
  );
  const weeks = new Map<string, Week>();
  for (const { week, status, n } of viewings) {
    const row =
      weeks.get(week) ??
      ({ weekStart: week, ...Object.fromEntries(Object.keys(VIEWING_TRANSITIONS).map((s) => [s, 0])) } as Week);
    row[status] = n;
    weeks.set(week, row);
  }
  return {
    object: 'agent_analytics',
    agentId,
    asOf: now().toISOString(),
    listingsByStatus: byStatus,
    viewingsByWeek: [...weeks.values()],
  };
}
