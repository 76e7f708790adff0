/**
 * The test run's one PostgreSQL server. `npm run test:node` starts it once, before any file, and
 * prepares `service_seeded` (migrated and seeded, as each suite on PostgreSQL begins). A file asks for a
 * database of its own (`testPostgresDatabase`): `CREATE DATABASE … TEMPLATE` copies the seeded one, or
 * an empty one comes from `template0`, and it is dropped when the file stops it. Roles belong to the
 * server, and db/roles.ts already creates them once for every database. Outside that run (one file run
 * by hand), a throwaway server is started for the file, as before.
 */
import pg from 'pg';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { startTestPostgres } from '../db/test-postgres.js';
import { seed } from './seed.js';
import { freePort } from '../web/free-ports.js';

/** Names the run's server to the test files: the URL of its maintenance database. */
export const RUN_POSTGRES = 'SERVICE_TEST_POSTGRES';
const SEEDED = 'service_seeded';

export type TestDatabaseKind = 'empty' | 'seeded';
export interface TestPostgres {
  url: string;
  /** Whether the database already holds the migrated, seeded schema. */
  seeded: boolean;
  stop(): Promise<void>;
}

/** Starts the run's server and its seeded template; undefined where PostgreSQL is not installed. */
export async function startRunPostgres() {
  const server = await startTestPostgres(await freePort());
  if (!server) return undefined;
  try {
    await onServer(server.url, (client) => client.query(`create database ${SEEDED}`));
    const db = await openDatabase({ url: inDatabase(server.url, SEEDED) });
    try {
      await migrate(db);
      await seed(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    server.stop();
    throw error;
  }
  return { env: { [RUN_POSTGRES]: server.url }, stop: server.stop };
}

/** A database of the test's own: on the run's server where there is one, else on a server of its own. */
export async function testPostgresDatabase(kind: TestDatabaseKind): Promise<TestPostgres | undefined> {
  const server = process.env[RUN_POSTGRES];
  if (!server) {
    const own = await startTestPostgres(await freePort());
    return own && { url: own.url, seeded: false, stop: async () => own.stop() };
  }
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const template = kind === 'seeded' ? SEEDED : 'template0';
  await onServer(server, (client) => client.query(`create database ${name} template ${template}`));
  return {
    url: inDatabase(server, name),
    seeded: kind === 'seeded',
    stop: async () => {
      await onServer(server, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

const inDatabase = (url: string, database: string) => {
  const at = new URL(url);
  at.pathname = `/${database}`;
  return at.toString();
};

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
