/**
 * A small world in the official formats (the sandbox's generator: two blocks a street, two years),
 * imported into a database of its own through the one importer, as an operator's files would be; and
 * two condo projects known only from URA's downloaded CSVs (no place: valued within their project).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importOfficialFile } from '../core/datasets/official/import-file.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { monthsBetween } from '../sandbox/official-files/hdb-market.js';
import { writeSandboxFiles } from '../sandbox/official-files/sandbox-files.js';
import { downloadRentalsText, downloadSalesText } from '../sandbox/official-files/ura-download-text.js';

/** Projects as URA's download names them: by name, street and district only. */
export const DOWNLOADED_PROJECTS = [
  { project: 'THE SEAWIND @ MARINE PARADE', street: 'MARINE PARADE ROAD', district: '15', psm: 17_000 },
  { project: 'RESIDENTIAL APARTMENTS', street: 'GEYLANG ROAD', district: '14', psm: 12_500 },
];

async function writeDownloads(folder: string, from: string, to: string): Promise<string[]> {
  const months = monthsBetween(from, to);
  const sales = DOWNLOADED_PROJECTS.flatMap((p, k) =>
    months.flatMap((month, i) =>
      [0, 1].map((unit) => ({
        ...p,
        month,
        sqm: 70 + unit * 30,
        price: p.psm * (70 + unit * 30) * (1 + 0.002 * i + 0.01 * ((i + k + unit) % 3)),
        floors: ['01 to 05', '06 to 10', '11 to 15'][(i + unit) % 3],
      })),
    ),
  );
  const rentals = DOWNLOADED_PROJECTS.flatMap((p) =>
    months.flatMap((month, i) => [
      { ...p, month, bedrooms: 2, sqm: '70 to 80', rent: p.psm * 0.2 + i * 10 },
      { ...p, month, bedrooms: 3, sqm: '100 to 110', rent: p.psm * 0.27 + i * 10 },
    ]),
  );
  const paths = [join(folder, 'ura-download-sales.csv'), join(folder, 'ura-download-rentals.csv')];
  await writeFile(paths[0], downloadSalesText(sales));
  await writeFile(paths[1], downloadRentalsText(rentals));
  return paths;
}

export async function importedWorld(): Promise<Database> {
  const folder = await mkdtemp(join(tmpdir(), 'imported-world-'));
  try {
    const { paths } = await writeSandboxFiles(folder, { from: '2024-11', to: '2026-10', blocksPerStreet: 2 });
    paths.push(...(await writeDownloads(folder, '2024-11', '2026-10')));
    const db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
    for (const path of paths) {
      const outcome = await importOfficialFile(db, path);
      if (!('imported' in outcome)) throw new Error(outcome.refused);
    }
    return db;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
