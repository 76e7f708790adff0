/**
 * `npm run start:live`: the whole road on one machine, sandbox → integration review → live console →
 * live key → a live estimate in a page. Live runs on PostgreSQL (DATABASE_URL, or a throwaway server of
 * Debian's), beside the sandbox, after the project's sample files in the official formats are imported
 * as live's data (they are the sandbox's generated market written as HDB's, URA's and OneMap's files;
 * a real deployment imports the real downloads with npm run data:import). Live widget keys may list
 * loopback origins here, which a production deployment never allows.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { importOfficialFile } from './core/datasets/official/import-file.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { startTestPostgres } from './db/test-postgres.js';
import { freePort } from './web/free-ports.js';
import { writeSandboxFiles } from './sandbox/official-files/sandbox-files.js';

const postgres = process.env.DATABASE_URL ? undefined : await startTestPostgres(await freePort());
// A throwaway server goes with the process, however it ends.
if (postgres) process.on('exit', () => postgres.stop());
const databaseUrl = process.env.DATABASE_URL || postgres?.url;
if (!databaseUrl) {
  console.error(
    'Live runs on PostgreSQL: set DATABASE_URL, or install Debian’s postgresql package for a throwaway server.',
  );
  process.exit(1);
}

// The sample files are generated figures: only a throwaway server (or one asked with LIVE_SAMPLE_FILES=on) takes
// them, never an operator's database of real official data.
if (postgres || process.env.LIVE_SAMPLE_FILES === 'on') {
  const folder = fileURLToPath(new URL('../.data/live-sample/', import.meta.url));
  await mkdir(folder, { recursive: true });
  const { paths } = await writeSandboxFiles(folder);
  const db = await openDatabase({ url: databaseUrl });
  await migrate(db);
  for (const path of paths) {
    const outcome = await importOfficialFile(db, path);
    if ('refused' in outcome) {
      console.error(outcome.refused);
      process.exit(1);
    }
  }
  await db.close();
  console.log(`Live's data: ${paths.length} sample files in the official formats, imported from ${folder}`);
}

console.log(`Staff:               DATABASE_URL=${databaseUrl} npm run staff -- grant EMAIL  (who decides reviews)`);
process.env.DATABASE_URL = databaseUrl;
// A throwaway server's secrets key is made with it; a server of the operator's keeps theirs.
if (postgres) process.env.WEBHOOK_SECRETS_KEY ??= randomBytes(32).toString('base64');
process.env.SERVICE_LIVE = 'on';
// Loopback websites on live keys: for a throwaway development server only.
if (postgres) process.env.LIVE_LOOPBACK_ORIGINS ??= 'on';
await import('./start.js');
