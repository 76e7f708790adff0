/**
 * Recognises an official file by its header (CSV) or its shape (JSON) and reads its rows, from disk
 * (read-file.ts) or from text in memory (the sandbox's world). A file of no known dataset is refused
 * with what was expected. Safe in a page.
 */
import { csvLines, MAX_LINE } from './csv.js';
import { readRentalRow, readResaleRow, RENTAL_COLUMNS, RESALE_COLUMNS } from './hdb.js';
import type { OfficialDataset } from './official-datasets.js';
import { ONEMAP_COLUMNS, readOneMapRow } from './onemap.js';
import { type Address, type HomeTransaction, type ReadRow, stringsOf } from './rows.js';
import { readUraRentals, readUraSales } from './ura.js';
import { readUraRentalRow, readUraSaleRow, URA_RENTALS_COLUMNS, URA_SALES_COLUMNS } from './ura-download.js';

export type OfficialFile =
  | { dataset: Exclude<OfficialDataset, 'onemap_addresses'>; rows: AsyncIterable<ReadRow<HomeTransaction>> }
  | { dataset: 'onemap_addresses'; rows: AsyncIterable<ReadRow<Address>> };

const lower = (column: string) => column.toLowerCase();
const upper = (column: string) => column.toUpperCase();
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const sameColumns = (header: string[], columns: string[]) =>
  header.length === columns.length && columns.every((column) => header.includes(column));

type RowReader<T> = (line: string, row: Record<string, string | undefined>) => ReadRow<T>;

/** A CSV file's records as rows keyed by its header. */
async function* csvRows<T>(
  lines: () => AsyncIterable<string> | Iterable<string>,
  read: RowReader<T>,
  nameOf: (column: string) => string,
): AsyncGenerator<ReadRow<T>> {
  let header: string[] | undefined;
  for await (const { line, fields, tooLong } of csvLines(lines())) {
    if (!header) {
      header = fields.map((f) => nameOf(f.trim()));
      continue;
    }
    if (tooLong) {
      const where = String(line);
      const reason = `is longer than ${MAX_LINE.toLocaleString('en')} characters: no row of these files is`;
      yield { line: where, problems: [{ line: where, column: '', value: '', reason }] };
      continue;
    }
    if (fields.length !== header.length) {
      const where = String(line);
      const reason = `has ${fields.length} fields where the header has ${header.length}`;
      yield { line: where, problems: [{ line: where, column: '', value: fields.join(',').slice(0, 200), reason }] };
      continue;
    }
    yield read(String(line), Object.fromEntries(header.map((column, i) => [column, fields[i]])));
  }
}

async function* each<T>(rows: T[]) {
  yield* rows;
}

/** Said of a file with nothing in it to load, as the importer says of one with no rows. */
export const EMPTY = 'it has no rows, only a header or an empty list (an interrupted download?)';

export const KNOWN_FILES =
  "HDB resale flat prices or renting out of flats (data.gov.sg CSV), URA's PMI_Resi_Transaction or PMI_Resi_Rental (JSON), URA's private residential transactions or rental contracts as its search downloads them (CSV), or OneMap search results (JSON or CSV)";

/** A file to recognise: its first few kilobytes, all of it (for JSON), and its lines (for CSV). */
export interface FileSource {
  head: string;
  whole(): Promise<string>;
  lines(): AsyncIterable<string> | Iterable<string>;
}

export async function readOfficial(source: FileSource): Promise<OfficialFile | { problem: string }> {
  const head = source.head.replace(/^\uFEFF/, '');
  if (!head.trim()) return { problem: EMPTY };
  if (/^\s*[{[]/.test(head)) {
    let document: unknown;
    try {
      document = JSON.parse((await source.whole()).replace(/^\uFEFF/, ''));
    } catch (error) {
      return { problem: `it is not valid JSON (${(error as Error).message})` };
    }
    // Recognised by any of its entries, so that a bad first entry is a row problem, not an unknown file.
    const listOf = (key: string) => {
      const list = isObject(document) ? document[key] : undefined;
      return Array.isArray(list) ? list.filter(isObject) : [];
    };
    // An answer whose list is there but empty is an empty download, whichever dataset it was.
    const emptyList = (key: string) => isObject(document) && Array.isArray(document[key]) && !document[key].length;
    if (emptyList('Result') || emptyList('results')) return { problem: EMPTY };
    const projects = listOf('Result');
    if (projects.some((p) => 'transaction' in p)) return { dataset: 'ura_sales', rows: each(readUraSales(document)) };
    if (projects.some((p) => 'rental' in p)) return { dataset: 'ura_rentals', rows: each(readUraRentals(document)) };
    if (listOf('results').some((r) => 'POSTAL' in r)) {
      const results = (document as { results: unknown[] }).results;
      return {
        dataset: 'onemap_addresses',
        rows: each(
          results.map((r, i) =>
            isObject(r)
              ? readOneMapRow(`/results/${i}`, stringsOf(r))
              : {
                  line: `/results/${i}`,
                  problems: [{ line: `/results/${i}`, column: 'results', value: '', reason: 'is not an address' }],
                },
          ),
        ),
      };
    }
    return { problem: `its JSON is none of ${KNOWN_FILES}` };
  }
  const header = (head.split(/\r?\n/)[0] ?? '').split(',').map((f) => f.trim().replace(/^"|"$/g, ''));
  const lowered = header.map(lower);
  const before2015 = RESALE_COLUMNS.filter((c) => c !== 'remaining_lease');
  if (sameColumns(lowered, RESALE_COLUMNS) || sameColumns(lowered, before2015))
    return { dataset: 'hdb_resale', rows: csvRows(source.lines, readResaleRow, lower) };
  if (sameColumns(lowered, RENTAL_COLUMNS))
    return { dataset: 'hdb_rental', rows: csvRows(source.lines, readRentalRow, lower) };
  const asUra = (column: string) => column.replace(/\s+/g, ' ');
  if (sameColumns(header.map(asUra), URA_SALES_COLUMNS))
    return { dataset: 'ura_sales', rows: csvRows(source.lines, readUraSaleRow, asUra) };
  if (sameColumns(header.map(asUra), URA_RENTALS_COLUMNS))
    return { dataset: 'ura_rentals', rows: csvRows(source.lines, readUraRentalRow, asUra) };
  if (sameColumns(header.map(upper), ONEMAP_COLUMNS))
    return { dataset: 'onemap_addresses', rows: csvRows(source.lines, readOneMapRow, upper) };
  return { problem: `its first line (${header.join(',').slice(0, 120)}) is the header of none of ${KNOWN_FILES}` };
}

/** An official file held as text (the sandbox's world, made in memory). */
export const readOfficialText = (text: string) =>
  readOfficial({ head: text.slice(0, 4096), whole: async () => text, lines: () => text.split(/\r?\n/) });
