/**
 * Recognises an official file by its header (CSV) or its shape (JSON) and reads its rows. A file of
 * no known dataset is refused with what was expected.
 */
import { open, readFile } from 'node:fs/promises';
import { csvLines } from './csv.js';
import { readRentalRow, readResaleRow, RENTAL_COLUMNS, RESALE_COLUMNS } from './hdb.js';
import type { OfficialDataset } from './official-datasets.js';
import { ONEMAP_COLUMNS, readOneMapRow } from './onemap.js';
import { type Address, type HomeTransaction, type ReadRow, stringsOf } from './rows.js';
import { readUraRentals, readUraSales } from './ura.js';

export type OfficialFile =
  | { dataset: Exclude<OfficialDataset, 'onemap_addresses'>; rows: AsyncIterable<ReadRow<HomeTransaction>> }
  | { dataset: 'onemap_addresses'; rows: AsyncIterable<ReadRow<Address>> };

const sameColumns = (header: string[], columns: string[]) =>
  header.length === columns.length && columns.every((column) => header.includes(column));

type RowReader<T> = (line: string, row: Record<string, string | undefined>) => ReadRow<T>;

/** A CSV file's records as rows keyed by its header. */
async function* csvRows<T>(path: string, read: RowReader<T>): AsyncGenerator<ReadRow<T>> {
  let header: string[] | undefined;
  for await (const { line, fields } of csvLines(path)) {
    if (!header) {
      header = fields.map((f) => f.trim());
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

export const KNOWN_FILES =
  "HDB resale flat prices or renting out of flats (data.gov.sg CSV), URA's PMI_Resi_Transaction or PMI_Resi_Rental (JSON), or OneMap search results (JSON or CSV)";

export async function readOfficialFile(path: string): Promise<OfficialFile | { problem: string }> {
  const handle = await open(path);
  const start = Buffer.alloc(4096);
  const { bytesRead } = await handle.read(start, 0, start.length, 0);
  await handle.close();
  const head = start
    .subarray(0, bytesRead)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*[{[]/.test(head)) {
    let document: unknown;
    try {
      document = JSON.parse(await readFile(path, 'utf8'));
    } catch (error) {
      return { problem: `it is not valid JSON (${(error as Error).message})` };
    }
    const projects = (document as { Result?: unknown }).Result;
    const first = Array.isArray(projects) ? (projects[0] as Record<string, unknown> | undefined) : undefined;
    if (first && 'transaction' in first) return { dataset: 'ura_sales', rows: each(readUraSales(document)) };
    if (first && 'rental' in first) return { dataset: 'ura_rentals', rows: each(readUraRentals(document)) };
    const results = (document as { results?: unknown }).results;
    if (Array.isArray(results) && results.every((r) => r && typeof r === 'object' && 'POSTAL' in r))
      return {
        dataset: 'onemap_addresses',
        rows: each(results.map((r: Record<string, unknown>, i) => readOneMapRow(`/results/${i}`, stringsOf(r)))),
      };
    return { problem: `its JSON is none of ${KNOWN_FILES}` };
  }
  const header = (head.split(/\r?\n/)[0] ?? '').split(',').map((f) => f.trim().replace(/^"|"$/g, ''));
  const lower = header.map((f) => f.toLowerCase());
  if (
    sameColumns(lower, RESALE_COLUMNS) ||
    sameColumns(
      lower,
      RESALE_COLUMNS.filter((c) => c !== 'remaining_lease'),
    )
  )
    return { dataset: 'hdb_resale', rows: csvRows(path, readResaleRow) };
  if (sameColumns(lower, RENTAL_COLUMNS)) return { dataset: 'hdb_rental', rows: csvRows(path, readRentalRow) };
  if (sameColumns(header, ONEMAP_COLUMNS)) return { dataset: 'onemap_addresses', rows: csvRows(path, readOneMapRow) };
  return { problem: `its first line (${header.join(',').slice(0, 120)}) is the header of none of ${KNOWN_FILES}` };
}
