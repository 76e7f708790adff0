/**
 * `npm run bench:environments` (and the end of `npm run bench`): what live's isolation costs, figures
 * not verdicts. One service with live beside the sandbox on a database holding the official files, on
 * PGlite (where each of live's statements runs in a transaction that sets its search path) and on
 * Debian's PostgreSQL (a pool per environment); the same home estimated through each environment's widget
 * host, one request at a time: p50 and p99 of each run, the median of three runs with their range.
 */
import { cpus } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, quantile } from '../service/core/estimates/statistics.js';
import { importOfficialFile } from '../service/core/datasets/official/import-file.js';
import { type Database, openDatabase } from '../service/db/database.js';
import { migrate } from '../service/db/migrate.js';
import { startTestPostgres } from '../service/db/test-postgres.js';
import { writeSandboxFiles } from '../service/sandbox/official-files/sandbox-files.js';
import { startService } from '../service/servers/start-service.js';
import { freePort } from '../service/web/free-ports.js';

const RUNS = 3;
const ESTIMATES = 300;
const SITE = 'https://homes.example.sg';

async function withOfficialFiles(db: Database): Promise<Database> {
  const folder = await mkdtemp(join(tmpdir(), 'bench-environments-'));
  try {
    await migrate(db);
    const { paths } = await writeSandboxFiles(folder, { from: '2024-11', to: '2026-10', blocksPerStreet: 2 });
    for (const path of paths) await importOfficialFile(db, path);
    return db;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function measure(engine: string, db: Database) {
  const service = await startService({
    database: db,
    origins: { widgetHost: 0 },
    live: { origins: { widgetHost: 0 } },
    settings: { visitorLimits: false },
  });
  try {
    const actor = { userId: 'usr_siti', organizationId: 'org_lionrealty' };
    const sandboxHomes = service.services.settings.data.homes.byId;
    const home = service.live!.services.settings.data.homes.properties.find((p) => sandboxHomes.has(p.id))!.id;
    const keyOf = async (environment: 'sandbox' | 'live') => {
      const services = environment === 'live' ? service.live!.services : service.services;
      const made = await services.widgetKeyAdmin.createWidgetKey(actor, `Bench ${environment}`, [SITE]);
      if (!('id' in made)) throw new Error(JSON.stringify(made.errors));
      return { key: (await services.widgetKeyAdmin.widgetKey(actor, made.id))!.key, host: services.links.widgetHost };
    };
    const hosts = { sandbox: await keyOf('sandbox'), live: await keyOf('live') };
    const run = async ({ key, host }: { key: string; host: string }) => {
      const times: number[] = [];
      for (let i = 0; i < ESTIMATES; i++) {
        const started = performance.now();
        const answer = await fetch(`${host}v1/estimates?key=${key}&id=${home}&mode=${i % 2 ? 'rent' : 'sale'}`, {
          headers: { Origin: SITE },
        });
        await answer.arrayBuffer();
        if (answer.status !== 200) throw new Error(`estimate answered ${answer.status}`);
        times.push(performance.now() - started);
      }
      return { p50: median(times), p99: quantile(times, 0.99) };
    };
    const figures = { sandbox: [] as { p50: number; p99: number }[], live: [] as { p50: number; p99: number }[] };
    // Alternating, so that a busy moment of the machine falls on both.
    for (let i = 0; i < RUNS; i++)
      for (const environment of ['sandbox', 'live'] as const) figures[environment].push(await run(hosts[environment]));
    const shown = (values: number[]) =>
      `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
    for (const environment of ['sandbox', 'live'] as const)
      console.log(
        `${engine.padEnd(10)} ${environment.padEnd(8)} p50 ${shown(figures[environment].map((f) => f.p50))} ms, p99 ${shown(figures[environment].map((f) => f.p99))} ms`,
      );
  } finally {
    await service.stop();
  }
}

console.log(
  `Environments: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.versions.node}; ${ESTIMATES} widget estimates a run, one at a time, ${RUNS} runs: median (range)`,
);
const pglite = await withOfficialFiles(await openDatabase());
await measure('PGlite', pglite);
await pglite.close();
const postgres = await startTestPostgres(await freePort());
if (!postgres) console.log('PostgreSQL: not installed here, skipped');
else {
  try {
    const db = await withOfficialFiles(await openDatabase({ url: postgres.url }));
    await measure('PostgreSQL', db);
    await db.close();
  } finally {
    postgres.stop();
  }
}
