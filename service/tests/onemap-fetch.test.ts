/**
 * HDB's blocks placed with OneMap from a local stand-in (its shapes, on loopback; no test reaches the
 * internet): only the blocks no address places yet are asked, each once (found or not), what OneMap found
 * is imported as addresses, a token that expired mid-run is renewed (OneMap says so with HTTP 200 and an
 * `error`), a 429 is waited out, and an account OneMap refuses fails the run without recording anything.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { oneMapSearch } from '../core/datasets/fetch/onemap-search.js';
import { placeBlocks } from '../core/datasets/fetch/place-blocks.js';
import { failureOf } from '../core/datasets/fetch/source-fault.js';
import { importOfficialText } from '../core/datasets/official/import-file.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { svy21ToWgs84 } from '../geo/svy21.js';
import { startOneMapStandIn } from '../sandbox/official-apis/onemap-stand-in.js';

const RESALE_HEADER =
  'month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,remaining_lease,resale_price';
const sale = (block: string, street: string) =>
  `2026-10,ANG MO KIO,4 ROOM,${block},${street},07 TO 09,92,New Generation,1980,53 years 02 months,480000`;
const address = (block: string, road: string, postal: string, x: number, y: number) => {
  const { lat, lng } = svy21ToWgs84(x, y);
  return {
    SEARCHVAL: `${block} ${road} SINGAPORE ${postal}`,
    BLK_NO: block,
    ROAD_NAME: road,
    BUILDING: 'NIL',
    ADDRESS: `${block} ${road} SINGAPORE ${postal}`,
    POSTAL: postal,
    X: String(x),
    Y: String(y),
    LATITUDE: String(lat),
    LONGITUDE: String(lng),
  };
};

let db: Database;
let standIn: Awaited<ReturnType<typeof startOneMapStandIn>>;
const slept: number[] = [];
const onemap = (password = 'correct horse') =>
  oneMapSearch({
    email: 'data@service.test',
    password,
    host: standIn.host,
    sleep: async (ms) => void slept.push(ms),
  });
const postals = async () =>
  (await db.query<{ postal: string }>('select postal from addresses order by postal')).map((row) => row.postal);

before(async () => {
  db = await openDatabase();
  await migrate(db);
  const rows = [sale('101', 'ANG MO KIO AVE 3'), sale('102', 'ANG MO KIO AVE 3'), sale('999', 'NOWHERE RD')];
  const imported = await importOfficialText(db, 'resale.csv', `${RESALE_HEADER}\n${rows.join('\n')}\n`);
  assert.ok('imported' in imported);
  standIn = await startOneMapStandIn({
    email: 'data@service.test',
    password: 'correct horse',
    addresses: [
      address('101', 'ANG MO KIO AVENUE 3', '560101', 29_500, 38_900),
      address('102', 'ANG MO KIO AVENUE 3', '560102', 29_560, 38_950),
    ],
  });
});
after(async () => {
  await standIn?.stop();
  await db?.close();
});

describe('placing HDB’s blocks with OneMap', () => {
  it('refuses an account OneMap refuses, recording nothing', async () => {
    const [run] = await placeBlocks(db, onemap('wrong'));
    assert.equal(run!.status, 'failed');
    assert.match(run!.failure!, /OneMap refused the account: Invalid email or password.: check ONEMAP_EMAIL/);
    assert.deepEqual(await postals(), []);
    assert.equal((await db.query('select 1 from onemap_lookups')).length, 0);
  });

  it('asks for each block no address places, imports what OneMap found, and keeps each answer', async () => {
    const [run] = await placeBlocks(db, onemap());
    assert.deepEqual([run!.status, run!.rowsAdded], ['imported', 2]);
    assert.match(run!.warning!, /1 blocks not found/);
    assert.deepEqual([...standIn.searches].sort(), ['101 ANG MO KIO AVE 3', '102 ANG MO KIO AVE 3', '999 NOWHERE RD']);
    assert.deepEqual(await postals(), ['560101', '560102']);
  });

  it('asks nothing again: the placed blocks and the one OneMap did not find', async () => {
    const asked = standIn.searches.length;
    const [run] = await placeBlocks(db, onemap());
    assert.equal(run!.status, 'unchanged');
    assert.equal(standIn.searches.length, asked);
  });

  it('renews a token OneMap says expired (HTTP 200 with an error), once, and goes on', async () => {
    await importOfficialText(db, 'more.csv', `${RESALE_HEADER}\n${sale('103', 'ANG MO KIO AVE 3')}\n`);
    standIn.data.addresses.push(address('103', 'ANG MO KIO AVENUE 3', '560103', 29_600, 39_000));
    const client = onemap();
    await client.search('101 ANG MO KIO AVE 3'); // a token in hand
    const tokens = standIn.tokensIssued;
    standIn.expireToken();
    const [run] = await placeBlocks(db, client);
    assert.deepEqual([run!.status, run!.rowsAdded], ['imported', 1]);
    assert.equal(standIn.tokensIssued, tokens + 1, 'one new token');
    assert.deepEqual(await postals(), ['560101', '560102', '560103']);
  });

  it('waits out a 429 as Retry-After says, never taking it for the account’s problem', async () => {
    const client = onemap();
    await client.search('101 ANG MO KIO AVE 3'); // a token in hand
    const tokens = standIn.tokensIssued;
    slept.length = 0;
    standIn.busy(2, '3');
    assert.equal((await client.search('102 ANG MO KIO AVE 3'))[0]!.POSTAL, '560102');
    assert.deepEqual(
      slept.filter((ms) => ms > 500),
      [3000, 3000],
      'two waits of Retry-After’s 3 s (searches are otherwise spaced 500 ms)',
    );
    assert.equal(standIn.tokensIssued, tokens, 'the token kept');
    standIn.busy(9);
    await assert.rejects(client.search('102 ANG MO KIO AVE 3'), (error) =>
      /^OneMap kept answering 429 .*: run the fetch again later \(OneMap allows 250 calls a minute\)$/.test(
        failureOf(error),
      ),
    );
    standIn.busy(0);
  });
});
