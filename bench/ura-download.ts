/**
 * URA's downloaded transactions at the real download's volume (79,034 rows of 2,327 projects over 42
 * months, as ../shared/data/real's is), written here in the download's format with made-up projects, so
 * that the bench needs no real file: its import into PGlite in memory (BENCH_DATA_RUNS runs), and a
 * condo estimate on that data as every surface asks it (engine.estimate), median and p99.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importOfficialFile } from '../service/core/datasets/official/import-file.js';
import { loadImportedHomes } from '../service/core/datasets/official/imported-homes.js';
import { createEstimateEngine } from '../service/core/estimates/engine.js';
import { medianInterval, quantile } from '../service/core/estimates/statistics.js';
import { openDatabase } from '../service/db/database.js';
import { migrate } from '../service/db/migrate.js';
import { seededRandom } from '../service/sandbox/fixtures/random.js';

const HEADER =
  'Project Name,Transacted Price ($),Area (SQFT),Unit Price ($ PSF),Sale Date,Street Name,Type of Sale,Type of Area,Area (SQM),Unit Price ($ PSM),Nett Price($),Property Type,Number of Units,Tenure,Postal District,Market Segment,Floor Level';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ROWS = 79_034;
const PROJECTS = 2_327;
const quoted = (n: number) => `"${Math.round(n).toLocaleString('en')}"`;

/** The download's text: projects whose sales are skewed as the real ones are (a few sell hundreds). */
export function uraDownloadText(seed = 20261207): string {
  const random = seededRandom(seed);
  const projects = Array.from({ length: PROJECTS }, (_, i) => ({
    name: i % 40 === 0 ? 'RESIDENTIAL APARTMENTS' : `BENCH RESIDENCES ${i}`,
    street: `BENCH STREET ${i % 700}`,
    district: String(1 + (i % 28)).padStart(2, '0'),
    psm: 10_000 + random() * 20_000,
    weight: random() ** 4,
  }));
  const total = projects.reduce((sum, p) => sum + p.weight, 0);
  const lines = [HEADER];
  for (const p of projects) {
    const count = Math.max(1, Math.round((p.weight / total) * ROWS));
    for (let k = 0; k < count && lines.length <= ROWS; k++) {
      const month = Math.floor(random() * 42);
      const year = 20 + Math.floor((6 + month) / 12);
      const sqm = Math.round(45 + random() * 110);
      const price = p.psm * sqm * (1 + (random() - 0.5) * 0.1);
      const floor = 1 + 5 * Math.floor(random() * 8);
      lines.push(
        [
          p.name,
          quoted(price),
          (sqm * 10.7639).toFixed(2),
          quoted(price / sqm / 10.7639),
          `${MONTHS[(6 + month) % 12]}-${year}`,
          p.street,
          random() < 0.35 ? 'New Sale' : random() < 0.1 ? 'Sub Sale' : 'Resale',
          'Strata',
          String(sqm),
          quoted(price / sqm),
          '-',
          random() < 0.5 ? 'Condominium' : 'Apartment',
          '1',
          random() < 0.3 ? 'Freehold' : '99 yrs lease commencing from 2012',
          p.district,
          'Outside Central Region',
          `${String(floor).padStart(2, '0')} to ${String(floor + 4).padStart(2, '0')}`,
        ].join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

export async function uraDownload(dir: string, runs: number) {
  const path = join(dir, 'ura-download.csv');
  const text = uraDownloadText();
  writeFileSync(path, text);
  const rows = text.split('\r\n').length - 2;
  console.log(
    `\nURA's download at real volume: ${rows.toLocaleString('en')} rows of ${PROJECTS.toLocaleString('en')} projects`,
  );
  const seconds: number[] = [];
  let db = await openDatabase({ dataDir: 'memory://' });
  for (let run = 0; run < runs; run++) {
    if (run) {
      await db.close();
      db = await openDatabase({ dataDir: 'memory://' });
    }
    await migrate(db);
    const started = performance.now();
    const outcome = await importOfficialFile(db, path);
    if ('refused' in outcome) throw new Error(outcome.refused);
    seconds.push((performance.now() - started) / 1000);
  }
  const [low, high] = medianInterval(seconds);
  const round = (x: number) => Math.round(x * 10) / 10;
  console.log(
    `  import into PGlite in memory: median ${round(quantile(seconds, 0.5))} s (95 % interval ${round(low)}–${round(high)} s, ${runs} runs)`,
  );
  const loadStarted = performance.now();
  const imported = (await loadImportedHomes(db))!;
  const engine = createEstimateEngine({ serviceUrl: 'http://localhost/', homes: imported.homes, hdb: imported.hdb });
  console.log(
    `  homes read and the engine built: ${round((performance.now() - loadStarted) / 1000)} s (${imported.homes.properties.length.toLocaleString('en')} homes)`,
  );
  await db.close();
  const condos = imported.homes.properties.filter((p) => p.propertyType === 'condo');
  const times: number[] = [];
  for (let k = 0; k < 2_000; k++) {
    const home = condos[(k * 7919) % condos.length];
    const started = performance.now();
    engine.estimate(home.id, 'sale');
    times.push(performance.now() - started);
  }
  const [p50Low, p50High] = medianInterval(times);
  console.log(
    `  a condo estimate (engine.estimate, 2,000 homes): p50 ${quantile(times, 0.5).toFixed(3)} ms (95 % interval ${p50Low.toFixed(3)}–${p50High.toFixed(3)}), p99 ${quantile(times, 0.99).toFixed(3)} ms`,
  );
}
