/**
 * The service's database: PGlite (Postgres in WebAssembly, embedded, in a data folder) by default,
 * or a Postgres server when DATABASE_URL is set. The same SQL runs on both; callers see one
 * interface, with parameters always bound, never spliced into the text.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import { type Environment, searchPathOf } from './environments.js';
import { lockDataFolder } from './folder-lock.js';
import { roleOf } from './roles.js';
import { testTemplate } from './templates.js';

export interface Database {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `work` in one transaction: all of it, or none. */
  transaction<T>(work: (db: Pick<Database, 'query'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Which engine: 'pglite' or 'postgres'. */
  readonly engine: 'pglite' | 'postgres';
  /** Whose tables an unqualified name reaches (environments.ts): the sandbox's, unless opened `in` live. */
  readonly environment: Environment;
  /**
   * The same database as `environment` sees it (on PostgreSQL, as its role: roles.ts); closing either
   * closes both. The database as opened is its owner's, on the sandbox's path: migrations and commands.
   */
  in(environment: Environment): Database;
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
  /** In memory: start as a copy of this saved data folder (a test run's template), not from an empty one. */
  from?: Blob;
}

/**
 * PGlite in memory, empty or a copy of a saved data folder (no initdb: about a fifth of the time), and
 * how to save its own folder, which the test runs' templates are made with (tests/database-templates.ts).
 */
export async function openInMemory(from?: Blob): Promise<{ db: Database; save(): Promise<Blob> }> {
  const pglite = new PGlite(from ? { loadDataDir: from } : {});
  await pglite.waitReady;
  await pglite.query(`select set_config('search_path', $1, false)`, [searchPathOf('sandbox')]);
  return { db: fromPglite(pglite, async () => {}), save: () => pglite.dumpDataDir('none') };
}

/**
 * PGlite has one connection, which reads the sandbox by default. Live's statements each run in a
 * transaction that sets its search path for itself alone (PGlite runs one transaction at a time, and a
 * `set local` ends with it), so no statement of one environment ever runs on the other's path.
 */
function fromPglite(db: PGlite, release: () => Promise<void>): Database {
  const asOpened: Environment = 'sandbox';
  const views = new Map<Environment, Database>();
  const close = async () => {
    await db.close();
    await release();
  };
  const view = (environment: Environment): Database => {
    const known = views.get(environment);
    if (known) return known;
    const transaction: Database['transaction'] = (work) =>
      db.transaction(async (tx) => {
        if (environment !== asOpened)
          await tx.query(`select set_config('search_path', $1, true)`, [searchPathOf(environment)]);
        return work({ query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows });
      });
    const made: Database = {
      engine: 'pglite',
      environment,
      in: view,
      query: async <T>(sql: string, params: unknown[] = []): Promise<T[]> =>
        environment === asOpened
          ? (await db.query<T>(sql, params)).rows
          : transaction((tx) => tx.query<T>(sql, params)),
      transaction,
      close,
    };
    views.set(environment, made);
    return made;
  };
  return view(asOpened);
}

/**
 * A pool per environment, each connection opened on its environment's search path as its role
 * (roles.ts), and the owner's pool, which migrates and runs commands on the sandbox's path.
 */
function fromPools(makePool: (environment: Environment, role?: string) => pg.Pool): Database {
  const views = new Map<string, Database>();
  const pools: pg.Pool[] = [];
  const close = () => Promise.all(pools.map((each) => each.end())).then(() => undefined);
  const view = (environment: Environment, role?: string): Database => {
    const key = role ?? 'owner';
    if (!views.has(key)) {
      const pool = makePool(environment, role);
      pools.push(pool);
      views.set(key, { ...fromPool(pool), environment, in: (to) => view(to, roleOf(to)), close });
    }
    return views.get(key)!;
  };
  return view('sandbox');
}

function fromPool(pool: pg.Pool): Pick<Database, 'engine' | 'query' | 'transaction'> {
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
  };
}

/**
 * A connection's settings for an environment: its search path is a startup parameter, set by the
 * server before the connection is handed out (no statement of ours races the first query), and named
 * after any `options=` the URL carries, so the URL cannot replace it. A connection whose path cannot
 * be set fails to open, with the server's reason.
 */
export function connectionOn(url: string, environment: Environment, role?: string): pg.ClientConfig {
  const config = parseIntoClientConfig(url);
  const searchPath = `-c search_path=${searchPathOf(environment).replace(/\s+/g, '')}`;
  const settings = [config.options, searchPath, role && `-c role=${role}`];
  return { ...config, options: settings.filter(Boolean).join(' ') };
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    return fromPools((environment, role) => {
      const pool = new pg.Pool({ ...connectionOn(options.url!, environment, role), max: options.poolSize ?? 10 });
      // An idle connection that the server closes (a restart, a failover) is an event, not a crash:
      // without a listener node-postgres throws it as an uncaught exception. The pool replaces it.
      pool.on('error', (error) => console.error(`[database] an idle connection was closed: ${error.message}`));
      return pool;
    });
  }
  const onDisk = options.dataDir && !options.dataDir.startsWith('memory://');
  if (!onDisk) return (await openInMemory(options.from ?? (await testTemplate('empty')))).db;
  await mkdir(options.dataDir!, { recursive: true });
  // One writer per folder, taken before PGlite reads a byte of it.
  const lock = await lockDataFolder(options.dataDir!, options.holder ?? 'a process of this service');
  try {
    const db = new PGlite(options.dataDir);
    await db.waitReady;
    await db.query(`select set_config('search_path', $1, false)`, [searchPathOf('sandbox')]);
    return fromPglite(db, lock.release);
  } catch (error) {
    await lock.release();
    throw error;
  }
}
