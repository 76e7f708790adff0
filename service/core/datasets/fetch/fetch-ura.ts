/**
 * One fetch of URA's private sales and rental contracts: every answer of the run is archived as it
 * comes, and only once all came are they imported, each as one file through the importer (rows already
 * held are skipped, so a re-run adds what is new and removes nothing: a transaction that left URA's
 * five-year window stays). A run that fails while fetching, or gets an answer not in URA's shape,
 * imports nothing; what URA answered stays in the archive.
 */
import type { Database } from '../../../db/database.js';
import { importOfficialText, type ImportOrigin } from '../official/import-file.js';
import { readOfficialText } from '../official/read-text.js';
import { archiveAnswer } from './archive.js';
import type { FetchRun } from './fetch-hdb.js';
import { startRun } from './fetch-run-record.js';
import { failureOf, SourceFault } from './source-fault.js';
import type { UraAnswer, UraDataService } from './ura-data-service.js';

export const URA_DATASETS = ['ura_sales', 'ura_rentals'] as const;
export type UraDataset = (typeof URA_DATASETS)[number];
export type UraRun = Omit<FetchRun, 'dataset'> & { dataset: UraDataset };

export async function fetchUra(
  db: Database,
  ura: UraDataService,
  options: { origin?: ImportOrigin; now?: () => Date; takeOverAfterMs?: number } = {},
): Promise<UraRun[]> {
  const origin = options.origin ?? 'official';
  const now = options.now ?? (() => new Date());
  const runs: UraRun[] = [];
  for (const dataset of URA_DATASETS) {
    const run = await startRun(db, { source: 'URA', dataset, origin, now, takeOverAfterMs: options.takeOverAfterMs });
    if (!run) {
      runs.push({ dataset, status: 'busy' });
      continue;
    }
    try {
      const answers: UraAnswer[] = [];
      for (const call of dataset === 'ura_sales' ? ura.sales() : ura.rentals()) {
        const answer = await call();
        await archiveAnswer(db, { source: 'URA', request: answer.request, text: answer.text, fetchedAt: now() });
        // A quarter with no contracts yet answers an empty list: archived, with nothing to import.
        if (!/"Result"\s*:\s*\[\s*\]/.test(answer.text)) answers.push(answer);
      }
      // An answer not in URA's shape (a changed format) refuses the run before any answer is imported.
      for (const answer of answers) {
        const read = await readOfficialText(answer.text);
        if ('problem' in read || read.dataset !== dataset)
          throw new SourceFault(
            `URA's answer to ${answer.request} is not ${dataset === 'ura_sales' ? 'PMI_Resi_Transaction' : 'PMI_Resi_Rental'}'s shape${'problem' in read ? ` (${read.problem})` : ''}`,
            'nothing of this run was imported; the answers are archived: teach the importer the new shape',
          );
      }
      let rowsRead = 0;
      let rowsAdded = 0;
      let newestMonth: string | null = null;
      const day = now().toISOString().slice(0, 10);
      for (const answer of answers) {
        const part = answer.request.replace(/^service=\w+&/, '').replace(/[^\w]+/g, '-');
        const outcome = await importOfficialText(db, `${dataset}-${part}-${day}.json`, answer.text, { origin, now });
        if ('refused' in outcome)
          throw new SourceFault(
            outcome.refused.replace(/\.$/, ''),
            'the previous data keep serving; the answer is archived',
          );
        rowsRead += outcome.imported.rowsRead;
        rowsAdded += outcome.imported.rowsAdded;
        if (outcome.imported.newestMonth && (!newestMonth || outcome.imported.newestMonth > newestMonth))
          newestMonth = outcome.imported.newestMonth;
      }
      await run.finish('imported', { rowsRead, rowsAdded, newestMonth });
      runs.push({ dataset, status: 'imported', rowsAdded, newestMonth });
    } catch (error) {
      const failure = failureOf(error);
      await run.finish('failed', { failure });
      runs.push({ dataset, status: 'failed', failure });
    }
  }
  return runs;
}
