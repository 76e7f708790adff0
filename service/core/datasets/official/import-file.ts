/**
 * Loads one official file into the database in one transaction: every row validated, a file with any
 * invalid row (or no row at all) refused whole (or, asked to skip invalid rows, imported without them
 * and the skipped rows written to a report). A transaction's key is its parsed values and its
 * occurrence in the file (rows.ts rowKeyOf), so importing the same file again adds nothing, a newer
 * download adds only its new rows, and two identical lines (two flats that sold alike) stay two sales.
 * An address's key is its postal code: a newer answer moves it.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { Database } from '../../../db/database.js';
import { newTimeOrderedId } from '../../../db/ids.js';
import type { ImportOrigin, OfficialDataset } from './official-datasets.js';
import { insertAddresses, insertTransactions } from './insert-rows.js';
import { readOfficialFile } from './read-file.js';
import { EMPTY, type OfficialFile, readOfficialText } from './read-text.js';
import { lazyReport, ReportNotWritten } from './skipped-rows-report.js';
import { type Address, type HomeTransaction, type ReadRow, type RowProblem, rowKeyOf } from './rows.js';

export interface DatasetImport {
  id: string;
  dataset: OfficialDataset;
  fileName: string;
  rowsRead: number;
  rowsAdded: number;
  rowsSkipped: number;
  newestMonth: string | null;
  importedAt: string;
}

export interface ImportOptions {
  /** Import the valid rows and write the invalid ones to `reportPath` (default: the file's name + `.invalid.csv`). */
  skipInvalid?: boolean;
  reportPath?: string;
  now?: () => Date;
  /** Told the rows read so far, every few thousand rows. */
  onProgress?: (rowsRead: number) => void;
  /**
   * `sandbox` for the sandbox's generated world, `sample` for generated files a development live values
   * (npm run start:live): each kept apart from official files, and never attributed to their publishers.
   */
  origin?: ImportOrigin;
}

export type { ImportOrigin };

export type ImportOutcome =
  { imported: DatasetImport; reportPath?: string } | { refused: string; problems: RowProblem[]; problemCount: number };

/** The first problems a refusal lists; the count says how many there were in all. */
const PROBLEMS_LISTED = 50;
const BATCH = 5_000;
const PROGRESS_EVERY = 5_000;

class Refused extends Error {
  constructor(
    readonly problems: RowProblem[],
    readonly problemCount: number,
    /** Set when no row of the file is valid. */
    readonly all?: 'every row',
  ) {
    super('refused');
  }
}

export async function importOfficialFile(
  db: Database,
  path: string,
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  const file = await readOfficialFile(path);
  if ('problem' in file)
    return { refused: `${basename(path)} was not imported: ${file.problem}.`, problems: [], problemCount: 0 };
  return importRows(db, { path, file, sha256: await digestOf(path) }, options);
}

/** A file held as text (the sandbox's world, made in memory), imported as a file on disk would be. */
export async function importOfficialText(
  db: Pick<Database, 'transaction'>,
  name: string,
  text: string,
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  const file = await readOfficialText(text);
  if ('problem' in file)
    return { refused: `${name} was not imported: ${file.problem}.`, problems: [], problemCount: 0 };
  return importRows(db, { path: name, file, sha256: createHash('sha256').update(text).digest('hex') }, options);
}

async function importRows(
  db: Pick<Database, 'transaction'>,
  { path, file, sha256 }: { path: string; file: OfficialFile; sha256: string },
  options: ImportOptions,
): Promise<ImportOutcome> {
  const origin = options.origin ?? 'official';
  const now = options.now ?? (() => new Date());
  const reportPath = options.reportPath ?? `${path}.invalid.csv`;
  const report = options.skipInvalid ? lazyReport(reportPath) : undefined;
  try {
    const imported = await db.transaction(async (tx) => {
      const id = newTimeOrderedId('imp');
      const importedAt = now();
      await tx.query(
        `insert into dataset_imports (id, dataset, file_name, file_sha256, rows_read, rows_added, rows_skipped, imported_at, origin)
         values ($1, $2, $3, $4, 0, 0, 0, $5, $6)`,
        [id, file.dataset, basename(path), sha256, importedAt, origin],
      );
      const problems: RowProblem[] = [];
      let problemCount = 0;
      let rowsRead = 0;
      let rowsAdded = 0;
      let rowsSkipped = 0;
      let newestMonth: string | null = null;
      const occurrences = new Map<string, number>();
      let batch: { key: string; record: HomeTransaction | Address }[] = [];
      const flush = async () => {
        if (!batch.length) return;
        rowsAdded +=
          file.dataset === 'onemap_addresses'
            ? await insertAddresses(
                tx,
                id,
                batch.map((b) => b.record as Address),
                origin,
              )
            : await insertTransactions(tx, id, file.dataset, batch as { key: string; record: HomeTransaction }[]);
        batch = [];
      };
      for await (const row of file.rows as AsyncIterable<ReadRow<HomeTransaction | Address>>) {
        rowsRead++;
        if (rowsRead % PROGRESS_EVERY === 0) options.onProgress?.(rowsRead);
        if ('problems' in row) {
          rowsSkipped++;
          problemCount += row.problems.length;
          for (const problem of row.problems) {
            if (problems.length < PROBLEMS_LISTED) problems.push(problem);
            report?.write(problem);
          }
          continue;
        }
        let key = '';
        if ('month' in row.record) {
          if (!newestMonth || row.record.month > newestMonth) newestMonth = row.record.month;
          const digest = createHash('sha256').update(rowKeyOf(file.dataset, row.record)).digest('base64url');
          const occurrence = (occurrences.get(digest) ?? 0) + 1;
          occurrences.set(digest, occurrence);
          key = `${origin === 'official' ? '' : `${origin}.`}${digest.slice(0, 32)}.${occurrence}`;
        }
        batch.push({ key, record: row.record });
        if (batch.length === BATCH) await flush();
      }
      if (problemCount && !options.skipInvalid) throw new Refused(problems, problemCount);
      if (rowsRead === 0) throw new Refused([], 0);
      if (rowsSkipped === rowsRead) throw new Refused(problems, problemCount, 'every row');
      await flush();
      options.onProgress?.(rowsRead);
      await tx.query(
        'update dataset_imports set rows_read = $2, rows_added = $3, rows_skipped = $4, newest_month = $5 where id = $1',
        [id, rowsRead, rowsAdded, rowsSkipped, newestMonth],
      );
      return {
        id,
        dataset: file.dataset,
        fileName: basename(path),
        rowsRead,
        rowsAdded,
        rowsSkipped,
        newestMonth,
        importedAt: importedAt.toISOString(),
      };
    });
    return { imported, ...(report?.written() && { reportPath }) };
  } catch (error) {
    if (error instanceof ReportNotWritten)
      return { refused: `${basename(path)} was not imported: ${error.message}.`, problems: [], problemCount: 0 };
    if (!(error instanceof Refused)) throw error;
    if (error.all)
      return {
        refused: `${basename(path)} was not imported: every row of it is invalid (nothing to load${report?.written() ? `; listed in ${reportPath}` : ''}).`,
        problems: error.problems,
        problemCount: error.problemCount,
      };
    if (error.problemCount === 0)
      return {
        refused: `${basename(path)} was not imported: ${EMPTY}.`,
        problems: [],
        problemCount: 0,
      };
    const rows = error.problemCount === 1 ? 'a problem' : `${error.problemCount.toLocaleString('en')} problems`;
    return {
      refused: `${basename(path)} was not imported: it has ${rows} (nothing was loaded; import it with --skip-invalid to load the valid rows).`,
      problems: error.problems,
      problemCount: error.problemCount,
    };
  } finally {
    report?.close();
  }
}

function digestOf(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}
