/**
 * The service's own fetch of the official sources, for a deployment configured for it: data.gov.sg
 * (HDB's datasets, no key needed), then OneMap for the blocks they name that are not placed yet (with
 * ONEMAP_EMAIL and ONEMAP_PASSWORD), and URA (with URA_ACCESS_KEY). The runs its schedule starts
 * (workers/data-fetcher.ts), a member of staff's "fetch now" and `npm run data:fetch` all go through
 * `run`, which only one process of a cluster does for a source at a time (an advisory lock); the
 * process that imported loads the new data at once (the others within a minute) and announces the new
 * rows (`dataset.updated`).
 */
import type { Database } from '../../../db/database.js';
import { exclusively } from '../../../db/locks.js';
import type { ImportOrigin } from '../official/import-file.js';
import { announceUpdate } from '../dataset-events.js';
import { dataGovSg, type DataGovSgOptions, HDB_DATASETS } from './data-gov-sg.js';
import { fetchHdb } from './fetch-hdb.js';
import { type LastRun, nextFetchAt, nextWeeklyFetchAt } from './fetch-schedule.js';
import { fetchUra, URA_DATASETS } from './fetch-ura.js';
import { uraDataService, type UraOptions } from './ura-data-service.js';
import type { SourceRun } from './official-fetch-types.js';
import { oneMapSearch, type OneMapOptions } from './onemap-search.js';
import { placeBlocks } from './place-blocks.js';

export type { SourceRun } from './official-fetch-types.js';

export interface FetchSettings {
  /** data.gov.sg's hosts (the real ones by default; a local stand-in for development and tests) and key. */
  dataGovSg: DataGovSgOptions;
  /** URA's Data Service: its access key (and host); without it URA is not fetched. */
  ura?: UraOptions;
  /** OneMap: the account (and host) that places new HDB blocks after each HDB import; without it, none is placed. */
  oneMap?: OneMapOptions;
  /** What the fetched files are: `official`, or `sample` for a stand-in's generated figures. */
  origin: ImportOrigin;
}

export type FetchOutcome = { busy: true } | { busy: false; runs: SourceRun[] };

interface Source {
  name: 'data.gov.sg' | 'URA';
  datasets: readonly string[];
  /** When it is due after its last round. */
  due: (last: LastRun | undefined, now: Date) => Date;
  fetch: (force: boolean) => Promise<SourceRun[]>;
}

export function createOfficialFetch(
  db: Database,
  settings: FetchSettings,
  options: { now: () => Date; onImported: () => Promise<unknown> },
) {
  const { origin } = settings;
  const common = { origin, now: options.now, takeOverAfterMs: 0 };
  const hdb = dataGovSg(settings.dataGovSg);
  // OneMap follows HDB: it places the blocks HDB's rows name that no address places yet, then waits for the next run.
  const oneMap = settings.oneMap && oneMapSearch({ now: options.now, ...settings.oneMap });
  const placeNewBlocks = async (): Promise<SourceRun[]> =>
    oneMap
      ? ((await exclusively(db, 'officialSourceFetch', 'OneMap', () => placeBlocks(db, oneMap, common))) ?? [
          { dataset: 'onemap_addresses', status: 'busy' },
        ])
      : [];
  const sources: Source[] = [
    {
      name: 'data.gov.sg',
      datasets: Object.keys(HDB_DATASETS),
      due: nextFetchAt,
      fetch: async (force) => [...(await fetchHdb(db, hdb, { ...common, force })), ...(await placeNewBlocks())],
    },
  ];
  if (settings.ura) {
    const ura = uraDataService({ now: options.now, ...settings.ura });
    sources.push({
      name: 'URA',
      datasets: URA_DATASETS,
      due: nextWeeklyFetchAt,
      fetch: () => fetchUra(db, ura, common),
    });
  }

  /** A source's last round of runs (one per dataset): when it started, and failed if any of them did. */
  async function lastRound(source: Source): Promise<LastRun | undefined> {
    const rows = await db.query<{ started_at: Date; status: LastRun['status'] }>(
      `select started_at, status from dataset_fetch_runs where source = $1 and origin = $2
         and status <> 'running' order by started_at desc limit $3`,
      [source.name, origin, source.datasets.length],
    );
    if (!rows.length) return undefined;
    return {
      startedAt: new Date(Math.min(...rows.map((row) => new Date(row.started_at).getTime()))),
      status: rows.some((row) => row.status === 'failed') ? 'failed' : rows[0]!.status,
    };
  }
  const dueAt = async (source: Source) => source.due(await lastRound(source), options.now());

  let running = false;
  async function runSources(chosen: Source[], force: boolean): Promise<FetchOutcome> {
    if (running) return { busy: true };
    running = true;
    const runs: SourceRun[] = [];
    let busy = 0;
    try {
      for (const source of chosen) {
        // Under the lock no other process is fetching it: a run left `running` is a killed process's, taken over at once.
        const done = await exclusively(db, 'officialSourceFetch', source.name, () => source.fetch(force));
        if (done) runs.push(...done);
        else {
          busy++;
          runs.push(...source.datasets.map((dataset) => ({ dataset, status: 'busy' as const })));
        }
      }
    } finally {
      running = false;
    }
    if (busy === chosen.length) return { busy: true };
    const added = runs.filter((each) => each.status === 'imported' && (each.rowsAdded ?? 0) > 0);
    if (added.length) await options.onImported();
    for (const each of added) await announceUpdate(db, each.dataset, each.rowsAdded!, each.newestMonth ?? null);
    return { busy: false, runs };
  }

  return {
    origin,
    /** The sources fetched, by name. */
    sources: [...sources.map((source) => source.name), ...(oneMap ? ['OneMap'] : [])],
    /** When the schedule next fetches `dataset` (any source's, without one); null if no source fetches it. */
    /** When the schedule next fetches each dataset a source fetches: one read of each source's last round. */
    async nextByDataset(): Promise<Map<string, Date>> {
      const next = new Map<string, Date>();
      for (const source of sources) {
        const at = await dueAt(source);
        for (const dataset of source.datasets) next.set(dataset, at);
      }
      return next;
    },
    async nextAt(dataset?: string): Promise<Date | null> {
      const chosen = sources.filter((source) => !dataset || source.datasets.includes(dataset));
      if (!chosen.length) return null;
      const times = await Promise.all(chosen.map(dueAt));
      return new Date(Math.min(...times.map((time) => time.getTime())));
    },
    /** Fetches every source now (`force`: data.gov.sg downloads even what did not change). */
    run: ({ force = false } = {}) => runSources(sources, force),
    /** Fetches the sources the schedule says are due; undefined if none is. */
    async runIfDue(): Promise<FetchOutcome | undefined> {
      const now = options.now();
      const due = [];
      for (const source of sources) if ((await dueAt(source)) <= now) due.push(source);
      return due.length ? runSources(due, false) : undefined;
    },
  };
}

export type OfficialFetch = ReturnType<typeof createOfficialFetch>;
