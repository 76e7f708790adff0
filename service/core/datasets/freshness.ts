/**
 * How current each official dataset is in an environment (the contract's DatasetFreshness): the
 * newest month held, the last import (a fetch's or an operator's), the service's last fetch and next,
 * and since when the data are stale (fetch-schedule.ts). Read by GET /v1/dataset-imports, /readyz,
 * the staff's Data page and the stale-data event.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { staleSince } from './fetch/fetch-schedule.js';
import type { ImportOrigin } from './official/import-file.js';

export type DatasetFreshness = components['schemas']['DatasetFreshness'];
type Dataset = DatasetFreshness['dataset'];

/** Addresses do not age as prices do: a block placed stays placed. */
const AGES: Record<Dataset, boolean> = {
  hdb_resale: true,
  hdb_rental: true,
  ura_sales: true,
  ura_rentals: true,
  onemap_addresses: false,
};

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

export function createFreshness(
  db: Pick<Database, 'query'>,
  origins: readonly ImportOrigin[],
  options: { now: () => Date; fetch?: { origin: ImportOrigin; nextByDataset(): Promise<Map<string, Date>> } },
) {
  return {
    async list(): Promise<DatasetFreshness[]> {
      const imports = await db.query<{ dataset: Dataset; newest_month: string | null; last_imported_at: Date }>(
        `select dataset, max(newest_month) as newest_month, max(imported_at) as last_imported_at
           from dataset_imports where origin = any($1) group by dataset order by dataset`,
        [origins],
      );
      const runs = await db.query<{
        dataset: Dataset;
        status: 'running' | 'imported' | 'unchanged' | 'failed';
        started_at: Date;
        finished_at: Date | null;
        rows_added: number | null;
        failure: string | null;
        last_success: Date | null;
      }>(
        `select distinct on (dataset) dataset, status, started_at, finished_at, rows_added, failure,
                (select max(finished_at) from dataset_fetch_runs s where s.dataset = r.dataset and s.origin = r.origin
                   and s.status in ('imported', 'unchanged')) as last_success
           from dataset_fetch_runs r where origin = any($1) order by dataset, started_at desc`,
        [origins],
      );
      const fetched = options.fetch && origins.includes(options.fetch.origin) ? options.fetch : undefined;
      // /readyz asks on every probe: each source's last round is read once, not once per dataset.
      const nextFetchAt = fetched ? await fetched.nextByDataset() : new Map<string, Date>();
      const now = options.now();
      return imports.map((row) => {
        const run = runs.find((each) => each.dataset === row.dataset);
        const checks = [row.last_imported_at, run?.last_success].filter(Boolean).map((at) => new Date(at!).getTime());
        const since = AGES[row.dataset] ? staleSince(new Date(Math.max(...checks)), now) : undefined;
        return {
          object: 'dataset_freshness' as const,
          dataset: row.dataset,
          newestMonth: row.newest_month,
          lastImportedAt: iso(row.last_imported_at),
          lastFetch: run
            ? {
                status: run.status,
                startedAt: iso(run.started_at)!,
                finishedAt: iso(run.finished_at),
                rowsAdded: run.rows_added,
                failure: run.failure,
              }
            : null,
          nextFetchAt: iso(nextFetchAt.get(row.dataset)),
          stale: Boolean(since),
          staleSince: iso(since),
        };
      });
    },
  };
}

export type Freshness = ReturnType<typeof createFreshness>;
