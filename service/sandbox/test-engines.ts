/**
 * Runs a suite on both engines the service supports: PGlite in memory, and Debian's PostgreSQL on
 * loopback (skipped, with a line saying so, where it is not installed). Each engine's database is
 * migrated and seeded once for the suite; on PostgreSQL it is a copy of the test run's seeded template
 * (run-postgres.ts).
 */
import { after, before, describe } from 'node:test';
import { seed } from './seed.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { type TestPostgres, testPostgresDatabase } from './run-postgres.js';

/** The suite's database: undefined where its engine is not installed (the test skips itself). */
export type DatabaseOf = () => Database | undefined;

export function onEachEngine(
  title: string,
  body: (database: DatabaseOf, engine: 'pglite' | 'postgres', postgresUrl: () => string) => void,
) {
  for (const engine of ['pglite', 'postgres'] as const) {
    describe(`${title} (${engine === 'pglite' ? 'PGlite, in memory' : 'PostgreSQL, on loopback'})`, () => {
      let db: Database | undefined;
      let postgres: TestPostgres | undefined;
      before(async () => {
        if (engine === 'postgres') {
          postgres = await testPostgresDatabase('seeded');
          if (!postgres) console.log('# PostgreSQL is not installed here: its suite is skipped (.ci/run installs it).');
        }
        db =
          engine === 'pglite'
            ? await openDatabase({ dataDir: 'memory://' })
            : postgres && (await openDatabase({ url: postgres.url }));
        if (!db || postgres?.seeded) return;
        await migrate(db);
        await seed(db);
      });
      after(async () => {
        await db?.close();
        await postgres?.stop();
      });
      body(
        () => db,
        engine,
        () => postgres?.url ?? '',
      );
    });
  }
}
