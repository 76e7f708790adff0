/**
 * The service's own fetch of the official sources, for a deployment configured for it: the runs its
 * schedule starts (workers/data-fetcher.ts), a member of staff's "fetch now" and `npm run data:fetch`
 * all go through `run`, which only one process of a cluster does at a time (an advisory lock), and the
 * process that imported loads the new data at once (the others within a minute) and announces the new
 * rows (`dataset.updated`).
 */
import type { Database } from '../../../db/database.js';
import { exclusively } from '../../../db/locks.js';
import type { ImportOrigin } from '../official/import-file.js';
import { dataGovSg, type DataGovSgOptions, HDB_DATASETS } from './data-gov-sg.js';
import { fetchHdb, type FetchRun } from './fetch-hdb.js';
import { type LastRun, nextFetchAt } from './fetch-schedule.js';
import { announceUpdate } from '../dataset-events.js';

export interface FetchSettings {
  /** data.gov.sg's hosts (the real ones by default; a local stand-in for development and tests) and key. */
  dataGovSg: DataGovSgOptions;
  /** What the fetched files are: `official`, or `sample` for a stand-in's generated figures. */
  origin: ImportOrigin;
}

export type FetchOutcome = { busy: true } | { busy: false; runs: FetchRun[] };

export function createOfficialFetch(
  db: Database,
  settings: FetchSettings,
  options: { now: () => Date; onImported: () => Promise<unknown> },
) {
  const source = dataGovSg(settings.dataGovSg);
  const datasets = Object.keys(HDB_DATASETS).length;

  /** The last round of runs (one per dataset): when it started, and failed if any of them did. */
  async function lastRound(): Promise<LastRun | undefined> {
    const rows = await db.query<{ started_at: Date; status: LastRun['status'] }>(
      `select started_at, status from dataset_fetch_runs where source = 'data.gov.sg' and origin = $1
         and status <> 'running' order by started_at desc limit $2`,
      [settings.origin, datasets],
    );
    if (!rows.length) return undefined;
    return {
      startedAt: new Date(Math.min(...rows.map((row) => new Date(row.started_at).getTime()))),
      status: rows.some((row) => row.status === 'failed') ? 'failed' : rows[0]!.status,
    };
  }

  let running = false;
  async function run({ force = false } = {}): Promise<FetchOutcome> {
    if (running) return { busy: true };
    running = true;
    // Under the lock no other process is fetching: a run left `running` is a killed process's, taken over at once.
    const runs = await exclusively(db, 'officialSourceFetch', 'data.gov.sg', () =>
      fetchHdb(db, source, { origin: settings.origin, force, now: options.now, takeOverAfterMs: 0 }),
    ).finally(() => (running = false));
    if (!runs) return { busy: true };
    const added = runs.filter((each) => each.status === 'imported' && (each.rowsAdded ?? 0) > 0);
    if (added.length) await options.onImported();
    for (const each of added) await announceUpdate(db, each.dataset, each.rowsAdded!, each.newestMonth ?? null);
    return { busy: false, runs };
  }

  return {
    origin: settings.origin,
    /** When the schedule runs next. */
    nextAt: async () => nextFetchAt(await lastRound(), options.now()),
    run,
    /** Runs if the schedule says it is due; undefined if not. */
    async runIfDue(): Promise<FetchOutcome | undefined> {
      if (options.now() < nextFetchAt(await lastRound(), options.now())) return undefined;
      return run();
    },
  };
}

export type OfficialFetch = ReturnType<typeof createOfficialFetch>;
