/**
 * The database `npm start` uses: PGlite in SANDBOX_DATA_DIR (`.data/sandbox-db` by default), or the
 * Postgres server at DATABASE_URL. Migrated and seeded on open; its stores are what the surfaces use.
 */
import { fileURLToPath } from 'node:url';
import { databasePlatformKeys } from './core/keys/platform-key-store.js';
import { databaseWidgetKeys } from './core/keys/widget-keys.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { seed } from './sandbox/seed.js';

export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../.data/sandbox-db', import.meta.url));

export async function openServiceDatabase(env: NodeJS.ProcessEnv = process.env) {
  const url = env.DATABASE_URL;
  const dataDir = env.SANDBOX_DATA_DIR ?? DEFAULT_DATA_DIR;
  const db = await openDatabase(url ? { url } : { dataDir });
  await migrate(db);
  await seed(db);
  return {
    db,
    widgetKeys: databaseWidgetKeys(db),
    platformKeys: databasePlatformKeys(db),
    // The connection string may hold a password: only its host is printed.
    description: url ? `Postgres at ${new URL(url).host}` : `PGlite in ${dataDir}`,
  };
}
