/**
 * The service's database: PGlite (Postgres in WebAssembly, embedded, in a data folder) by default,
 * or a Postgres server when DATABASE_URL is set. The same SQL runs on both; callers see one
 * interface, with parameters always bound, never spliced into the text.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataFolder } from './folder-lock.js';

export interface Database {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `work` in one transaction: all of it, or none. */
  transaction<T>(work: (db: Pick<Database, 'query'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Which engine: 'pglite' or 'postgres'. */
  readonly engine: 'pglite' | 'postgres';
}

export interface DatabaseOptions {
  /** A Postgres connection string; when set, the server is used. */
  url?: string;
  /** Connections this process keeps to the server at most (10). */
  poolSize?: number;
  /** PGlite's data folder (made if missing); without one, or with `memory://`, PGlite keeps it in memory (tests). */
  dataDir?: string;
  /** Who this process is, told to a second process that tries to open the same data folder. */
  holder?: string;
}

function fromPglite(db: PGlite, release: () => Promise<void>): Database {
  return {
    engine: 'pglite',
    query: async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows,
    transaction: (work) =>
      db.transaction((tx) =>
        work({ query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows }),
      ),
    async close() {
      await db.close();
      await release();
    },
  };
}

function fromPool(pool: pg.Pool): Database {
  return {
    engine: 'postgres',
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that the server closes (a restart, a failover) is an event, not a crash:
    // without a listener node-postgres throws it as an uncaught exception. The pool replaces it.
    pool.on('error', (error) => console.error(`[database] an idle connection was closed: ${error.message}`));
    return fromPool(pool);
  }
  const onDisk = options.dataDir && !options.dataDir.startsWith('memory://');
  if (!onDisk) {
    const db = new PGlite();
    await db.waitReady;
    return fromPglite(db, async () => {});
  }
  await mkdir(options.dataDir!, { recursive: true });
  // One writer per folder, taken before PGlite reads a byte of it.
  const lock = await lockDataFolder(options.dataDir!, options.holder ?? 'a process of this service');
  try {
    const db = new PGlite(options.dataDir);
    await db.waitReady;
    return fromPglite(db, lock.release);
  } catch (error) {
    await lock.release();
    throw error;
  }
}
