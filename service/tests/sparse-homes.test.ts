/**
 * The homes a sparse market is made of, each valued on every surface (the widget host, the Platform
 * API, MCP and the valuation page), with what it was valued from named: a block with one sale in two
 * years, its street's other blocks as sparse, a street of one block, none of them with a place (no
 * OneMap file), and a condo with no neighbour within 5 km. Files in the official formats, imported.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { importOfficialFile } from '../core/datasets/official/import-file.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { startService, type StartedService } from '../servers/start-service.js';
import { rawMcpClient } from './mcp-raw-client.js';

const RESALE_HEADER =
  'month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,remaining_lease,resale_price';
const resale = (month: string, block: string, street: string, lease: number, price: number) =>
  `${month},PUNGGOL,4 ROOM,${block},${street},07 TO 09,93,Premium Apartment,${lease},80 years,${price}`;
const RESALES = [
  RESALE_HEADER,
  resale('2026-02', '270B', 'PUNGGOL FIELD', 2004, 540_000),
  resale('2025-06', '271A', 'PUNGGOL FIELD', 2004, 525_000),
  resale('2026-05', '271A', 'PUNGGOL FIELD', 2004, 548_000),
  resale('2025-09', '272C', 'PUNGGOL FIELD', 2005, 532_000),
  resale('2026-08', '601', 'PUNGGOL WAY', 2012, 610_000),
  ...Array.from({ length: 8 }, (_, i) =>
    resale(`2025-${String(i + 2).padStart(2, '0')}`, `${310 + (i % 4)}`, 'PUNGGOL CTRL', 2010, 580_000 + i * 3_000),
  ),
];

/** URA's sales: a condo on its own, 6.5 km from the nearest other, which sells more often. */
const uraProject = (project: string, x: number, sales: [string, number][]) => ({
  project,
  street: `${project} ROAD`,
  x: String(x),
  y: '35000',
  marketSegment: 'OCR',
  transaction: sales.map(([contractDate, price]) => ({
    area: '100',
    floorRange: '06-10',
    noOfUnits: '1',
    contractDate,
    typeOfSale: '3',
    price: String(price),
    propertyType: 'Condominium',
    district: '19',
    typeOfArea: 'Strata',
    tenure: '99 yrs lease commencing from 2010',
  })),
});
const URA = {
  Status: 'Success',
  Result: [
    uraProject('LONELY HILL', 30_000, [
      ['0126', 1_500_000],
      ['0626', 1_540_000],
    ]),
    uraProject('CROWDED PARK', 36_500, [
      ['0225', 1_400_000],
      ['0525', 1_420_000],
      ['0825', 1_450_000],
      ['1125', 1_460_000],
      ['0326', 1_480_000],
      ['0726', 1_500_000],
    ]),
  ],
};

const ONE_SALE = 'hdb-270b-punggol-field-4-room';
const LONE_STREET = 'hdb-601-punggol-way-4-room';
const ORIGIN = 'http://localhost:5173';
const WIDGET_KEY = 'svce_test_demo0000000000000001';
const PLATFORM_KEY = 'svcp_test_agency00000000000000001';

let db: Database;
let service: StartedService;
let lonelyCondo: string;
before(async () => {
  const folder = await mkdtemp(join(tmpdir(), 'sparse-homes-'));
  db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  const files: [string, string][] = [
    ['resale.csv', `${RESALES.join('\n')}\n`],
    ['PMI_Resi_Transaction.json', JSON.stringify(URA)],
  ];
  for (const [name, text] of files) {
    const path = join(folder, name);
    await writeFile(path, text);
    const outcome = await importOfficialFile(db, path);
    assert.ok('imported' in outcome, 'refused' in outcome ? outcome.refused : '');
  }
  await rm(folder, { recursive: true, force: true });
  service = await startService({ database: db, homes: 'imported', origins: { widgetHost: 0, platform: 0, mcp: 0 } });
  lonelyCondo = service.services.engine.homes.properties.find((p) => p.project === 'Lonely Hill')!.id;
});
after(async () => {
  await service?.stop();
  await db?.close();
});

interface Comparable {
  address: string;
  date: string;
  near?: string;
  distanceKnown?: boolean;
}
interface Answer {
  value: number;
  confidence: string;
  comparables: Comparable[];
  basis: { scope: string; radiusM?: number; months: number; widened: boolean; text: string };
}

/** The estimate as each surface gives it: the figures and basis, or the text and page that show them. */
async function everySurface(id: string) {
  const hosted = await fetch(`${service.urls.widgetHost}v1/estimates?key=${WIDGET_KEY}&id=${id}&mode=sale`, {
    headers: { Origin: ORIGIN },
  });
  const api = await fetch(`${service.services.links.apiBase}/valuations/properties/${id}/estimate`, {
    headers: { Authorization: `Bearer ${PLATFORM_KEY}` },
  });
  const client = rawMcpClient(() => service.services.links.mcpEndpoint);
  const mcp = await client.resultOf(await client.callTool('get_valuation', undefined, { propertyId: id }));
  const page = await fetch(`${service.urls.widgetHost}valuation/${id}?mode=sale`);
  assert.deepEqual([hosted.status, api.status, page.status], [200, 200, 200], id);
  return {
    hosted: (await hosted.json()) as Answer,
    api: (await api.json()) as Answer,
    mcp: mcp.content[0]!.text,
    page: await page.text(),
  };
}

describe('a sparse market, valued on every surface with its basis named', () => {
  it('values a block with one sale in two years from its street’s other blocks, of unknown distance without places', async () => {
    const { hosted, api, mcp, page } = await everySurface(ONE_SALE);
    assert.equal(api.value, hosted.value);
    const where = (near: string) => hosted.comparables.filter((c) => c.near === near);
    assert.deepEqual(
      [where('same_block').length, where('same_street').length, where('same_town').length],
      [1, 3, hosted.comparables.length - 4],
      'its own sale, all its street’s, then its town’s',
    );
    assert.ok(where('same_street').every((c) => c.address.endsWith('Punggol Field')));
    assert.deepEqual(
      hosted.comparables.map((c) => c.distanceKnown),
      hosted.comparables.map((c) => (c.near === 'same_block' ? undefined : false)),
      'no block has a place: every other block is of unknown distance',
    );
    assert.ok(hosted.comparables.length >= 5);
    assert.equal(hosted.basis.scope, 'block');
    assert.match(mcp, /From the block's sales of the last 24 months\./);
    assert.match(page, /Distance unknown/);
    assert.match(page, /From the block&#39;s sales of the last 24 months|From the block's sales of the last 24 months/);
  });

  it('values the one block of its street from its town, at the confidence a town basis gives', async () => {
    const { hosted, api } = await everySurface(LONE_STREET);
    assert.equal(api.value, hosted.value);
    assert.equal(hosted.comparables.filter((c) => c.near === 'same_block').length, 1);
    assert.ok(hosted.comparables.filter((c) => c.near === 'same_town').length >= 4);
    assert.notEqual(hosted.confidence, 'high');
  });

  it('values a condo with no neighbour within 5 km from sales within 8 km, and says so', async () => {
    const { hosted, api, mcp, page } = await everySurface(lonelyCondo);
    assert.equal(api.value, hosted.value);
    assert.deepEqual(hosted.basis, {
      scope: 'nearby',
      radiusM: 8000,
      months: 24,
      widened: true,
      text: 'From sales within 8 km over the last 24 months',
    });
    assert.deepEqual(api.basis, hosted.basis);
    assert.deepEqual(
      [...new Set(hosted.comparables.map((c) => c.near))].sort(),
      ['nearby', 'same_project'],
      'its own two sales and its neighbour’s',
    );
    assert.match(mcp, /From sales within 8 km over the last 24 months\./);
    assert.match(page, /From sales within 8 km over the last 24 months/);
  });
});
