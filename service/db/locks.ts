/**
 * The service's advisory locks, named in one registry: each kind of thing locked has its own class
 * number, so two kinds never wait on each other, and a transaction-scoped lock ends with its transaction.
 * A count-capped insert takes its kind's lock before it counts, so racing inserts take turns and the cap
 * holds on PostgreSQL as it does on PGlite's one connection.
 */
import type { Database } from './database.js';

type Queryable = Pick<Database, 'query'>;

export const LOCKS = {
  startup: 280028,
  mcpSessionsOfAddress: 280029,
  viewingsOfListing: 280030,
  reviewOfOrganization: 280031,
  priceListsOfProject: 280032,
  mediaOfOwner: 280033,
  webhookEndpointsOfOrganization: 280034,
  listingsOfOrganization: 280035,
  batchesOfOrganization: 280036,
  routingRulesOfOrganization: 280037,
  leadsOfOrganization: 280038,
  quotaEventOfKey: 280039,
  ownersOfOrganization: 280040,
  journeysOfOrganization: 280041,
  serviceOrdersOfOrganization: 280042,
  agentsOfOrganization: 280043,
  teamsOfOrganization: 280044,
  projectsOfOrganization: 280045,
  unitTypesOfProject: 280046,
  officialSourceFetch: 280047,
} as const;

export type LockKind = keyof typeof LOCKS;

/**
 * Runs `work` only if no other process holds `kind`'s lock for `key`, holding it until `work` ends
 * (on PostgreSQL, in a transaction kept open for it; PGlite's one process needs none): undefined if
 * another holds it. `work` runs on its own connections.
 */
export async function exclusively<T>(
  db: Database,
  kind: LockKind,
  key: string,
  work: () => Promise<T>,
): Promise<T | undefined> {
  if (db.engine !== 'postgres') return work();
  return db.transaction(async (tx) => {
    const [{ held }] = await tx.query<{ held: boolean }>(
      'select pg_try_advisory_xact_lock($1::int, hashtext($2)) as held',
      [LOCKS[kind], key],
    );
    return held ? work() : undefined;
  });
}

/** Takes `kind`'s lock for `key` until the transaction ends. */
export async function lockFor(tx: Queryable, kind: LockKind, key: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2))', [LOCKS[kind], key]);
}

/**
 * Whether one more row fits under a cap, in the transaction that will insert it: takes `kind`'s lock
 * for `key` first, then counts with `countSql` (which selects one integer column `n`).
 */
export async function roomUnderCap(
  tx: Queryable,
  cap: { kind: LockKind; key: string; max: number; countSql: string; params: unknown[] },
): Promise<boolean> {
  await lockFor(tx, cap.kind, cap.key);
  const [{ n }] = await tx.query<{ n: number }>(cap.countSql, cap.params);
  return n < cap.max;
}
