/**
 * The service fetching the official sources by itself: the schedule (the 10th of each month in
 * Singapore, a day after a failure), live valuing the fetched homes without a restart (and another
 * process loading them at its next check), two processes of a cluster never fetching at once, and a
 * fetch killed with kill -9 in the middle leaving nothing half-imported for the next run to finish.
 * Against a local stand-in of data.gov.sg; no test reaches the internet.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { HDB_DATASETS } from '../core/datasets/fetch/data-gov-sg.js';
import { nextFetchAt, scheduledAfter, staleSince } from '../core/datasets/fetch/fetch-schedule.js';
import { createOfficialFetch, type FetchSettings } from '../core/datasets/fetch/official-fetch.js';
import { composeServices } from '../core/services/compose.js';
import { createFreshness } from '../core/datasets/freshness.js';
import { announceStale } from '../core/datasets/dataset-events.js';
import { liveData } from '../core/services/live-data.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { startDataGovSgStandIn } from '../sandbox/official-apis/data-gov-sg-stand-in.js';
import { startSandboxSources } from '../sandbox/official-apis/sandbox-sources.js';
import { importSandboxWorld } from '../sandbox/import-sandbox-world.js';
import { type StartedService, startService } from '../servers/start-service.js';
import { type TestPostgres, testPostgresDatabase } from '../sandbox/run-postgres.js';

const RESALE_HEADER =
  'month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,remaining_lease,resale_price';
const sales = Array.from({ length: 40 }, (_, i) => {
  const month = `2026-${String(1 + (i % 10)).padStart(2, '0')}`;
  return `${month},ANG MO KIO,4 ROOM,${101 + (i % 4)},ANG MO KIO AVE 3,07 TO 09,92,New Generation,1980,53 years 02 months,${480000 + i * 1000}`;
});
const RENTAL_HEADER = 'rent_approval_date,town,block,street_name,flat_type,monthly_rent';
const rents = [
  '2026-09,ANG MO KIO,101,ANG MO KIO AVE 3,4-ROOM,3100',
  '2026-10,ANG MO KIO,102,ANG MO KIO AVE 3,4-ROOM,3200',
];
const datasets = () => ({
  [HDB_DATASETS.hdb_resale]: {
    text: `${RESALE_HEADER}\n${sales.join('\n')}\n`,
    lastUpdatedAt: '2026-11-03T09:00:00+08:00',
  },
  [HDB_DATASETS.hdb_rental]: {
    text: `${RENTAL_HEADER}\n${rents.join('\n')}\n`,
    lastUpdatedAt: '2026-11-03T09:00:00+08:00',
  },
});
type StandIn = Awaited<ReturnType<typeof startDataGovSgStandIn>>;
const settingsFor = (standIn: StandIn): FetchSettings => ({
  dataGovSg: { hosts: standIn.hosts, polls: { attempts: 3, intervalMs: 1 } },
  origin: 'official',
});

describe('the fetch schedule', () => {
  it('runs on the 10th at 03:00 in Singapore after the last run, a day after a failure; data are stale 45 days past it', () => {
    assert.equal(scheduledAfter(new Date('2026-11-12T00:00:00Z')).toISOString(), '2026-12-09T19:00:00.000Z');
    assert.equal(scheduledAfter(new Date('2026-11-05T00:00:00Z')).toISOString(), '2026-11-09T19:00:00.000Z');
    assert.equal(scheduledAfter(new Date('2026-12-20T00:00:00Z')).toISOString(), '2027-01-09T19:00:00.000Z');
    const now = new Date('2026-11-29T12:00:00Z');
    assert.equal(nextFetchAt(undefined, now), now, 'never run: due now');
    const failed = { startedAt: new Date('2026-11-28T12:00:00Z'), status: 'failed' as const };
    assert.equal(nextFetchAt(failed, now).toISOString(), '2026-11-29T12:00:00.000Z');
    assert.equal(staleSince(new Date('2026-11-12T00:00:00Z'), new Date('2027-01-20T00:00:00Z')), undefined);
    assert.equal(
      staleSince(new Date('2026-11-12T00:00:00Z'), new Date('2027-02-01T00:00:00Z'))?.toISOString(),
      '2027-01-23T19:00:00.000Z',
    );
  });
});

describe('live fetching by itself', () => {
  let standIn: StandIn;
  let started: StartedService;
  before(async () => {
    standIn = await startDataGovSgStandIn(datasets());
    started = await startService({ origins: {}, live: { origins: {}, fetch: settingsFor(standIn) } });
  });
  after(async () => {
    await started?.stop();
    await standIn?.stop();
  });

  it('values nothing before its first fetch, then the fetched homes without a restart; another process loads them at its next check', async () => {
    const live = started.live!.services;
    assert.match(started.notReady ?? '', /no official data/);
    // A second process of the cluster, started before the fetch.
    const other = composeServices(started.db, {
      ...live.settings,
      data: await liveData(started.db.in('live')),
    });
    assert.ok((await live.officialFetch!.nextAt())! <= new Date(), 'due at once: it never ran');
    // An integrator listening for the data's events in live.
    await started.db.in('live').query(
      `insert into webhook_endpoints (id, organization_id, url, secret_sealed, event_types)
         values ('we_datafresh', 'org_lionhomes', 'https://receiver.example/hooks', 'sealed', '{dataset.updated,dataset.stale}')`,
    );
    const outcome = await live.officialFetch!.run();
    assert.ok(!outcome.busy);
    assert.deepEqual(
      outcome.runs.map((run) => [run.dataset, run.status, run.rowsAdded]),
      [
        ['hdb_resale', 'imported', 40],
        ['hdb_rental', 'imported', 2],
      ],
    );
    assert.equal(started.notReady, undefined, 'ready: it has data now');
    const events = await started.db
      .in('live')
      .query<{ type: string; organization_id: string; payload: { target: string; detail: unknown } }>(
        `select type, organization_id, payload from outbox where type like 'dataset.%' order by audit_id`,
      );
    assert.deepEqual(
      events.map((e) => [e.type, e.organization_id, e.payload.target, e.payload.detail]),
      [
        ['dataset.updated', 'org_lionhomes', 'hdb_resale', { rowsAdded: 40, newestMonth: '2026-10' }],
        ['dataset.updated', 'org_lionhomes', 'hdb_rental', { rowsAdded: 2, newestMonth: '2026-10' }],
      ],
    );
    assert.ok(live.engine.search('ang mo kio ave 3').length > 0, 'the fetched blocks are found');
    assert.ok(other.engine.search('ang mo kio ave 3').length === 0);
    assert.equal(await other.data.refresh(), true);
    assert.ok(other.engine.search('ang mo kio ave 3').length > 0, 'the other process serves them too');
    assert.equal(await other.data.refresh(), false, 'nothing new: nothing loaded again');
    const next = await live.officialFetch!.nextAt();
    assert.equal(next!.toISOString(), scheduledAfter(new Date(Date.now() - 60_000)).toISOString());
    assert.equal(await live.officialFetch!.runIfDue(), undefined, 'not due again until the 10th');
  });

  it('says how current each dataset is, and when it goes stale', async () => {
    const live = started.live!.services;
    const [resale] = (await live.freshness.list()).filter((each) => each.dataset === 'hdb_resale');
    assert.equal(resale?.newestMonth, '2026-10');
    assert.equal(resale?.lastFetch?.status, 'imported');
    assert.equal(resale?.nextFetchAt, (await live.officialFetch!.nextAt('hdb_resale'))!.toISOString());
    assert.deepEqual([resale?.stale, resale?.staleSince], [false, null]);
    const later = createFreshness(started.db.in('live'), ['official'], {
      now: () => new Date(Date.now() + 120 * 86_400_000),
    });
    const [stale] = (await later.list()).filter((each) => each.dataset === 'hdb_resale');
    assert.equal(stale?.stale, true);
    assert.equal(
      stale?.staleSince,
      staleSince(new Date(stale!.lastImportedAt!), new Date(Date.now() + 120 * 86_400_000))?.toISOString(),
    );
    assert.equal(stale?.nextFetchAt, null, 'not fetched by this reader');
    const liveDb = started.db.in('live');
    assert.equal(await announceStale(liveDb, await later.list()), 2, 'resale and rentals went stale');
    assert.equal(await announceStale(liveDb, await later.list()), 0, 'each announced once');
    const told = await liveDb.query<{ payload: { detail: { staleSince: string } } }>(
      `select payload from outbox where type = 'dataset.stale' and payload->>'target' = 'hdb_resale'`,
    );
    assert.deepEqual(
      told.map((e) => e.payload.detail.staleSince),
      [stale!.staleSince],
    );
  });
});

describe('a cluster’s fetch on PostgreSQL', () => {
  let postgres: TestPostgres | undefined;
  let standIn: StandIn;
  let first: Database;
  let second: Database;
  before(async () => {
    postgres = await testPostgresDatabase('empty');
    if (!postgres) return;
    standIn = await startDataGovSgStandIn(datasets());
    first = await openDatabase({ url: postgres.url });
    second = await openDatabase({ url: postgres.url });
    await migrate(first);
  });
  after(async () => {
    await first?.close();
    await second?.close();
    await standIn?.stop();
    await postgres?.stop();
  });
  const fetchOn = (db: Database) =>
    createOfficialFetch(db.in('live'), settingsFor(standIn), { now: () => new Date(), onImported: async () => {} });
  const transactions = async () =>
    (await first.query<{ n: number }>('select count(*)::int as n from home_transactions'))[0]!.n;

  it('lets one process fetch at a time: the other is told so and does nothing', async (t) => {
    if (!postgres) return t.skip('PostgreSQL is not installed here (.ci/run installs it)');
    standIn.slowNextFile(1500);
    const [one, two] = await Promise.all([fetchOn(first).run(), delay(300).then(() => fetchOn(second).run())]);
    assert.equal(one.busy, false);
    assert.deepEqual(two, { busy: true });
    assert.equal(await transactions(), 42);
  });

  it('finishes, on the next run, a fetch killed with kill -9 in the middle, having imported nothing half', async (t) => {
    if (!postgres) return t.skip('PostgreSQL is not installed here');
    await first.query('delete from home_transactions');
    await first.query('delete from dataset_imports');
    standIn.slowNextFile(60_000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'service/data-fetch.ts', '--force'], {
      env: {
        ...process.env,
        DATABASE_URL: postgres!.url,
        DATA_GOV_SG_METADATA_URL: standIn.hosts.metadata,
        DATA_GOV_SG_DOWNLOAD_URL: standIn.hosts.download,
      },
      stdio: 'ignore',
    });
    const running = async () =>
      (await first.query(`select 1 from dataset_fetch_runs where status = 'running'`)).length > 0;
    for (let i = 0; i < 300 && !(await running()); i++) await delay(100);
    assert.ok(await running(), 'the command is fetching');
    await delay(300); // into the slow download
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    // The server frees a killed client's locks once its backend reads the closed socket: on a busy machine
    // that is after the process has exited, so the test waits for it (5 s at most) as a second process would.
    const held = async () =>
      (
        await first.query(
          `select 1 from pg_locks where locktype = 'advisory'
             and database = (select oid from pg_database where datname = current_database())`,
        )
      ).length > 0;
    for (let i = 0; i < 100 && (await held()); i++) await delay(50);
    assert.equal(await transactions(), 0, 'nothing half-imported');
    const outcome = await fetchOn(second).run({ force: true });
    assert.ok(!outcome.busy, 'the killed process’s lock went with it');
    assert.deepEqual(
      outcome.runs.map((run) => run.status),
      ['imported', 'imported'],
    );
    assert.equal(await transactions(), 42);
    const [left] = await first.query<{ failure: string }>(
      `select failure from dataset_fetch_runs where status = 'failed' order by started_at limit 1`,
    );
    assert.equal(left?.failure, 'left running by a process that stopped');
  });
});

describe('the sandbox’s road', () => {
  it('fetches its world from stand-ins of data.gov.sg, URA and OneMap through live’s code, and fails when they stop', async () => {
    const sources = await startSandboxSources();
    const sandbox = await startService({ origins: {}, settings: { fetch: sources.settings } });
    try {
      const fetch = sandbox.services.officialFetch!;
      assert.deepEqual(fetch.sources, ['data.gov.sg', 'URA', 'OneMap']);
      const outcome = await fetch.run();
      assert.ok(!outcome.busy);
      assert.deepEqual(
        outcome.runs.map((run) => [run.dataset, run.status, run.rowsAdded ?? 0]),
        [
          ['hdb_resale', 'imported', 0],
          ['hdb_rental', 'imported', 0],
          ['onemap_addresses', 'imported', 0],
          ['ura_sales', 'imported', 0],
          ['ura_rentals', 'imported', 0],
        ],
        'the world it imported at start, fetched again: nothing new; the blocks its addresses leave out asked once',
      );
      const again = await fetch.run();
      assert.ok(!again.busy);
      assert.equal(again.runs.find((run) => run.dataset === 'onemap_addresses')!.status, 'unchanged', 'asked once');
      // A restart finds its world as it left it: the fetched files are the start's, byte for byte.
      const imports = async () =>
        (await sandbox.db.query<{ n: number }>(`select count(*)::int as n from dataset_imports`))[0]!.n;
      const before = await imports();
      await importSandboxWorld(sandbox.db);
      assert.equal(await imports(), before, 'not imported again');
      const archive = await sandbox.db.query<{ n: number }>(`select count(*)::int as n from official_archive`);
      assert.equal(archive[0]!.n, 12, 'URA’s answers archived, each run’s');
      await sources.stop();
      const [resale] = ((await fetch.run({ force: true })) as { runs: { status: string; failure?: string }[] }).runs;
      assert.equal(resale!.status, 'failed');
      const [fresh] = (await sandbox.services.freshness.list()).filter((f) => f.dataset === 'hdb_resale');
      assert.equal(fresh!.lastFetch!.status, 'failed', 'the Data page and the API say so');
    } finally {
      await sandbox.stop();
      await sources.stop();
    }
  });
});
