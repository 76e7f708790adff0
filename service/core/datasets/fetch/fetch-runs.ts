/** The latest runs of the service's fetch (dataset_fetch_runs), newest first: the staff's Data page lists them. */
import type { Database } from '../../../db/database.js';
import type { ImportOrigin } from '../official/import-file.js';

export interface FetchRunRow {
  id: string;
  source: string;
  dataset: string;
  status: 'running' | 'imported' | 'unchanged' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  rowsAdded: number | null;
  newestMonth: string | null;
  warning: string | null;
  failure: string | null;
}

export async function recentFetchRuns(
  db: Pick<Database, 'query'>,
  origins: readonly ImportOrigin[],
  limit = 10,
): Promise<FetchRunRow[]> {
  const rows = await db.query<Record<string, unknown>>(
    `select id, source, dataset, status, started_at, finished_at, rows_added, newest_month, warning, failure
       from dataset_fetch_runs where origin = any($1) order by started_at desc, id desc limit $2`,
    [origins, limit],
  );
  const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
  return rows.map((row) => ({
    id: row.id as string,
    source: row.source as string,
    dataset: row.dataset as string,
    status: row.status as FetchRunRow['status'],
    startedAt: iso(row.started_at)!,
    finishedAt: iso(row.finished_at),
    rowsAdded: row.rows_added as number | null,
    newestMonth: row.newest_month as string | null,
    warning: row.warning as string | null,
    failure: row.failure as string | null,
  }));
}
