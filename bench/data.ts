/**
 * `npm run bench:data` (and the end of `npm run bench`): figures, not verdicts, for the official data at
 * national volume. The sandbox's HDB market is written in HDB's file format at about 20,000, 200,000 and
 * 1,000,000 resales, then:
 * - the import of the largest file into PGlite in memory (BENCH_DATA_RUNS runs, 3 by default) and into
 *   Debian's PostgreSQL (one run), and the same file again (which adds nothing);
 * - start-up: reading the model's window of sales (26 months) from the database and fitting it;
 * - one estimate: the model's (a lookup once fitted) beside a linear scan of every sale for the same
 *   block and flat type (what an unindexed engine does), median and p99, and the heap the model holds;
 * - the service's start on that data (SERVICE_HOMES=imported): the homes of the last five years read and
 *   the engine built, and one whole estimate as every surface asks it (engine.estimate), with the heap;
 * - an address search over 100,000 addresses: the inverted index beside a look at every address;
 * - the private market at the same volumes, made in memory (private-market.ts);
 * - URA's downloaded CSV at the real download's volume: its import, and a condo estimate (ura-download.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { importOfficialFile } from '../service/core/datasets/official/import-file.js';
import { firstMonthRead, type HdbSale, hdbValuer } from '../service/core/estimates/hdb-model.js';
import { createEstimateEngine } from '../service/core/estimates/engine.js';
import { buildIndex, rank, suggest, words } from '../service/core/estimates/search.js';
import { median, medianInterval, quantile } from '../service/core/estimates/statistics.js';
import type { PropertyRecord } from '../service/core/estimates/homes.js';
import { condos, towns } from '../service/sandbox/fixtures/places.js';
import { loadHdbSales } from '../service/core/datasets/official/hdb-sales.js';
import { loadImportedHomes } from '../service/core/datasets/official/imported-homes.js';
import { type Database, openDatabase } from '../service/db/database.js';
import { migrate } from '../service/db/migrate.js';
import { startTestPostgres } from '../service/db/test-postgres.js';
import { writeHdbFiles } from '../service/sandbox/official-files/hdb-files.js';
import { privateMarket } from './private-market.js';
import { uraDownload } from './ura-download.js';
import { freePort } from '../service/web/free-ports.js';

const RUNS = Number(process.env.BENCH_DATA_RUNS ?? 3);
const SIZES = [
  { name: '20k', blocksPerStreet: 15, salesPerYear: 0.9, from: '2019-01' },
  { name: '200k', blocksPerStreet: 60, salesPerYear: 1.4, from: '2014-01' },
  { name: '1M', blocksPerStreet: 149, salesPerYear: 2.25, from: '2010-01' },
];
const dir = mkdtempSync(join(tmpdir(), 'bench-data-'));
const seconds = (since: number) => (performance.now() - since) / 1000;
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

async function freshDatabase(url?: string): Promise<Database> {
  const db = await openDatabase(url ? { url } : { dataDir: 'memory://' });
  await migrate(db);
  return db;
}

async function timedImport(db: Database, path: string) {
  const started = performance.now();
  const outcome = await importOfficialFile(db, path);
  if ('refused' in outcome) throw new Error(outcome.refused);
  return { seconds: seconds(started), added: outcome.imported.rowsAdded };
}

/** The same rule as the model's comparables, by walking every sale: what an unindexed engine does. */
function linearScan(sales: HdbSale[], home: HdbSale, before: string) {
  let total = 0;
  let n = 0;
  for (const s of sales)
    if (s.month < before && s.block === home.block && s.street === home.street && s.flatType === home.flatType) {
      total += s.price / s.floorAreaSqm;
      n++;
    }
  return n ? (total / n) * home.floorAreaSqm : undefined;
}

function latencies(run: () => unknown, times: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    run();
    out.push(performance.now() - started);
  }
  return out;
}

console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}, ${round(totalmem() / 2 ** 30)} GB, Node ${process.version}`,
);
/** BENCH_DATA_ONLY=search (private, ura) measures the address search (the private market, URA's download) alone. */
const ONLY = process.env.BENCH_DATA_ONLY;
try {
  if (!ONLY) await importsAndEstimates();
  if (!ONLY || ONLY === 'search') await addressSearch();
  if (!ONLY || ONLY === 'private') privateMarket();
  if (!ONLY || ONLY === 'ura') await uraDownload(dir, RUNS);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

async function importsAndEstimates() {
  const files: { name: string; path: string; sales: number }[] = [];
  for (const size of SIZES) {
    const path = join(dir, `resale-${size.name}.csv`);
    const written = await writeHdbFiles({ ...size, to: '2026-10', resalePath: path });
    files.push({ name: size.name, path, sales: written.sales });
  }
  console.log(`Files: ${files.map((f) => `${f.name} = ${f.sales.toLocaleString('en')} resales`).join(', ')}`);

  const largest = files.at(-1)!;
  console.log(`\nImport of ${largest.sales.toLocaleString('en')} resales (one transaction, every row validated)`);
  const runs: number[] = [];
  let peak = 0;
  for (let run = 0; run < RUNS; run++) {
    const db = await freshDatabase();
    const { seconds: took } = await timedImport(db, largest.path);
    runs.push(took);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (run === RUNS - 1) {
      const again = await timedImport(db, largest.path);
      console.log(`  PGlite, the same file again: ${round(again.seconds)} s, ${again.added} rows added`);
    }
    await db.close();
  }
  const [low, high] = medianInterval(runs);
  console.log(
    `  PGlite in memory: median ${round(median(runs))} s (95 % interval ${round(low)}–${round(high)} s, ${RUNS} runs), ` +
      `${Math.round(largest.sales / median(runs)).toLocaleString('en')} rows a second, peak RSS ${mb(peak)} MB`,
  );
  const postgres = await startTestPostgres(await freePort());
  if (postgres) {
    try {
      const db = await freshDatabase(postgres.url);
      const { seconds: took } = await timedImport(db, largest.path);
      console.log(
        `  PostgreSQL ${'(Debian, loopback)'}: ${round(took)} s, ${Math.round(largest.sales / took).toLocaleString('en')} rows a second (one run)`,
      );
      await db.close();
    } finally {
      postgres.stop();
    }
  } else console.log('  PostgreSQL is not installed here: no figure for it.');

  console.log('\nStart-up and one estimate, by volume (estimates of 2,000 sales of the last month, valued as of it)');
  console.log('  volume   load    fit   model p50   model p99    scan p50    scan p99   model heap');
  const databases: Database[] = [];
  for (const file of files) {
    const db = await freshDatabase();
    databases.push(db);
    await timedImport(db, file.path);
    const heapBefore = process.memoryUsage().heapUsed;
    const month = '2026-10';
    const loadStarted = performance.now();
    const window = await loadHdbSales(db, { since: firstMonthRead(month) });
    const load = seconds(loadStarted);

    const fitStarted = performance.now();
    const valuer = hdbValuer(window, month)!;
    const fit = seconds(fitStarted);
    const heap = process.memoryUsage().heapUsed - heapBefore;
    const sales = await loadHdbSales(db);
    const homes = window.filter((s) => s.month === month);
    const pick = (i: number) => homes[(i * 7919) % homes.length];
    let i = 0;
    const model = latencies(() => valuer.value(pick(i++)), 2000);
    let j = 0;
    const scan = latencies(() => linearScan(sales, pick(j++), month), file.sales > 500_000 ? 100 : 400);
    const ms = (xs: number[], q: number) => `${quantile(xs, q).toFixed(3)} ms`.padStart(11);
    console.log(
      `  ${file.name.padEnd(6)} ${`${round(load)} s`.padStart(6)} ${`${round(fit)} s`.padStart(6)} ${ms(model, 0.5)} ${ms(model, 0.99)} ${ms(scan, 0.5)} ${ms(scan, 0.99)} ${`${mb(heap)} MB`.padStart(12)}`,
    );
  }

  console.log(
    '\nThe service started on the data (SERVICE_HOMES=imported), and one whole estimate (2,000 flats, sale and rent)',
  );
  console.log('  volume   homes  transactions   start    sale p50    sale p99    rent p50    rent p99   heap');
  for (const [i, file] of files.entries()) {
    const db = databases[i];
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const imported = (await loadImportedHomes(db))!;
    const engine = createEstimateEngine({ serviceUrl: 'http://127.0.0.1/', ...imported });
    const start = seconds(started);
    const heap = process.memoryUsage().heapUsed - heapBefore;
    await db.close();
    const ids = imported.homes.properties.map((p) => p.id);
    const pick = (k: number) => ids[(k * 7919) % ids.length];
    let k = 0;
    const sale = latencies(() => engine.estimate(pick(k++), 'sale'), 2000);
    k = 0;
    const rent = latencies(() => engine.estimate(pick(k++), 'rent'), 2000);
    const ms = (xs: number[], q: number) => `${quantile(xs, q).toFixed(3)} ms`.padStart(11);
    console.log(
      `  ${file.name.padEnd(6)} ${String(ids.length).padStart(7)} ${imported.homes.transactions.length.toLocaleString('en').padStart(13)} ${`${round(start)} s`.padStart(7)} ${ms(sale, 0.5)} ${ms(sale, 0.99)} ${ms(rent, 0.5)} ${ms(rent, 0.99)} ${`${mb(heap)} MB`.padStart(6)}`,
    );
  }
}

async function addressSearch() {
  console.log('\nAn address search over 100,000 addresses (200 rounds of 12 queries)');
  const addresses = syntheticAddresses(100_000);
  const indexStarted = performance.now();
  const index = buildIndex({ properties: addresses });
  console.log(`  index built in ${round(seconds(indexStarted), 2)} s`);
  const queries = [
    'amk ave 3',
    'ang mo',
    '5601',
    '56',
    'tampines st 2',
    'bedok north',
    'parc',
    'the sail',
    'jurong west',
    '12 ',
    'b',
    'toa payoh lor 1',
  ];
  const timed = (search: (q: string) => unknown) => {
    const out: number[] = [];
    for (let round = 0; round < 200; round++)
      for (const q of queries) {
        const started = performance.now();
        search(q);
        out.push(performance.now() - started);
      }
    return out;
  };
  const indexed = timed((q) => suggest(index, q));
  const everyAddress = timed((q) => {
    const queryWords = words(q);
    return queryWords.length && rank(index.entries, queryWords);
  });
  const ms = (xs: number[], q: number) => `${quantile(xs, q).toFixed(3)} ms`;
  console.log(`  the index: p50 ${ms(indexed, 0.5)}, p99 ${ms(indexed, 0.99)}`);
  console.log(`  every address: p50 ${ms(everyAddress, 0.5)}, p99 ${ms(everyAddress, 0.99)}`);
}

/** `n` HDB addresses over every town's streets, and the condo projects, each with its own postal code. */
function syntheticAddresses(n: number): PropertyRecord[] {
  const out: PropertyRecord[] = [];
  for (let i = 0; out.length < n; i++) {
    const town = towns[i % towns.length];
    const street = town.streets[Math.floor(i / towns.length) % town.streets.length];
    const block = 1 + Math.floor(i / (towns.length * town.streets.length));
    const condo = i % 50 === 0 ? condos[(i / 50) % condos.length] : undefined;
    out.push({
      id: `a-${i}`,
      address: condo ? condo.street : `${block} ${street}`,
      project: condo?.name,
      postalCode: `${town.sector}${String(i % 10_000).padStart(4, '0')}`,
      town: town.name,
      propertyType: condo ? 'condo' : 'hdb',
      unitType: condo ? '2-bedroom' : '4-room',
      floorAreaSqm: 90,
      lat: town.lat,
      lng: town.lng,
    });
  }
  return out;
}
