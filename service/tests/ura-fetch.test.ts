/**
 * URA's private sales and rents fetched from a local stand-in of its Data Service (its shapes, on
 * loopback; no test reaches the internet): the token, the four sales batches and the recent rental
 * quarters, every answer archived before it is imported, a re-run that adds nothing, URA's five-year
 * window moving on (the rows it dropped stay, the archive holds them), a token expired mid-run, a
 * firewall's page, an access key refused, and an answer in a changed shape (nothing imported).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { archived, archiveSize } from '../core/datasets/fetch/archive.js';
import { fetchUra } from '../core/datasets/fetch/fetch-ura.js';
import { recentQuarters, uraDataService } from '../core/datasets/fetch/ura-data-service.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { startUraStandIn } from '../sandbox/official-apis/ura-stand-in.js';
import { createOfficialFetch } from '../core/datasets/fetch/official-fetch.js';
import { freePort } from '../web/free-ports.js';

const NOW = new Date('2026-11-29T04:00:00Z');
const sale = (contractDate: string, price: number) => ({
  area: '95',
  floorRange: '06-10',
  noOfUnits: '1',
  contractDate,
  typeOfSale: '3',
  price: String(price),
  propertyType: 'Condominium',
  district: '14',
  typeOfArea: 'Strata',
  tenure: '99 yrs lease commencing from 2018',
});
const project = (transactions: ReturnType<typeof sale>[]) => ({
  project: 'PARC ESTA',
  street: 'SIMS AVENUE',
  x: '33000.12',
  y: '33500.40',
  marketSegment: 'OCR',
  transaction: transactions,
});
const rental = (leaseDate: string, rent: number) => ({
  areaSqm: '90-100',
  areaSqft: '900-1000',
  leaseDate,
  propertyType: 'Non-landed Properties',
  district: '14',
  noOfBedRoom: '3',
  rent: String(rent),
});
const [previousQuarter, thisQuarter] = recentQuarters(NOW);

let db: Database;
let standIn: Awaited<ReturnType<typeof startUraStandIn>>;
const slept: number[] = [];
const ura = (accessKey = 'key-0001') =>
  uraDataService({ accessKey, host: standIn.host, now: () => NOW, sleep: async (ms) => void slept.push(ms) });
const rows = async (dataset: string) =>
  (await db.query<{ n: number }>('select count(*)::int as n from home_transactions where dataset = $1', [dataset]))[0]!
    .n;

before(async () => {
  db = await openDatabase();
  await migrate(db);
  standIn = await startUraStandIn({
    accessKey: 'key-0001',
    sales: { 2: [project([sale('1121', 1_300_000), sale('0926', 1_500_000), sale('1026', 1_520_000)])] },
    rentals: {
      [previousQuarter!]: [
        { project: 'PARC ESTA', street: 'SIMS AVENUE', x: '33000.12', y: '33500.40', rental: [rental('0826', 4200)] },
      ],
    },
  });
});
after(async () => {
  await standIn?.stop();
  await db?.close();
});

describe('fetching URA’s private sales and rents', () => {
  it('reads the quarters to ask: the current one and the one before', () => {
    assert.deepEqual(recentQuarters(new Date('2026-11-29T04:00:00Z')), ['26q3', '26q4']);
    assert.deepEqual(recentQuarters(new Date('2027-01-05T04:00:00Z')), ['26q4', '27q1']);
  });

  it('takes a token, asks each batch and quarter, archives every answer, then imports them', async () => {
    const runs = await fetchUra(db, ura(), { now: () => NOW });
    assert.deepEqual(
      runs.map((run) => [run.dataset, run.status, run.rowsAdded, run.newestMonth]),
      [
        ['ura_sales', 'imported', 3, '2026-10'],
        ['ura_rentals', 'imported', 1, '2026-08'],
      ],
    );
    assert.equal(standIn.tokensIssued, 1, 'one token for the day');
    assert.deepEqual(
      standIn.requests.filter((path) => path.includes('invokeUraDS')).map((path) => path.split('?')[1]),
      [
        'service=PMI_Resi_Transaction&batch=1',
        'service=PMI_Resi_Transaction&batch=2',
        'service=PMI_Resi_Transaction&batch=3',
        'service=PMI_Resi_Transaction&batch=4',
        `service=PMI_Resi_Rental&refPeriod=${previousQuarter}`,
        `service=PMI_Resi_Rental&refPeriod=${thisQuarter}`,
      ],
    );
    const size = await archiveSize(db);
    assert.equal(size.answers, 6, 'every answer archived, the empty ones too');
    assert.ok(size.storedBytes > 0 && size.originalBytes > 0);
  });

  it('adds only what is new on a re-run, and keeps what leaves URA’s five-year window (the archive holds it too)', async () => {
    // A month on: November 2021 left URA's window; a new sale came.
    standIn.data.sales[2] = [project([sale('0926', 1_500_000), sale('1026', 1_520_000), sale('1126', 1_560_000)])];
    const [sales] = await fetchUra(db, ura(), { now: () => NOW });
    assert.deepEqual([sales!.status, sales!.rowsAdded, sales!.newestMonth], ['imported', 1, '2026-11']);
    assert.equal(await rows('ura_sales'), 4, 'the sale URA no longer serves is still here');
    const answers = (await archived(db, 'URA')).filter((a) => a.request.endsWith('batch=2'));
    assert.equal(answers.length, 2);
    assert.match(answers[0]!.text, /"contractDate":"1121"/, 'the first answer, as it came');
    assert.doesNotMatch(answers[1]!.text, /"contractDate":"1121"/);
  });

  it('renews a token that expired mid-run, once', async () => {
    const before = standIn.tokensIssued;
    const client = ura();
    await client.sales()[0]!();
    standIn.fault('token-expires');
    const answer = await client.sales()[1]!();
    assert.match(answer.text, /PARC ESTA/);
    assert.equal(standIn.tokensIssued, before + 2, 'a first token, then one more when it expired');
  });

  it('waits out a 429 as Retry-After says (seconds or a date), or 10 s, then gives up naming it', async () => {
    slept.length = 0;
    const client = ura();
    standIn.busy(1, '7');
    assert.match((await client.sales()[0]!()).text, /"Status":"Success"/);
    standIn.busy(1, new Date(NOW.getTime() + 30_000).toUTCString());
    await client.sales()[1]!();
    standIn.busy(1);
    await client.sales()[2]!();
    assert.deepEqual(slept, [7000, 30_000, 10_000]);
    standIn.busy(9);
    const [gaveUp] = await fetchUra(db, ura(), { now: () => NOW });
    standIn.busy(0);
    assert.equal(gaveUp!.status, 'failed');
    assert.match(gaveUp!.failure!, /URA kept answering 429 \(too many requests\).*run the fetch again later/);
  });

  it('refuses a firewall’s page, a refused access key and a changed shape, importing nothing', async () => {
    const before = await rows('ura_sales');
    standIn.fault('html');
    const [html] = await fetchUra(db, ura(), { now: () => NOW });
    standIn.fault('none');
    assert.equal(html!.status, 'failed');
    assert.match(html!.failure!, /page of HTML .*firewall/);

    const [key] = await fetchUra(db, ura('wrong-key'), { now: () => NOW });
    assert.match(key!.failure!, /URA refused the access key: Invalid AccessKey: check URA_ACCESS_KEY/);

    const kept = standIn.data.sales[3];
    standIn.data.sales[3] = [{ project: 'NEW SHAPE', deals: [{ price: '1' }] }];
    const [shape] = await fetchUra(db, ura(), { now: () => NOW });
    standIn.data.sales[3] = kept;
    assert.equal(shape!.status, 'failed');
    assert.match(shape!.failure!, /not PMI_Resi_Transaction's shape.*nothing of this run was imported/);
    assert.equal(await rows('ura_sales'), before, 'nothing imported by the failed runs');
  });
});

describe('URA in the service’s own fetch', () => {
  it('is fetched weekly beside data.gov.sg, each source under its own lock, one source’s failure not stopping the other', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const fetch = createOfficialFetch(
      db,
      {
        dataGovSg: { hosts: { metadata: closed, download: closed } },
        ura: { accessKey: 'key-0001', host: standIn.host },
        origin: 'official',
      },
      { now: () => NOW, onImported: async () => {} },
    );
    assert.deepEqual(fetch.sources, ['data.gov.sg', 'URA']);
    const outcome = await fetch.run();
    assert.ok(!outcome.busy);
    assert.deepEqual(
      outcome.runs.map((run) => [run.dataset, run.status]),
      [
        ['hdb_resale', 'failed'],
        ['hdb_rental', 'failed'],
        ['ura_sales', 'imported'],
        ['ura_rentals', 'imported'],
      ],
    );
    const day = 86_400_000;
    assert.equal((await fetch.nextAt('ura_sales'))!.getTime(), NOW.getTime() + 7 * day, 'URA: a week on');
    assert.equal(
      (await fetch.nextAt('hdb_resale'))!.getTime(),
      NOW.getTime() + day,
      'data.gov.sg: a day after failing',
    );
    assert.equal(await fetch.runIfDue(), undefined, 'neither is due yet');
  });
});
