/**
 * One fetch of HDB's datasets from data.gov.sg, through the importer every file goes through: read
 * each dataset's metadata, download it only when it changed (or when asked), import it in one
 * transaction (rows already held are skipped, so the months that fill in after publication add their
 * new rows), and record the run. A run never removes a row: a month with fewer rows than the last run
 * is a warning. A failed run changes nothing but its record. One run of a dataset at a time, across
 * every process (a unique index on the running row); one left running by a killed process is taken
 * over after an hour, or at once by a caller that holds the fetch's lock (official-fetch.ts), which
 * knows no other process is running it.
 */
import type { Database } from '../../../db/database.js';
import { importOfficialText, type ImportOrigin } from '../official/import-file.js';
import { splitCsvLine } from '../official/csv.js';
import { type DataGovSg, HDB_DATASETS } from './data-gov-sg.js';
import { failureOf, SourceFault } from './source-fault.js';
import { startRun } from './fetch-run-record.js';

export type HdbDataset = keyof typeof HDB_DATASETS;
export interface FetchRun {
  dataset: HdbDataset;
  status: 'imported' | 'unchanged' | 'failed' | 'busy';
  rowsAdded?: number;
  newestMonth?: string | null;
  warning?: string;
  failure?: string;
}

/** The months a run compares with the last one: the latest fill in after publication. */
const RECENT_MONTHS = 3;

/** Rows per month of a CSV whose first column is its month (HDB's `month`, `rent_approval_date`). */
function monthsOf(text: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of text.split(/\r?\n/).slice(1)) {
    const month = splitCsvLine(line)[0]?.slice(0, 7);
    if (month && /^\d{4}-\d{2}$/.test(month)) counts[month] = (counts[month] ?? 0) + 1;
  }
  return counts;
}

export async function fetchHdb(
  db: Database,
  source: DataGovSg,
  options: {
    origin?: ImportOrigin;
    force?: boolean;
    now?: () => Date;
    datasets?: HdbDataset[];
    /** How old a run left running must be to be taken over (an hour; 0 under the fetch's lock). */
    takeOverAfterMs?: number;
  } = {},
): Promise<FetchRun[]> {
  const origin = options.origin ?? 'official';
  const now = options.now ?? (() => new Date());
  const runs: FetchRun[] = [];
  for (const dataset of options.datasets ?? (Object.keys(HDB_DATASETS) as HdbDataset[])) {
    const run = await startRun(db, {
      source: 'data.gov.sg',
      dataset,
      origin,
      now,
      takeOverAfterMs: options.takeOverAfterMs,
    });
    if (!run) {
      runs.push({ dataset, status: 'busy' });
      continue;
    }
    const { finish } = run;
    try {
      const metadata = await source.metadata(HDB_DATASETS[dataset]);
      const [last] = await db.query<{ source_updated_at: string; months: Record<string, number> | null }>(
        `select source_updated_at, months from dataset_fetch_runs where dataset = $1 and origin = $2 and status = 'imported'
         order by started_at desc limit 1`,
        [dataset, origin],
      );
      if (!options.force && last?.source_updated_at === metadata.lastUpdatedAt) {
        await finish('unchanged', { sourceUpdatedAt: metadata.lastUpdatedAt });
        runs.push({ dataset, status: 'unchanged' });
        continue;
      }
      const text = await source.download(HDB_DATASETS[dataset]);
      const months = monthsOf(text);
      const recent = Object.keys(months).sort().slice(-RECENT_MONTHS);
      const fewer = Object.entries(last?.months ?? {})
        .filter(([month, count]) => (months[month] ?? 0) < count)
        .map(([month]) => month);
      const warning = fewer.length
        ? `fewer rows than the last run for ${fewer.join(', ')}: none was removed; the source may have corrected them`
        : undefined;
      const name = `${dataset}-${metadata.lastUpdatedAt.slice(0, 10)}.csv`;
      const outcome = await importOfficialText(db, name, text, { origin, now });
      if ('refused' in outcome)
        throw new SourceFault(outcome.refused.replace(/\.$/, ''), 'the previous data keep serving');
      const { rowsRead, rowsAdded, newestMonth } = outcome.imported;
      await finish('imported', {
        sourceUpdatedAt: metadata.lastUpdatedAt,
        rowsRead,
        rowsAdded,
        newestMonth,
        months: Object.fromEntries(recent.map((month) => [month, months[month]])),
        warning,
      });
      runs.push({ dataset, status: 'imported', rowsAdded, newestMonth, warning });
    } catch (error) {
      const failure = failureOf(error);
      await finish('failed', { failure });
      runs.push({ dataset, status: 'failed', failure });
    }
  }
  return runs;
}
