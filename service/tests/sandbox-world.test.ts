/**
 * The sandbox's world, imported on start through the official files' importer: the same homes and the
 * same estimates as the world read in a page, imported once, replaced whole when its generator changes,
 * and kept apart from official files imported into the same database.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createEstimateEngine } from '../core/estimates/engine.js';
import { importOfficialText } from '../core/datasets/official/import-file.js';
import { loadImportedHomes } from '../core/datasets/official/imported-homes.js';
import { loadHdbSales } from '../core/datasets/official/hdb-sales.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { importSandboxWorld, sandboxHomesIn } from '../sandbox/import-sandbox-world.js';
import { sandboxWorld } from '../sandbox/sandbox-homes.js';
import { testPostgresDatabase } from '../sandbox/run-postgres.js';

let db: Database;
before(async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  await importSandboxWorld(db);
});
after(() => db.close());

const count = async (sql: string) => Number((await db.query<{ n: number }>(sql))[0].n);
const NOW = () => new Date('2026-11-20T00:00:00Z');

describe("the sandbox's world", () => {
  it('gives the same homes and the same estimate of every home in both modes, from the database and in a page', async () => {
    const stored = await sandboxHomesIn(db);
    const read = await sandboxWorld();
    assert.deepEqual(stored.homes.properties, read.homes.properties);
    const engineOf = (w: typeof read) =>
      createEstimateEngine({
        serviceUrl: 'https://s.example/',
        now: NOW,
        homes: w.homes,
        hdb: w.hdb,
        sources: w.sources,
      });
    const [fromDb, inPage] = [engineOf(stored), engineOf(read)];
    let compared = 0;
    for (const home of read.homes.properties)
      for (const mode of ['sale', 'rent'] as const) {
        assert.deepEqual(fromDb.estimate(home.id, mode), inPage.estimate(home.id, mode), `${home.id} ${mode}`);
        compared++;
      }
    assert.equal(compared, read.homes.properties.length * 2);
  });

  it('is imported once: another start reads it and adds nothing', async () => {
    const before = await count('select count(*) as n from home_transactions');
    await importSandboxWorld(db);
    assert.equal(await count('select count(*) as n from home_transactions'), before);
    assert.equal(await count("select count(*) as n from dataset_imports where origin = 'generated'"), 5);
  });

  it('replaces a world another version of the generator wrote, whole', async () => {
    const rows = await count('select count(*) as n from home_transactions');
    const old = `month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,remaining_lease,resale_price
2020-01,BEDOK,4 ROOM,999,OLD ST,01 TO 03,90,Model A,1990,70 years 00 months,400000
`;
    await importOfficialText(db, 'Old.csv', old, { origin: 'generated' });
    assert.equal(await count('select count(*) as n from home_transactions'), rows + 1);
    await importSandboxWorld(db);
    assert.equal(await count('select count(*) as n from home_transactions'), rows);
    assert.equal(await count("select count(*) as n from dataset_imports where origin = 'generated'"), 5);
    assert.equal(await count("select count(*) as n from home_transactions where block = '999'"), 0);
  });

  it('stays apart from official files in the same database: neither is read, listed or credited as the other', async () => {
    assert.equal(await loadImportedHomes(db), undefined, 'no official data yet');
    assert.deepEqual(await loadHdbSales(db), [], "the backtest reads no sandbox sale as the operator's");
    const official = `month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,remaining_lease,resale_price
2026-09,ANG MO KIO,4 ROOM,102,ANG MO KIO AVE 3,07 TO 09,93,Model A,1980,52 years 03 months,455000
`;
    assert.ok('imported' in (await importOfficialText(db, 'ResaleFlatPrices.csv', official)));
    const homes = (await loadImportedHomes(db))!;
    assert.deepEqual(
      homes.homes.properties.map((p) => p.id),
      ['hdb-102-ang-mo-kio-ave-3-4-room'],
      "the sandbox's OneMap address of Blk 102 is not the official data's",
    );
    assert.equal((await loadHdbSales(db)).length, 1);
    assert.ok(homes.sources('hdb', 'sale').some((s) => /Resale Flat Prices/.test(s.text)));
    const sandbox = await sandboxHomesIn(db);
    assert.deepEqual(sandbox.sources('hdb', 'sale'), [], "the sandbox's estimates name no official source");
    assert.equal(sandbox.homes.byId.get('hdb-560102-4-room')?.postalCode, '560102');
  });

  it('names the storey a condo was valued at, where the one asked lies beyond those its comparables name', async () => {
    const read = await sandboxWorld();
    const engine = createEstimateEngine({ serviceUrl: 'https://s.example/', now: NOW, ...read });
    const condo = read.homes.properties.find(
      (p) => p.propertyType === 'condo' && 'estimate' in engine.estimate(p.id, 'sale'),
    )!;
    const high = engine.estimate(condo.id, 'sale', { storey: 80 });
    assert.ok('estimate' in high, JSON.stringify(high));
    const valuedAt = high.estimate.property.storey!;
    assert.ok(valuedAt < 80, `valued at storey ${valuedAt}`);
    const there = engine.estimate(condo.id, 'sale', { storey: valuedAt });
    assert.ok('estimate' in there);
    assert.equal(there.estimate.value, high.estimate.value, 'the storey named is the storey valued');
    assert.equal(there.estimate.property.storey, valuedAt);
    assert.match(
      high.estimate.attribution.url,
      /storey=80/,
      'the page asks as the visitor did, and gives the same figure',
    );
  });
});

describe("the sandbox's world, imported by processes starting together on one PostgreSQL", () => {
  it('is imported once: the others wait their turn and find it there', async (t) => {
    const postgres = await testPostgresDatabase('empty');
    if (!postgres) return t.skip('PostgreSQL is not installed here (.ci/run installs it).');
    const processes = await Promise.all([1, 2, 3].map(() => openDatabase({ url: postgres.url })));
    try {
      await migrate(processes[0]);
      await Promise.all(processes.map((db) => importSandboxWorld(db)));
      const [shared] = processes;
      const imports = await shared.query<{ n: number }>(
        "select count(*)::int as n from dataset_imports where origin = 'generated'",
      );
      assert.equal(imports[0].n, 5, 'five files, each imported once');
      const homes = await sandboxHomesIn(shared);
      assert.equal(homes.homes.transactions.length, (await sandboxWorld()).homes.transactions.length);
    } finally {
      await Promise.all(processes.map((db) => db.close()));
      await postgres.stop();
    }
  });
});
