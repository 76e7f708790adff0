/**
 * One run of one dataset's fetch, as dataset_fetch_runs records it: started (or refused, when another
 * run of the dataset is going: a unique index on the running row, across every process), then
 * finished with its outcome and figures. A run left running by a process that stopped is marked
 * failed once it is older than `takeOverAfterMs`, and the new run takes its place.
 */
import type { Database } from '../../../db/database.js';
import { newTimeOrderedId } from '../../../db/ids.js';
import type { ImportOrigin } from '../official/import-file.js';

export type RunStatus = 'imported' | 'unchanged' | 'failed';

export interface RunFigures {
  sourceUpdatedAt?: string;
  rowsRead?: number;
  rowsAdded?: number;
  newestMonth?: string | null;
  months?: Record<string, number>;
  warning?: string;
  failure?: string;
}

export const STALE_RUN_MS = 3_600_000;

export async function startRun(
  db: Pick<Database, 'query'>,
  run: { source: string; dataset: string; origin: ImportOrigin; now: () => Date; takeOverAfterMs?: number },
) {
  const { source, dataset, origin, now } = run;
  await db.query(
    `update dataset_fetch_runs set status = 'failed', finished_at = $3, failure = 'left running by a process that stopped'
     where dataset = $1 and origin = $2 and status = 'running' and started_at <= $4`,
    [dataset, origin, now(), new Date(now().getTime() - (run.takeOverAfterMs ?? STALE_RUN_MS))],
  );
  const id = newTimeOrderedId('run');
  const started = await db.query(
    `insert into dataset_fetch_runs (id, source, dataset, origin, status, started_at)
     values ($1, $2, $3, $4, 'running', $5)
     on conflict (dataset, origin) where status = 'running' do nothing returning id`,
    [id, source, dataset, origin, now()],
  );
  if (!started.length) return undefined;
  return {
    id,
    finish: (status: RunStatus, figures: RunFigures) =>
      db.query(
        `update dataset_fetch_runs set status = $2, finished_at = $3, source_updated_at = $4, rows_read = $5,
           rows_added = $6, newest_month = $7, months = $8, warning = $9, failure = $10 where id = $1`,
        [
          id,
          status,
          now(),
          figures.sourceUpdatedAt ?? null,
          figures.rowsRead ?? null,
          figures.rowsAdded ?? null,
          figures.newestMonth ?? null,
          figures.months ? JSON.stringify(figures.months) : null,
          figures.warning ?? null,
          figures.failure ?? null,
        ],
      ),
  };
}
