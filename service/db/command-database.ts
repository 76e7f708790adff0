/**
 * The database an operator's command opens (data:import, staff): DATABASE_URL's server, or the
 * embedded one in SANDBOX_DATA_DIR (the folder `npm start` uses), migrated. A failure to open ends
 * the command with one line saying why (a folder another process holds names that process).
 */
import { fileURLToPath } from 'node:url';
import { type Database, openDatabase } from './database.js';
import { migrate } from './migrate.js';

export async function openCommandDatabase(holder: string): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = process.env.SANDBOX_DATA_DIR ?? fileURLToPath(new URL('../../.data/sandbox-db', import.meta.url));
  const db = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir, holder }).catch((error: Error) => {
    console.error(error.name === 'DataFolderInUse' ? error.message : `The database did not open: ${error.message}`);
    process.exit(1);
  });
  await migrate(db);
  return db;
}
