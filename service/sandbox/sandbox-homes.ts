/**
 * The sandbox's world (official-files/sandbox-text.ts) read in memory by the importer's own readers,
 * for a page (MSW) and a test that values homes without a database: the same rows the service imports
 * on start, made into homes by the same code (imported-homes.ts). Read once a process.
 */
import { readOfficialText } from '../core/datasets/official/read-text.js';
import { homesFromRows, type ImportedHomes } from '../core/datasets/official/imported-homes.js';
import { type Address, type Row, rowOf } from '../core/datasets/official/imported-rows.js';
import { sandboxStartFiles } from './official-files/sandbox-text.js';

let world: Promise<ImportedHomes> | undefined;
export const sandboxWorld = () => (world ??= readWorld());
/** The same world as if its OneMap file were never imported: no block has a place or a postal code. */
export const sandboxWorldWithoutPlaces = () => readWorld({ places: false });

/** The sandbox's homes, as the engine values them. */
export const sandboxHomes = async () => (await sandboxWorld()).homes;

async function readWorld({ places = true } = {}): Promise<ImportedHomes> {
  const rows: Row[] = [];
  const addresses: Address[] = [];
  for (const { name, text } of sandboxStartFiles()) {
    const file = await readOfficialText(text);
    if ('problem' in file) throw new Error(`The sandbox's ${name} cannot be read: ${file.problem}.`);
    for await (const row of file.rows) {
      if ('problems' in row) throw new Error(`The sandbox's ${name} has a bad row: ${JSON.stringify(row.problems[0])}`);
      if (file.dataset === 'onemap_addresses') addresses.push(row.record as Address);
      else rows.push(rowOf(file.dataset, row.record as Parameters<typeof rowOf>[1]));
    }
  }
  return homesFromRows(rows, places ? addresses : [])!;
}

/** What an engine values in the sandbox: its homes, and HDB's files for the HDB model. */
export async function sandboxEngineData() {
  const { homes, hdb, sources } = await sandboxWorld();
  return { homes, hdb, sources };
}
