/**
 * Runs a suite on both engines the service supports: PGlite in memory, and Debian's PostgreSQL
 * started on a free port of loopback (skipped, with a line saying so, where it is not installed). Each
 * engine's database is migrated and seeded once for the suite.
 */
import { after, before, describe } from 'node:test';
import { seed } from './seed.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { startTestPostgres } from '../db/test-postgres.js';
import { freePort } from '../web/free-ports.js';

/** The suite's database: undefined where its engine is not installed (the test skips itself). */
export type DatabaseOf = () => Database | undefined;

export function onEachEngine(
  title: string,
  body: (database: DatabaseOf, engine: 'pglite' | 'postgres', postgresUrl: () => string) => void,
) {
  for (const engine of ['pglite', 'postgres'] as const) {
    describe(`${title} (${engine === 'pglite' ? 'PGlite, in memory' : 'PostgreSQL, on loopback'})`, () => {
      let db: Database | undefined;
      let postgres: Awaited<ReturnType<typeof startTestPostgres>>;
      before(async () => {
        if (engine === 'postgres') {
          postgres = await startTestPostgres(await freePort());
          if (!postgres) console.log('# PostgreSQL is not installed here: its suite is skipped (.ci/run installs it).');
        }
        db =
          engine === 'pglite'
            ? await openDatabase({ dataDir: 'memory://' })
            : postgres && (await openDatabase({ url: postgres.url }));
        if (!db) return;
        await migrate(db);
        await seed(db);
      });
      after(async () => {
        await db?.close();
        postgres?.stop();
      });
      body(
        () => db,
        engine,
        () => postgres?.url ?? '',
      );
    });
  }
}
