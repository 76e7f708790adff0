/**
 * The database an operator's command opens (data:import, staff): DATABASE_URL's server, or the
 * embedded one in SANDBOX_DATA_DIR (the folder `npm start` uses), migrated. A failure to open ends
 * the command with one line saying why (a folder another process holds names that process).
 */
import { fileURLToPath } from 'node:url';
import { type Database, openDatabase } from './database.js';
import { migrate } from './migrate.js';

const dataDirOf = () =>
  process.env.SANDBOX_DATA_DIR ?? fileURLToPath(new URL('../../.data/sandbox-db', import.meta.url));

/** Which database a command works on, in words an operator checks against the running service's. */
export function commandDatabaseName(): string {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    return `the embedded database in ${dataDirOf()} (${process.env.SANDBOX_DATA_DIR ? 'SANDBOX_DATA_DIR' : 'npm start’s own'})`;
  const url = new URL(databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname} (DATABASE_URL)`;
}

export async function openCommandDatabase(holder: string): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = dataDirOf();
  const db = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir, holder }).catch((error: Error) => {
    console.error(error.name === 'DataFolderInUse' ? error.message : `The database did not open: ${error.message}`);
    process.exit(1);
  });
  await migrate(db);
  return db;
}
