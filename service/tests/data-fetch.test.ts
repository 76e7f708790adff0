/**
 * HDB's datasets fetched from a local stand-in of data.gov.sg (its shapes, on loopback; no test
 * reaches the internet): the happy path, a re-run that adds nothing, a month that fills in later, a
 * month with fewer rows (a warning, never a deletion), and each fault: a 429 with and without
 * Retry-After, a firewall's HTML page, a poll that never completes, an expired file URL, a download
 * cut short, a file whose header changed, a run already going, and one left by a killed process.
 * A failed run imports nothing and changes nothing but its record.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dataGovSg, HDB_DATASETS } from '../core/datasets/fetch/data-gov-sg.js';
import { fetchHdb } from '../core/datasets/fetch/fetch-hdb.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { startDataGovSgStandIn } from '../sandbox/official-apis/data-gov-sg-stand-in.js';

const RESALE_HEADER =
  'month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,remaining_lease,resale_price';
const sale = (month: string, block: string, price: number) =>
  `${month},ANG MO KIO,4 ROOM,${block},ANG MO KIO AVE 3,07 TO 09,92,New Generation,1980,53 years 02 months,${price}`;
const RENTAL_HEADER = 'rent_approval_date,town,block,street_name,flat_type,monthly_rent';
const rent = (month: string, block: string, price: number) =>
  `${month},ANG MO KIO,${block},ANG MO KIO AVE 3,4-ROOM,${price}`;
const csv = (header: string, rows: string[]) => `${header}\n${rows.join('\n')}\n`;

let db: Database;
let standIn: Awaited<ReturnType<typeof startDataGovSgStandIn>>;
const slept: number[] = [];
const source = () =>
  dataGovSg({
    hosts: standIn.hosts,
    sleep: async (ms) => void slept.push(ms),
    polls: { attempts: 3, intervalMs: 1 },
  });
const resale = () => standIn.datasets[HDB_DATASETS.hdb_resale]!;
const rental = () => standIn.datasets[HDB_DATASETS.hdb_rental]!;
const rows = async () => (await db.query<{ n: number }>(`select count(*)::int as n from home_transactions`))[0]!.n;

before(async () => {
  db = await openDatabase();
  await migrate(db);
  standIn = await startDataGovSgStandIn({
    [HDB_DATASETS.hdb_resale]: {
      text: csv(RESALE_HEADER, [
        sale('2026-08', '101', 480000),
        sale('2026-09', '102', 490000),
        sale('2026-10', '103', 500000),
      ]),
      lastUpdatedAt: '2026-11-03T09:00:00+08:00',
    },
    [HDB_DATASETS.hdb_rental]: {
      text: csv(RENTAL_HEADER, [rent('2026-09', '101', 3100), rent('2026-10', '102', 3200)]),
      lastUpdatedAt: '2026-11-03T09:00:00+08:00',
    },
  });
});
after(async () => {
  await standIn?.stop();
  await db?.close();
});

describe('fetching HDB’s data from data.gov.sg', () => {
  it('imports each dataset, then adds nothing while the source is unchanged', async () => {
    const runs = await fetchHdb(db, source());
    assert.deepEqual(
      runs.map((r) => [r.dataset, r.status, r.rowsAdded, r.newestMonth]),
      [
        ['hdb_resale', 'imported', 3, '2026-10'],
        ['hdb_rental', 'imported', 2, '2026-10'],
      ],
    );
    assert.equal(await rows(), 5);
    const before = standIn.requests.length;
    const again = await fetchHdb(db, source());
    assert.deepEqual(
      again.map((r) => r.status),
      ['unchanged', 'unchanged'],
    );
    assert.deepEqual(
      standIn.requests.slice(before).map((p) => p.split('/').at(-1)),
      ['metadata', 'metadata'],
    );
    const forced = await fetchHdb(db, source(), { force: true });
    assert.deepEqual(
      forced.map((r) => r.rowsAdded),
      [0, 0],
      'a forced re-run adds nothing it holds',
    );
    assert.equal(await rows(), 5);
  });

  it('adds the rows of a month that fills in later, and warns of a month with fewer, removing nothing', async () => {
    resale().text = csv(RESALE_HEADER, [
      sale('2026-08', '101', 480000),
      sale('2026-09', '102', 490000),
      sale('2026-10', '103', 500000),
      sale('2026-10', '104', 515000),
    ]);
    resale().lastUpdatedAt = '2026-11-10T09:00:00+08:00';
    const [filled] = await fetchHdb(db, source(), { datasets: ['hdb_resale'] });
    assert.deepEqual([filled!.status, filled!.rowsAdded, filled!.warning], ['imported', 1, undefined]);
    resale().text = csv(RESALE_HEADER, [sale('2026-08', '101', 480000), sale('2026-10', '103', 500000)]);
    resale().lastUpdatedAt = '2026-11-17T09:00:00+08:00';
    const [fewer] = await fetchHdb(db, source(), { datasets: ['hdb_resale'] });
    assert.match(fewer!.warning!, /fewer rows than the last run for 2026-09, 2026-10: none was removed/);
    assert.equal(await rows(), 6, 'nothing removed');
  });

  it('waits out a 429 as Retry-After says, or 10 s without it', async () => {
    slept.length = 0;
    standIn.fault('busy-with-retry-after', 2);
    const [waited] = await fetchHdb(db, source(), { datasets: ['hdb_rental'], force: true });
    assert.equal(waited!.status, 'imported');
    standIn.fault('busy-without-retry-after', 1);
    await fetchHdb(db, source(), { datasets: ['hdb_rental'], force: true });
    assert.deepEqual(slept, [2000, 2000, 10000]);
    standIn.fault('busy-without-retry-after', 9);
    const [gaveUp] = await fetchHdb(db, source(), { datasets: ['hdb_rental'], force: true });
    assert.match(gaveUp!.failure!, /kept answering 429.*DATA_GOV_SG_API_KEY/);
    standIn.fault('none');
  });

  it('refuses a firewall’s page, a poll that never completes and a download cut short, importing nothing', async () => {
    rental().text = csv(RENTAL_HEADER, [
      rent('2026-09', '101', 3100),
      rent('2026-10', '102', 3200),
      rent('2026-10', '105', 3350),
    ]);
    rental().lastUpdatedAt = '2026-11-20T09:00:00+08:00';
    const before = await rows();
    for (const [fault, reason] of [
      ['html', /a page of text\/html \(HTTP 200\), not JSON: a firewall/],
      ['never-ready', /did not finish preparing .* after 3 polls/],
      ['truncated', /was cut short/],
    ] as const) {
      standIn.fault(fault);
      const [run] = await fetchHdb(db, source(), { datasets: ['hdb_rental'] });
      assert.equal(run!.status, 'failed', fault);
      assert.match(run!.failure!, reason);
      assert.equal(await rows(), before, `${fault}: nothing imported`);
    }
    standIn.fault('expired-url');
    const [renewed] = await fetchHdb(db, source(), { datasets: ['hdb_rental'] });
    assert.deepEqual([renewed!.status, renewed!.rowsAdded], ['imported', 1], 'an expired file URL is asked for again');
    standIn.fault('none');
    const [failed] = await db.query<{ failure: string }>(
      `select failure from dataset_fetch_runs where status = 'failed' and failure like '%firewall%'`,
    );
    assert.ok(failed, 'each failed run is recorded with its reason');
  });

  it('refuses a file whose header changed, whole, and the previous data keep serving', async () => {
    resale().text = csv(`${RESALE_HEADER},postal_code`, [`${sale('2026-11', '106', 520000)},560106`]);
    resale().lastUpdatedAt = '2026-12-01T09:00:00+08:00';
    const before = await rows();
    const [run] = await fetchHdb(db, source(), { datasets: ['hdb_resale'] });
    assert.equal(run!.status, 'failed');
    assert.match(run!.failure!, /was not imported.*the previous data keep serving/);
    assert.equal(await rows(), before);
  });

  it('runs one fetch of a dataset at a time, and takes over one a killed process left running', async () => {
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
    await db.query(
      `insert into dataset_fetch_runs (id, source, dataset, origin, status, started_at) values ('run_other', 'data.gov.sg', 'hdb_rental', 'official', 'running', $1)`,
      [at(0.1)],
    );
    const [busy] = await fetchHdb(db, source(), { datasets: ['hdb_rental'] });
    assert.equal(busy!.status, 'busy');
    await db.query(`update dataset_fetch_runs set started_at = $1 where id = 'run_other'`, [at(2)]);
    const [taken] = await fetchHdb(db, source(), { datasets: ['hdb_rental'] });
    assert.equal(taken!.status, 'unchanged');
    const [left] = await db.query<{ status: string; failure: string }>(
      `select status, failure from dataset_fetch_runs where id = 'run_other'`,
    );
    assert.deepEqual([left!.status, left!.failure], ['failed', 'left running by a process that stopped']);
  });
});
