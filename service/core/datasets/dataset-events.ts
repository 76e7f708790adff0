/**
 * The official data's events (`dataset.updated`, `dataset.stale`): the data are every organization's,
 * so each organization with an enabled endpoint that listens for the event (or for every event) gets
 * it as its own change, under the service's name, in one transaction. A stale dataset is announced
 * once for each time it goes stale.
 */
import type { Database } from '../../db/database.js';
import { recordChange, serviceActor } from '../events/record-change.js';
import { lockFor } from '../../db/locks.js';
import type { DetailOf } from '../events/change-types.js';
import type { DatasetFreshness } from './freshness.js';

type DatasetEvent = 'dataset.updated' | 'dataset.stale';

type Tx = Pick<Database, 'query'>;

async function announce<E extends DatasetEvent>(tx: Tx, type: E, dataset: string, detail: DetailOf<E>) {
  const listening = await tx.query<{ organization_id: string }>(
    `select distinct organization_id from webhook_endpoints
      where enabled and (event_types = '{}' or $1 = any(event_types)) order by organization_id`,
    [type],
  );
  for (const { organization_id } of listening)
    await recordChange(tx, serviceActor(organization_id), type, dataset, detail);
}

export const announceUpdate = (db: Database, dataset: string, rowsAdded: number, newestMonth: string | null) =>
  db.transaction((tx) => announce(tx, 'dataset.updated', dataset, { rowsAdded, newestMonth }));

/** Announces each stale dataset not announced since it went stale: how many were. */
export async function announceStale(db: Database, freshness: DatasetFreshness[]): Promise<number> {
  let announced = 0;
  for (const each of freshness) {
    if (!each.stale || !each.staleSince) continue;
    // Processes check in turn: the second finds it told.
    const told = await db.transaction(async (tx) => {
      await lockFor(tx, 'officialSourceFetch', `stale ${each.dataset}`);
      const [found] = await tx.query(
        `select 1 from audit_log where action = 'dataset.stale' and target = $1 and detail->>'staleSince' = $2 limit 1`,
        [each.dataset, each.staleSince],
      );
      if (!found)
        await announce(tx, 'dataset.stale', each.dataset, {
          staleSince: each.staleSince!,
          newestMonth: each.newestMonth,
          lastImportedAt: each.lastImportedAt,
        });
      return Boolean(found);
    });
    if (!told) announced++;
  }
  return announced;
}
