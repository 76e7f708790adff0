/**
 * `npm run backtest -- [--months N] [--sandbox]`: how close the HDB estimate comes to real prices on
 * the data loaded (the database `npm start` uses: DATABASE_URL's server, or PGlite in SANDBOX_DATA_DIR).
 * Each sale of the last N months (6 by default) is valued with only the sales before its month.
 * --sandbox writes the sandbox's HDB market in HDB's own file format (and its private market in URA's),
 * loads them through the importer into a database in memory, and measures on that. The private market's
 * sales (URA's, condos and landed homes) are valued from their comparables, as the engine does. Rents
 * are measured alike: HDB's declared rents (those the outlier rule keeps) and URA's rental contracts,
 * each valued from the rents before its month.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Accuracy, backtest } from './core/estimates/backtest.js';
import { privateBacktest } from './core/estimates/private-backtest.js';
import { hdbRentBacktest, privateRentBacktest } from './core/estimates/rent-backtest.js';
import { loadImportedHomes } from './core/datasets/official/imported-homes.js';
import { coverageOf, coverageTable } from './core/estimates/coverage.js';
import { createEstimateEngine } from './core/estimates/engine.js';
import { importOfficialFile } from './core/datasets/official/import-file.js';
import { loadHdbSales } from './core/datasets/official/hdb-sales.js';
import { type Database, openDatabase } from './db/database.js';
import { openCommandDatabase } from './db/command-database.js';
import { migrate } from './db/migrate.js';
import { writeHdbFiles } from './sandbox/official-files/hdb-files.js';
import { writeUraFiles } from './sandbox/official-files/ura-files.js';
import { writeOneMapFile } from './sandbox/official-files/onemap-file.js';
import { hdbMarket } from './sandbox/official-files/hdb-market.js';
import { condos } from './sandbox/fixtures/places.js';

const usage = 'Usage: npm run backtest -- [--months N] [--sandbox]';
const { values } = (() => {
  try {
    return parseArgs({
      options: { months: { type: 'string', default: '6' }, sandbox: { type: 'boolean' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
})();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const months = Number(values.months);
if (!Number.isInteger(months) || months < 1 || months > 60) {
  console.error('--months must be a whole number from 1 to 60.');
  process.exit(2);
}

async function sandboxDatabase(): Promise<Database> {
  const dir = mkdtempSync(join(tmpdir(), 'backtest-'));
  try {
    const resalePath = join(dir, 'ResaleFlatPrices.csv');
    const rentalPath = join(dir, 'RentingOutOfFlats.csv');
    const written = await writeHdbFiles({ from: '2019-01', to: '2026-10', resalePath, rentalPath });
    const db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
    const uraPaths = {
      transactionsPath: join(dir, 'PMI_Resi_Transaction.json'),
      rentalsPath: join(dir, 'PMI_Resi_Rental.json'),
    };
    const ura = await writeUraFiles({ from: '2021-11', to: '2026-10', ...uraPaths });
    // OneMap's places of the blocks, so that a block with few sales or rents of its own is valued with its neighbours'.
    const oneMapPath = join(dir, 'OneMapAddresses.json');
    await writeOneMapFile(oneMapPath, hdbMarket({ seed: 20261126, blocksPerStreet: 40 }).blocks, condos);
    for (const path of [resalePath, rentalPath, uraPaths.transactionsPath, uraPaths.rentalsPath, oneMapPath]) {
      const outcome = await importOfficialFile(db, path);
      if ('refused' in outcome) throw new Error(outcome.refused);
    }
    console.log(
      `The sandbox's HDB market: ${written.sales.toLocaleString('en')} resales, 2019-01 to 2026-10, and ${written.rentals.toLocaleString('en')} rental approvals from 2021-01; ` +
        `its private market: ${ura.sales.toLocaleString('en')} URA sales and ${ura.rentals.toLocaleString('en')} rental contracts, 2021-11 to 2026-10; imported.`,
    );
    return db;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const db = values.sandbox ? await sandboxDatabase() : await openCommandDatabase('npm run backtest');
const sales = await loadHdbSales(db);
const imported = await loadImportedHomes(db);
const withoutPlaces = await loadImportedHomes(db, 'official', { places: false });
await db.close();
const report = backtest(sales, { months });
const privateReport = imported && privateBacktest(imported.homes, { months });
const hdbRents = imported && hdbRentBacktest(imported.homes, imported.hdb, { months });
const privateRents = imported && privateRentBacktest(imported.homes, { months });
if (!report && !privateReport) {
  console.error(
    sales.length
      ? `The data loaded covers too few months to test ${months} of them with earlier data.`
      : 'No HDB resale prices or URA sales are loaded: import them with npm run data:import -- FILE, or measure on the sandbox with --sandbox.',
  );
  process.exit(1);
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const row = (name: string, a: Accuracy) =>
  [
    name.padEnd(24),
    String(a.valued).padStart(7),
    String(a.notValued).padStart(6),
    percent(a.medianError).padStart(7),
    percent(a.within5).padStart(8),
    percent(a.within10).padStart(8),
    percent(a.within20).padStart(8),
    (a.rangeCoverage === undefined ? '' : percent(a.rangeCoverage)).padStart(8),
  ].join(' ');
const header = `${'valued'.padEnd(24)} ${'valued'.padStart(7)} ${'not'.padStart(6)} ${'MdAPE'.padStart(7)} ${'≤ 5 %'.padStart(8)} ${'≤ 10 %'.padStart(8)} ${'≤ 20 %'.padStart(8)} ${'in range'.padStart(8)}`;
const table = (title: string, rows: Record<string, Accuracy>) => {
  console.log(`\n${title}\n${header}`);
  for (const [name, accuracy] of Object.entries(rows)) console.log(row(name, accuracy));
};

if (report) {
  console.log(
    `\nHDB resales of ${report.months[0]} to ${report.months.at(-1)}, each valued with only the sales before its month:`,
  );
  table('In all', { 'the model': report.model, 'the baseline': report.baseline });
  table('The model, by flat type', report.byFlatType);
  table('The model, by what it valued from', report.byBasis);
  table('The model, by the confidence the estimate states', report.byConfidence);
  table('The model, by town', report.byTown);
} else console.log('\nNo HDB resales to test: none are loaded, or too few months of them.');

if (privateReport) {
  console.log(
    `\nURA's private sales of ${privateReport.months[0]} to ${privateReport.months.at(-1)}, each valued from the comparables before its month (resales and sub sales; new sales apart):`,
  );
  table('In all', {
    'its storey and size': privateReport.all,
    'project median (baseline)': privateReport.baseline,
    'typical (none given)': privateReport.typical,
    "developers' new sales": privateReport.newSales,
  });
  console.log(
    `Median signed error: the model ${percent(privateReport.bias.model)}, the baseline ${percent(privateReport.bias.baseline)}.`,
  );
  table('By type of sale', privateReport.bySaleType);
  table('By the confidence the estimate states', privateReport.byConfidence);
  table('By what it valued from', privateReport.byBasis);
  console.log(`\nBy district (the last column: median signed error)\n${header} ${'bias'.padStart(7)}`);
  for (const [name, a] of Object.entries(privateReport.byDistrict))
    console.log(`${row(name, a)} ${percent(a.bias).padStart(7)}`);
  console.log(
    `\nBy market segment (median signed error: the model's, the baseline's)\n${header} ${'bias'.padStart(7)} ${'baseline'.padStart(8)}`,
  );
  for (const [name, a] of Object.entries(privateReport.bySegment))
    console.log(`${row(name, a)} ${percent(a.bias).padStart(7)} ${percent(a.baselineBias).padStart(8)}`);
  table('By property type', privateReport.byPropertyType);
  table('By unit type', privateReport.byUnitType);
} else console.log("\nNo private sales to test: none of URA's are loaded, or too few months of them.");

const rentTable = (title: string, report: ReturnType<typeof hdbRentBacktest>) => {
  if (!report) return console.log(`\nNo ${title} to test: none are loaded, or too few months of them.`);
  console.log(
    `\n${title} of ${report.months[0]} to ${report.months.at(-1)}, each valued from the rents before its month:`,
  );
  table('In all', { 'at its own area': report.all });
  table('By unit type', report.byUnitType);
};
rentTable("HDB's declared rents (those the outlier rule keeps)", hdbRents);
rentTable("URA's private rental contracts", privateRents);

// Coverage: every home the data holds, asked through the engine every surface calls, with OneMap's places and without.
for (const [title, data] of [
  ['as loaded', imported],
  ["without OneMap's addresses (no block has a place)", withoutPlaces],
] as const) {
  if (!data) continue;
  const engine = createEstimateEngine({ serviceUrl: 'http://localhost/', homes: data.homes, hdb: data.hdb });
  console.log(
    `\nCoverage, ${title}: the homes each surface values, sale and rent\n${coverageTable(coverageOf(engine))}`,
  );
}
