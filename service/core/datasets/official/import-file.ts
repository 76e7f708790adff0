/**
 * Loads one official file into the database in one transaction: every row validated, a file with any
 * invalid row (or no row at all) refused whole (or, asked to skip invalid rows, imported without them
 * and the skipped rows written to a report). A transaction's key is its parsed values and its
 * occurrence in the file (rows.ts rowKeyOf), so importing the same file again adds nothing, a newer
 * download adds only its new rows, and two identical lines (two flats that sold alike) stay two sales.
 * An address's key is its postal code: a newer answer moves it.
 */
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { basename } from 'node:path';
import type { Database } from '../../../db/database.js';
import { newTimeOrderedId } from '../../../db/ids.js';
import type { OfficialDataset } from './official-datasets.js';
import { EMPTY, readOfficialFile } from './read-file.js';
import { type Address, type HomeTransaction, type ReadRow, type RowProblem, rowKeyOf } from './rows.js';

type Queryable = Pick<Database, 'query'>;

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
}

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
  const sha256 = await digestOf(path);
  const now = options.now ?? (() => new Date());
  const reportPath = options.reportPath ?? `${path}.invalid.csv`;
  const report = options.skipInvalid ? lazyReport(reportPath) : undefined;
  try {
    const imported = await db.transaction(async (tx) => {
      const id = newTimeOrderedId('imp');
      const importedAt = now();
      await tx.query(
        `insert into dataset_imports (id, dataset, file_name, file_sha256, rows_read, rows_added, rows_skipped, imported_at)
         values ($1, $2, $3, $4, 0, 0, 0, $5)`,
        [id, file.dataset, basename(path), sha256, importedAt],
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
          key = `${digest.slice(0, 32)}.${occurrence}`;
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

class ReportNotWritten extends Error {}

/**
 * The skipped rows' report, opened at the first one (a clean file leaves none). A report that cannot
 * be written stops the import: the rows it would list must not vanish.
 */
function lazyReport(path: string) {
  let fd: number | undefined;
  let lines = 0;
  return {
    write(problem: RowProblem) {
      try {
        if (fd === undefined) {
          fd = openSync(path, 'w');
          writeSync(fd, 'line,column,value,reason\n');
        }
        writeSync(fd, `${[problem.line, problem.column, problem.value, problem.reason].map(csvField).join(',')}\n`);
        lines++;
      } catch (error) {
        const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        throw new ReportNotWritten(`its report ${path} cannot be written (${reason})`);
      }
    },
    written: () => lines > 0,
    close() {
      if (fd !== undefined) closeSync(fd);
    },
  };
}

/** Each column with its type: a batch goes in as one array a column (`unnest`), not a parameter a value. */
const TRANSACTION_COLUMNS: [string, string, (r: HomeTransaction) => unknown][] = [
  ['mode', 'text', (r) => r.mode],
  ['property_type', 'text', (r) => r.propertyType],
  ['month', 'text', (r) => r.month],
  ['town', 'text', (r) => r.town],
  ['block', 'text', (r) => r.block],
  ['street', 'text', (r) => r.street],
  ['project', 'text', (r) => r.project],
  ['home_kind', 'text', (r) => r.homeKind],
  ['storey_low', 'int', (r) => r.storeyLow],
  ['storey_high', 'int', (r) => r.storeyHigh],
  ['floor_area_sqm', 'float8', (r) => r.floorAreaSqm],
  ['flat_model', 'text', (r) => r.flatModel],
  ['lease_commence_year', 'int', (r) => r.leaseCommenceYear],
  ['tenure', 'text', (r) => r.tenure],
  ['district', 'text', (r) => r.district],
  ['lat', 'float8', (r) => r.lat],
  ['lng', 'float8', (r) => r.lng],
  ['price', 'float8', (r) => r.price],
  ['units', 'int', (r) => r.units],
];
const INSERT_TRANSACTIONS = `insert into home_transactions (row_key, dataset, import_id, ${TRANSACTION_COLUMNS.map(([c]) => c).join(', ')})
  select k, $1, $2, ${TRANSACTION_COLUMNS.map(([c]) => c).join(', ')}
    from unnest($3::text[], ${TRANSACTION_COLUMNS.map(([, type], i) => `$${i + 4}::${type}[]`).join(', ')})
      as t(k, ${TRANSACTION_COLUMNS.map(([c]) => c).join(', ')})
  on conflict (row_key) do nothing returning 1`;

async function insertTransactions(
  tx: Queryable,
  importId: string,
  dataset: OfficialDataset,
  rows: { key: string; record: HomeTransaction }[],
) {
  const columns = TRANSACTION_COLUMNS.map(([, , value]) => rows.map((row) => value(row.record)));
  const added = await tx.query(INSERT_TRANSACTIONS, [dataset, importId, rows.map((row) => row.key), ...columns]);
  return added.length;
}

/** Addresses by postal code: a newer answer replaces an older one's place (only real changes count as added). */
async function insertAddresses(tx: Queryable, importId: string, batch: Address[]) {
  const rows = [...new Map(batch.map((a) => [a.postal, a])).values()];
  const column = (key: keyof Address) => rows.map((a) => a[key]);
  const added = await tx.query(
    `insert into addresses (postal, block, street, building, lat, lng, import_id)
     select postal, block, street, building, lat, lng, $7
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[])
         as t(postal, block, street, building, lat, lng)
     on conflict (postal) do update
       set block = excluded.block, street = excluded.street, building = excluded.building,
           lat = excluded.lat, lng = excluded.lng, import_id = excluded.import_id
       where (addresses.block, addresses.street, addresses.building, addresses.lat, addresses.lng)
             is distinct from (excluded.block, excluded.street, excluded.building, excluded.lat, excluded.lng)
     returning 1`,
    [column('postal'), column('block'), column('street'), column('building'), column('lat'), column('lng'), importId],
  );
  return added.length;
}

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
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
