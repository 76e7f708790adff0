/**
 * `npm run start:live`: the whole road on one machine, sandbox → integration review → live console →
 * live key → a live estimate in a page. Live runs on PostgreSQL (DATABASE_URL, or a development server of
 * Debian's kept in .data/live-postgres, or LIVE_DATA_DIR), beside the sandbox, after the project's sample files in the official formats are imported
 * as live's data (they are the sandbox's generated market written as HDB's, URA's and OneMap's files;
 * a real deployment imports the real downloads with npm run data:import). Live widget keys may list
 * loopback origins here, which a production deployment never allows.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importOfficialFile } from './core/datasets/official/import-file.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { startKeptPostgres } from './db/test-postgres.js';
import { freePort } from './web/free-ports.js';
import { SANDBOX_FILES, writeSandboxFiles } from './sandbox/official-files/sandbox-files.js';
import { startDataGovSgStandIn } from './sandbox/official-apis/data-gov-sg-stand-in.js';
import { startUraStandIn, type UraStandInData } from './sandbox/official-apis/ura-stand-in.js';
import { recentQuarters } from './core/datasets/fetch/ura-data-service.js';
import { startOneMapStandIn, type OneMapStandInData } from './sandbox/official-apis/onemap-stand-in.js';
import { HDB_DATASETS } from './core/datasets/fetch/data-gov-sg.js';

// Without DATABASE_URL, a development server of Debian's PostgreSQL in a folder of its own, kept across
// restarts (an account, its keys and its review stay); `--fresh` starts it clean.
const folder = process.env.LIVE_DATA_DIR ?? fileURLToPath(new URL('../.data/live-postgres/', import.meta.url));
const fresh = process.argv.includes('--fresh');
if (fresh && !process.env.DATABASE_URL) await rm(folder, { recursive: true, force: true });
const postgres = process.env.DATABASE_URL ? undefined : await startKeptPostgres(folder, await freePort());
// The development server stops with the process, however it ends; its folder stays.
if (postgres) process.on('exit', () => postgres.stop());
const databaseUrl = process.env.DATABASE_URL || postgres?.url;
if (!databaseUrl) {
  console.error(
    'Live runs on PostgreSQL: set DATABASE_URL, or install Debian’s postgresql package for a development server.',
  );
  process.exit(1);
}

// The sample files are generated figures: only the development server (or one asked with LIVE_SAMPLE_FILES=on) takes
// them, never an operator's database of real official data.
if (postgres || process.env.LIVE_SAMPLE_FILES === 'on') {
  const samples = fileURLToPath(new URL('../.data/live-sample/', import.meta.url));
  await mkdir(samples, { recursive: true });
  const { paths } = await writeSandboxFiles(samples);
  const db = await openDatabase({ url: databaseUrl });
  await migrate(db);
  for (const path of paths) {
    // Generated figures in the official formats: imported as samples, so that no estimate credits a publisher.
    const outcome = await importOfficialFile(db, path, { origin: 'sample' });
    if ('refused' in outcome) {
      console.error(outcome.refused);
      process.exit(1);
    }
  }
  await db.close();
  console.log(`Live's data: ${paths.length} sample files in the official formats, imported from ${samples}`);
  // Live fetches HDB's datasets on schedule as a real deployment does, here from a stand-in of data.gov.sg on
  // loopback serving the same samples (each start's first run finds them imported already).
  const standIn = await startDataGovSgStandIn(await hdbSamples(samples));
  process.env.DATA_GOV_SG_METADATA_URL ??= standIn.hosts.metadata;
  process.env.DATA_GOV_SG_DOWNLOAD_URL ??= standIn.hosts.download;
  process.env.DATA_FETCH_ORIGIN ??= 'sample';
  console.log(`data.gov.sg stand-in: ${standIn.hosts.metadata} (live fetches HDB's samples from it on schedule)`);
  // And URA's, with a development access key: the samples' sales as batch 1, their rental contracts as last quarter.
  const ura = await startUraStandIn(await uraSamples(samples));
  if (!process.env.URA_ACCESS_KEY) {
    process.env.URA_ACCESS_KEY = ura.data.accessKey;
    process.env.URA_HOST = ura.host;
    console.log(`URA stand-in:        ${ura.host} (live fetches URA's samples from it weekly, archiving each answer)`);
  }
  // And OneMap's, with a development account, placing any block the samples' addresses leave out.
  const oneMap = await startOneMapStandIn(await oneMapSamples(samples));
  if (!process.env.ONEMAP_EMAIL) {
    Object.assign(process.env, { ONEMAP_EMAIL: oneMap.data.email, ONEMAP_PASSWORD: oneMap.data.password });
    process.env.ONEMAP_HOST = oneMap.host;
    console.log(`OneMap stand-in:     ${oneMap.host} (live places new HDB blocks with it after each HDB fetch)`);
  }
}

console.log(`Staff:               DATABASE_URL=${databaseUrl} npm run staff -- grant EMAIL  (who decides reviews)`);
process.env.DATABASE_URL = databaseUrl;
// The development server's secrets key is kept beside it (sealed webhook secrets and authenticator keys must
// open after a restart); a server of the operator's keeps theirs.
if (postgres) process.env.WEBHOOK_SECRETS_KEY ??= await keptSecretsKey(join(folder, 'secrets-key'));
// The sandbox of a development deployment delivers webhooks to this machine (a receiver on loopback, for the
// checklist's test event); live never does, whatever this says (core/services/compose.ts).
if (postgres) process.env.WEBHOOK_ALLOW_HOSTS ??= 'localhost,127.0.0.1,::1';
if (postgres) {
  console.log(
    `Development server:  PostgreSQL in ${folder}, kept across restarts (npm run start:live -- --fresh starts clean)`,
  );
  console.log('Webhooks:            the sandbox delivers to this machine (localhost, 127.0.0.1, ::1); live never does');
}
process.env.SERVICE_LIVE = 'on';
// Loopback websites on live keys: for the development server only.
if (postgres) process.env.LIVE_LOOPBACK_ORIGINS ??= 'on';
await import('./start.js');

/** The HDB sample files as data.gov.sg's datasets, updated as of the start of this month. */
async function hdbSamples(folder: string) {
  const month = new Date().toISOString().slice(0, 8);
  const dataset = async (file: string) => ({
    text: await readFile(join(folder, file), 'utf8'),
    lastUpdatedAt: `${month}01T09:00:00+08:00`,
  });
  return {
    [HDB_DATASETS.hdb_resale]: await dataset(SANDBOX_FILES.hdbResale),
    [HDB_DATASETS.hdb_rental]: await dataset(SANDBOX_FILES.hdbRental),
  };
}

/** The URA sample files as URA's Data Service answers them. */
async function uraSamples(folder: string): Promise<UraStandInData> {
  const result = async (file: string) =>
    (JSON.parse(await readFile(join(folder, file), 'utf8')) as { Result: unknown[] }).Result;
  return {
    accessKey: 'development-access-key',
    sales: { 1: await result(SANDBOX_FILES.uraTransactions) },
    rentals: { [recentQuarters(new Date())[0]!]: await result(SANDBOX_FILES.uraRentals) },
  };
}

/** The OneMap sample file as OneMap's search answers it. */
async function oneMapSamples(folder: string): Promise<OneMapStandInData> {
  const document = JSON.parse(await readFile(join(folder, SANDBOX_FILES.oneMap), 'utf8')) as {
    results: Record<string, string>[];
  };
  return { email: 'development@service.test', password: 'development-password', addresses: document.results };
}

/** The key in `path`, made there (readable by this user only) the first time. */
async function keptSecretsKey(path: string): Promise<string> {
  const kept = await readFile(path, 'utf8').catch(() => '');
  if (kept.trim()) return kept.trim();
  const made = randomBytes(32).toString('base64');
  await writeFile(path, made, { mode: 0o600 });
  return made;
}
