/**
 * Fetches the official sources on their schedule (core/datasets/fetch/fetch-schedule.ts): every
 * process checks every ten minutes whether a run is due, and the advisory lock lets one of them run
 * it. A run's outcome is in dataset_fetch_runs; this logs one line per dataset.
 */
import type { OfficialFetch } from '../core/datasets/fetch/official-fetch.js';
import type { Worker } from './runner.js';

const CHECK_MS = 10 * 60_000;

export function dataFetcher(fetch: OfficialFetch): Worker {
  return {
    name: 'data fetcher',
    idleMs: CHECK_MS,
    async run() {
      const outcome = await fetch.runIfDue();
      if (outcome && !outcome.busy)
        for (const run of outcome.runs)
          console.log(
            `[data] data.gov.sg ${run.dataset}: ${run.status}${run.rowsAdded ? `, ${run.rowsAdded} new rows to ${run.newestMonth}` : ''}${run.failure ? `: ${run.failure}` : ''}`,
          );
      return 0;
    },
  };
}
