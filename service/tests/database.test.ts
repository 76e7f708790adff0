/**
 * The service's database, on both engines it supports: PGlite (embedded) and Debian's PostgreSQL
 * (started here on loopback; skipped with a message where it is not installed).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import widgetKeys from '../sandbox/widget-keys.json' with { type: 'json' };
import { createEstimateEngine } from '../core/estimates/engine.js';
import { sandboxEngineData } from '../sandbox/sandbox-homes.js';
import { createWidgetHost } from '../surfaces/widget-host/host.js';
import { databaseMeter } from '../core/metering/daily-meter.js';
import { DAILY_LIMITS } from '../core/metering/limits.js';
import { createPlatformApi } from '../surfaces/platform/api.js';
import { composeForTests } from './service-for-tests.js';
import { hashSecret } from '../db/secrets.js';
import { databaseWidgetKeys } from '../core/keys/widget-keys.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../sandbox/seed.js';
import { onEachEngine } from '../sandbox/test-engines.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connectionOn } from '../db/database.js';

const run = promisify(execFile);

const DAILY_ESTIMATE_QUOTA = DAILY_LIMITS.widget_estimate;

const ORIGIN = 'https://busy.example';
const engine = createEstimateEngine({
  serviceUrl: 'https://service.example/',
  now: () => new Date('2026-11-22T10:00:00Z'),
  ...(await sandboxEngineData()),
});

onEachEngine('database', (database, _engine, postgresUrl) => {
  let db: Database | undefined;
  before(() => {
    db = database();
  });

  it('migrates and seeds once, however often it starts', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here (apt-get install postgresql)');
    assert.deepEqual(await migrate(db), []);
    await seed(db);
    const [{ count }] = await db.query<{ count: number }>('select count(*)::int as count from widget_keys');
    assert.equal(count, widgetKeys.keys.length);
  });

  it('finds a seeded key with its exact origins, and not a revoked one', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const store = databaseWidgetKeys(db);
    const demo = await store.find(widgetKeys.keys[0].key);
    assert.deepEqual(demo?.origins.sort(), [...widgetKeys.keys[0].origins].sort());
    await db.query(
      `insert into widget_keys (id, organization_id, key, name, revoked_at) values ('wk_revoked', 'org_lionhomes', 'svce_test_revokedkey0000000009', 'old', now())`,
    );
    assert.equal(await store.find('svce_test_revokedkey0000000009'), undefined);
  });

  it("adds the demo's configured origins (DEMO_PORT) to the demo's keys on every start, and to no other key", async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const moved = ['http://localhost:6123', 'http://127.0.0.1:6123'];
    await seed(db, { demoOrigins: moved });
    await seed(db, { demoOrigins: moved });
    const store = databaseWidgetKeys(db);
    for (const k of widgetKeys.keys) {
      const origins = (await store.find(k.key))?.origins ?? [];
      const forDemo = k.origins.includes('http://localhost:5173');
      for (const origin of moved) assert.equal(origins.includes(origin), forDemo, `${k.label}: ${origin}`);
    }
    await db.query(`delete from widget_key_origins where origin = any($1)`, [moved]);
  });

  it('starts again after a magic key was rotated (its id is taken, its old value is gone)', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const [{ key }] = await db.query<{ key: string }>(`select key from widget_keys where id = 'wk_seed003'`);
    await db.query(`update widget_keys set key = 'svce_test_rotatedseed000000003' where id = 'wk_seed003'`);
    await seed(db);
    const [{ count }] = await db.query<{ count: number }>(
      `select count(*)::int as count from widget_keys where id = 'wk_seed003'`,
    );
    assert.equal(count, 1);
    await db.query(`update widget_keys set key = $1 where id = 'wk_seed003'`, [key]);
  });

  it('authenticates the Platform API from the hashes it keeps, and refuses a revoked key at once', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const api = createPlatformApi(await composeForTests(db, { now: engine.now }), 'https://service.example/reference');
    const call = (key: string) =>
      api.request(
        new Request('https://api.example/v1/organizations/current', { headers: { Authorization: `Bearer ${key}` } }),
      );
    const key = 'svcp_test_partner000000000000003';
    assert.equal((await call(key)).status, 200);
    const stored = await db.query<{ sha256: string }>('select sha256 from platform_keys');
    assert.ok(
      stored.every((row) => /^[0-9a-f]{64}$/.test(row.sha256)) && stored.some((row) => row.sha256 === hashSecret(key)),
    );
    await db.query('update platform_keys set revoked_at = now() where sha256 = $1', [hashSecret(key)]);
    assert.equal(((await (await call(key)).json()) as { code: string }).code, 'unknown_key');
  });

  it('opens each connection on its environment’s search path, with no statement racing the first query', async (t) => {
    if (db?.engine !== 'postgres') return t.skip('a PostgreSQL pool only');
    // In a process of its own: node-postgres warns once per process of a query queued behind another.
    const script = `
      import { openDatabase } from './service/db/database.ts';
      const db = await openDatabase({ url: process.env.TEST_DATABASE_URL });
      const paths = await Promise.all(Array.from({ length: 8 }, () => db.in('live').query('show search_path')));
      console.log(JSON.stringify([...new Set(paths.map(([row]) => row.search_path))]));
      await db.close();`;
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, TEST_DATABASE_URL: postgresUrl() },
    });
    assert.deepEqual(JSON.parse(stdout), ['live,public']);
    assert.doesNotMatch(stderr, /Warning/);
    const url = 'postgres://u:p@127.0.0.1:5432/db?options=-c%20search_path%3Dpublic%20-c%20statement_timeout%3D5000';
    assert.equal(
      connectionOn(url, 'live').options,
      '-c search_path=public -c statement_timeout=5000 -c search_path=live,public',
      'the URL’s options are kept, and ours come last',
    );
  });

  it('keeps each environment out of the other’s schema by its role: naming it is refused', async (t) => {
    if (db?.engine !== 'postgres') return t.skip('PostgreSQL’s roles only');
    const live = db.in('live');
    const sandbox = db.in('sandbox');
    assert.deepEqual(await live.query('select current_user as role'), [{ role: 'service_live' }]);
    await assert.rejects(
      live.query('select count(*) from sandbox.widget_keys'),
      /permission denied for schema sandbox/,
    );
    await assert.rejects(sandbox.query('select count(*) from live.platform_keys'), /permission denied for schema live/);
    await assert.rejects(
      live.transaction((tx) => tx.query("update sandbox.widget_keys set name = 'reached' where false")),
      /permission denied for schema sandbox/,
    );
    // Its own tables and the shared ones, yes; and what identity reads of both, through public's views.
    assert.ok((await live.query('select count(*) from widget_keys')).length === 1);
    assert.ok((await live.query('select count(*) from organizations')).length === 1);
    assert.ok((await live.query('select count(*) from sandbox_onboarding_steps')).length === 1);
  });

  it('survives the server closing its idle connections: the pool replaces them, nothing crashes', async (t) => {
    if (db?.engine !== 'postgres') return t.skip('a PostgreSQL pool only');
    // Two connections in the pool, one of them idle once this returns.
    await Promise.all([db.query('select pg_sleep(0.05)'), db.query('select pg_sleep(0.05)')]);
    const [{ closed }] = await db.query<{ closed: number }>(
      `select count(pg_terminate_backend(pid))::int as closed from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    assert.ok(closed >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(await db.query('select 1 as one'), [{ one: 1 }]);
  });

  it("counts a key's daily estimates in the database: 2,000 fired at once, 50 at a time, give 2,000 answers, then 429", async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const key = 'svce_test_concurrency000000001';
    await db.query(
      `insert into widget_keys (id, organization_id, key, name) values ('wk_busy', 'org_lionhomes', $1, 'busy')`,
      [key],
    );
    await db.query(`insert into widget_key_origins (widget_key_id, origin) values ('wk_busy', $1)`, [ORIGIN]);
    const host = createWidgetHost({
      keyStore: databaseWidgetKeys(db),
      meter: databaseMeter(db),
      serviceUrl: 'https://service.example/',
      engine,
    });
    const statuses: number[] = [];
    for (let sent = 0; sent < DAILY_ESTIMATE_QUOTA + 50; sent += 50) {
      const batch = Array.from({ length: 50 }, (_, i) =>
        host.handle({
          method: 'GET',
          url: new URL(`https://host.example/v1/estimates?key=${key}&id=hdb-560102-4-room`),
          origin: ORIGIN,
          clientAddress: `198.51.${(sent + i) >> 8}.${(sent + i) & 255}`, // many visitors, each within its share
        }),
      );
      statuses.push(...(await Promise.all(batch)).map((answer) => answer.status));
    }
    assert.equal(statuses.filter((s) => s === 200).length, DAILY_ESTIMATE_QUOTA);
    assert.equal(statuses.filter((s) => s === 429).length, 50);
    const [{ count }] = await db.query<{ count: number }>(
      `select count from daily_usage where kind = 'widget_estimate' and subject = 'wk_busy'`,
    );
    assert.equal(count, DAILY_ESTIMATE_QUOTA);
  });
});

describe('database on PGlite in a data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'service-pglite-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps keys and counts across a restart', async () => {
    const first = await openDatabase({ dataDir: dir });
    await migrate(first);
    await seed(first);
    const store = databaseWidgetKeys(first);
    const demo = (await store.find(widgetKeys.keys[0].key))!;
    assert.equal(await databaseMeter(first).take('widget_estimate', demo.id, '2026-11-22'), 1);
    await first.close();

    const again = await openDatabase({ dataDir: dir });
    await migrate(again);
    assert.equal((await databaseWidgetKeys(again).find(demo.key))?.id, demo.id);
    assert.equal(await databaseMeter(again).take('widget_estimate', demo.id, '2026-11-22'), 2);
    await again.close();
  });
});
