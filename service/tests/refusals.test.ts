/**
 * A refusal says the real reason on every surface (the widget host, the Platform API, MCP and the
 * valuation page), on an operator's files as they often come: HDB resales without the rental file, and
 * without OneMap's. Rents: none loaded. A 3-room with two sales of its own is valued all the same, its
 * block's other flats beside its own.
 * A storey above the highest the block's sales name: the field, and what it may be.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { importOfficialFile } from '../core/datasets/official/import-file.js';
import { homesOf, type PropertyRecord } from '../core/estimates/homes.js';
import { refusalsOf } from '../core/estimates/refusals.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { startService, type StartedService } from '../servers/start-service.js';
import { rawMcpClient } from './mcp-raw-client.js';

const HEADER =
  'month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,remaining_lease,resale_price';
const sale = (month: string, type: string, storeys: string, area: number, price: number) =>
  `${month},PUNGGOL,${type},270B,PUNGGOL FIELD,${storeys},${area},Premium Apartment,2004,77 years,${price}`;
const RESALES = [
  HEADER,
  ...['01 TO 03', '04 TO 06', '07 TO 09', '10 TO 12', '04 TO 06', '07 TO 09', '01 TO 03'].map((storeys, i) =>
    sale(`2026-0${i + 1}`, '4 ROOM', storeys, 93, 520_000 + i * 4_000),
  ),
  sale('2026-03', '3 ROOM', '04 TO 06', 68, 410_000),
  sale('2026-05', '3 ROOM', '07 TO 09', 68, 415_000),
];
const FOUR_ROOM = 'hdb-270b-punggol-field-4-room';
const THREE_ROOM = 'hdb-270b-punggol-field-3-room';
const ORIGIN = 'http://localhost:5173';
const WIDGET_KEY = 'svce_test_demo0000000000000001';
const PLATFORM_KEY = 'svcp_test_agency00000000000000001';

let db: Database;
let service: StartedService;
before(async () => {
  const folder = await mkdtemp(join(tmpdir(), 'refusals-'));
  db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  const path = join(folder, 'resale.csv');
  await writeFile(path, `${RESALES.join('\n')}\n`);
  const outcome = await importOfficialFile(db, path);
  assert.ok('imported' in outcome, 'refused' in outcome ? outcome.refused : '');
  await rm(folder, { recursive: true, force: true });
  service = await startService({ database: db, homes: 'imported', origins: { widgetHost: 0, platform: 0, mcp: 0 } });
});
after(async () => {
  await service?.stop();
  await db?.close();
});

const widget = async (query: string) => {
  const response = await fetch(`${service.urls.widgetHost}v1/estimates?key=${WIDGET_KEY}&${query}`, {
    headers: { Origin: ORIGIN },
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
};
const platform = async (query: string) => {
  const response = await fetch(`${service.services.links.apiBase}/valuations/properties/${query}`, {
    headers: { Authorization: `Bearer ${PLATFORM_KEY}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
};
const mcp = async (args: Record<string, unknown>) => {
  const client = rawMcpClient(() => service.services.links.mcpEndpoint);
  const result = await client.resultOf(await client.callTool('get_valuation', undefined, args));
  return result.content[0]!.text;
};
const valuationPage = async (path: string) => {
  const response = await fetch(`${service.urls.widgetHost}valuation/${path}`);
  return { status: response.status, text: await response.text() };
};

it('says on the front page what the estimates are made from: the official files imported, not made-up figures', async () => {
  const front = await (await fetch(service.urls.widgetHost)).text();
  assert.match(
    front,
    /Estimates here are made from 2 homes, 9 transactions from 2026-01 to 2026-07 \(official files imported\)/,
  );
  assert.doesNotMatch(front, /made up|fictional/);
});

describe('refusals say why', () => {
  it('says no rental data is loaded, on every surface, instead of too few transactions', async () => {
    const hosted = await widget(`id=${FOUR_ROOM}&mode=rent`);
    assert.equal(hosted.status, 422);
    assert.equal(hosted.body.code, 'no_comparables');
    assert.match(hosted.body.message, /No rental transactions are loaded.*import the rental dataset/);
    assert.equal(
      hosted.body.visitorMessage,
      'This service has no rental transactions yet, so it cannot estimate rents. Try the sale estimate.',
    );
    const inChinese = await widget(`id=${FOUR_ROOM}&mode=rent&lang=zh`);
    assert.equal(inChinese.body.visitorMessage, '本服务尚无租赁记录，暂时无法估算租金。请查看售价估算。');
    const api = await platform(`${FOUR_ROOM}/estimate?mode=rent`);
    assert.deepEqual([api.status, api.body.code], [422, 'no_comparables']);
    assert.match(api.body.detail, /No rental transactions are loaded/);
    assert.match(await mcp({ propertyId: FOUR_ROOM, mode: 'rent' }), /No rental transactions are loaded/);
    const page = await valuationPage(`${FOUR_ROOM}?mode=rent`);
    assert.equal(page.status, 422);
    assert.match(page.text, /This service has no rental transactions yet/);
    assert.doesNotMatch(page.text, /too few recent transactions/);
  });

  it('values a flat type with two sales of its own from its block’s other flats, never refusing what the model values', async () => {
    const hosted = await widget(`id=${THREE_ROOM}&mode=sale`);
    assert.equal(hosted.status, 200);
    const comparables = hosted.body.comparables as unknown as { unitType: string; near: string }[];
    assert.equal(comparables.filter((c) => c.unitType === '3-room').length, 2, 'its own two sales');
    assert.ok(comparables.length >= 5 && comparables.every((c) => c.near === 'same_block'));
    assert.deepEqual(hosted.body.basis, {
      scope: 'block',
      months: 24,
      widened: false,
      text: "From the block's sales of the last 24 months",
    });
    const api = await platform(`${THREE_ROOM}/estimate`);
    assert.deepEqual([api.status, api.body.value], [200, hosted.body.value]);
    assert.match(await mcp({ propertyId: THREE_ROOM, mode: 'sale' }), /S\$[\d,]+/);
    assert.equal((await valuationPage(`${THREE_ROOM}?mode=sale`)).status, 200);
  });

  it('names the field and what it may be for a storey above the block’s highest sale', async () => {
    const hosted = await widget(`id=${FOUR_ROOM}&mode=sale&storey=30`);
    assert.deepEqual([hosted.status, hosted.body.code, hosted.body.parameter], [400, 'invalid_request', 'storey']);
    assert.equal(
      hosted.body.visitorMessage,
      'The highest storey sold in this block is 12. Enter a storey from 1 to 12.',
    );
    const api = await platform(`${FOUR_ROOM}/estimate?storey=30`);
    assert.equal(api.status, 400);
    assert.match(api.body.detail, /storey: storey must be at most 12/);
    const page = await valuationPage(`${FOUR_ROOM}?mode=sale&storey=30`);
    assert.equal(page.status, 400);
    assert.match(page.text, /The highest storey sold in this block is 12/);
    assert.equal((await widget(`id=${FOUR_ROOM}&mode=sale&storey=11`)).status, 200, 'a storey it has is valued');
  });
});

it('tells none of the kind in the area from too few nearby and from no data of the mode', () => {
  const flat = (id: string, unitType: string, town: string) =>
    ({
      id,
      address: id,
      town,
      propertyType: 'hdb',
      unitType,
      floorAreaSqm: 90,
      lat: 1.4,
      lng: 103.9,
    }) as PropertyRecord;
  const homes = homesOf(
    '2026-06-30',
    [flat('a', '4-room', 'Punggol'), flat('b', '3-room', 'Punggol'), flat('c', '3-room', 'Bedok')],
    [
      { propertyId: 'a', mode: 'rent', date: '2026-06-15', floorAreaSqm: 90, price: 3200 },
      { propertyId: 'c', mode: 'rent', date: '2026-06-15', floorAreaSqm: 68, price: 2600 },
      { propertyId: 'a', mode: 'sale', date: '2026-05-15', floorAreaSqm: 90, price: 520_000 },
    ],
  );
  const reasonFor = refusalsOf(homes);
  assert.equal(reasonFor(homes.byId.get('b')!, 'rent'), 'none_of_kind_in_area', 'no 3-room was rented in Punggol');
  assert.equal(reasonFor(homes.byId.get('a')!, 'rent'), 'too_few_nearby');
  assert.equal(reasonFor(homes.byId.get('b')!, 'sale'), 'none_of_kind_in_area');
  const noRents = refusalsOf(homesOf('2026-06-30', [flat('a', '4-room', 'Punggol')], []));
  assert.equal(noRents(flat('a', '4-room', 'Punggol'), 'rent'), 'no_data_for_mode');
});
