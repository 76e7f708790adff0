/**
 * Homes valued from official files an operator imported, written here by hand in HDB's and OneMap's
 * formats: a block without OneMap's addresses (no postal code, valued from its own sales), then with
 * them (its postal code and place); HDB's declared rents with the outlier rule applied; the datasets
 * named on each estimate; and a start on imported homes with none imported, refused in one sentence.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { importOfficialFile } from '../core/datasets/official/import-file.js';
import { createEstimateEngine } from '../core/estimates/engine.js';
import { loadImportedHomes } from '../core/datasets/official/imported-homes.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { wgs84ToSvy21 } from '../geo/svy21.js';
import { startService } from '../servers/start-service.js';

const dir = mkdtempSync(join(tmpdir(), 'imported-homes-'));
let db: Database;
before(async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
});
after(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const file = (name: string, lines: string[]) => {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
};
async function load(path: string) {
  const outcome = await importOfficialFile(db, path);
  assert.ok('imported' in outcome, 'refused' in outcome ? outcome.refused : '');
}
async function engine() {
  const imported = await loadImportedHomes(db);
  assert.ok(imported);
  const { homes, hdb, sources } = imported;
  return { imported, engine: createEstimateEngine({ serviceUrl: 'https://service.example/', homes, hdb, sources }) };
}

const RESALE_HEADER =
  'month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,remaining_lease,resale_price';
/** Seven 4-room sales at block 406 and three at 408, a month apart, and two 3-room sales at 406. */
const resales = [
  RESALE_HEADER,
  ...Array.from({ length: 7 }, (_, i) =>
    [
      `2026-0${i + 1}`,
      'ANG MO KIO',
      '4 ROOM',
      '406',
      'ANG MO KIO AVE 10',
      '07 TO 09',
      '92',
      'New Generation',
      '1979',
      '52 years 03 months',
      String(420_000 + i * 5_000),
    ].join(','),
  ),
  ...Array.from({ length: 3 }, (_, i) =>
    [
      `2026-0${i + 2}`,
      'ANG MO KIO',
      '4 ROOM',
      '408',
      'ANG MO KIO AVE 10',
      '10 TO 12',
      '91',
      'New Generation',
      '1979',
      '52 years',
      String(440_000 + i * 4_000),
    ].join(','),
  ),
  '2026-05,ANG MO KIO,3 ROOM,406,ANG MO KIO AVE 10,04 TO 06,67,New Generation,1979,52 years,330000',
  '2026-06,ANG MO KIO,3 ROOM,406,ANG MO KIO AVE 10,01 TO 03,67,New Generation,1979,52 years,325000',
];
/** Six declared 4-room rents at 406 in one quarter, and one typed as 30,000 a month. */
const rentals = [
  'rent_approval_date,town,block,street_name,flat_type,monthly_rent',
  ...[3000, 3100, 3200, 2900, 3050, 3150].map(
    (rent, i) => `2026-0${7 + (i % 3)},ANG MO KIO,406,ANG MO KIO AVE 10,4-ROOM,${rent}`,
  ),
  '2026-08,ANG MO KIO,406,ANG MO KIO AVE 10,4-ROOM,30000',
];
function oneMap() {
  const row = (block: string, postal: string, lat: number, lng: number) => {
    const { easting, northing } = wgs84ToSvy21(lat, lng);
    return [
      `${block} ANG MO KIO AVENUE 10`,
      block,
      'ANG MO KIO AVENUE 10',
      'NIL',
      `${block} ANG MO KIO AVENUE 10 SINGAPORE ${postal}`,
      postal,
      easting.toFixed(4),
      northing.toFixed(4),
      String(lat),
      String(lng),
    ].join(',');
  };
  return [
    'SEARCHVAL,BLK_NO,ROAD_NAME,BUILDING,ADDRESS,POSTAL,X,Y,LATITUDE,LONGITUDE',
    row('406', '560406', 1.3621, 103.8541),
    row('408', '560408', 1.3627, 103.8549),
  ];
}

describe('homes valued from official files', () => {
  it('values a block without OneMap’s addresses from its own sales, with no postal code', async () => {
    await load(file('resale.csv', resales));
    await load(file('rentals.csv', rentals));
    const { engine: e, imported } = await engine();
    const id = 'hdb-406-ang-mo-kio-ave-10-4-room';
    const home = imported.homes.byId.get(id);
    assert.deepEqual(
      {
        address: home?.address,
        postalCode: home?.postalCode,
        town: home?.town,
        unitType: home?.unitType,
        area: home?.floorAreaSqm,
      },
      {
        address: 'Blk 406 Ang Mo Kio Avenue 10',
        postalCode: undefined,
        town: 'Ang Mo Kio',
        unitType: '4-room',
        area: 92,
      },
    );
    const sale = e.estimate(id, 'sale');
    assert.ok('estimate' in sale);
    assert.equal(sale.estimate.asOf, '2026-09-30', 'the last day of the newest month of data');
    assert.equal(sale.estimate.property.postalCode, undefined);
    assert.equal(sale.estimate.comparables.length, 7, 'its own seven sales: the street’s need places to be compared');
    assert.ok(sale.estimate.comparables.every((c) => c.distanceM === 0 && c.address === home?.address));
    assert.ok(sale.estimate.value >= 420_000 && sale.estimate.value <= 470_000, String(sale.estimate.value));
    assert.ok(sale.estimate.low <= sale.estimate.value && sale.estimate.value <= sale.estimate.high);
    assert.deepEqual(
      sale.estimate.attribution.sources?.map((s) => s.text.slice(0, 60)),
      ['Contains information from the Resale Flat Prices dataset acc'],
    );
    assert.equal(sale.estimate.attribution.text, 'Estimate by Service Valuations');
    assert.doesNotMatch(sale.estimate.disclaimer, /fictional/);
    // Two 3-room sales of its own, and no other 3-room sold in the town: the block's 4-room sales stand beside them.
    const small = e.estimate('hdb-406-ang-mo-kio-ave-10-3-room', 'sale');
    assert.ok('estimate' in small);
    assert.deepEqual(
      small.estimate.comparables.map((c) => [c.unitType, c.near]).filter(([type]) => type === '3-room'),
      [
        ['3-room', 'same_block'],
        ['3-room', 'same_block'],
      ],
    );
    assert.ok(
      small.estimate.comparables.length >= 5 && small.estimate.comparables.every((c) => c.distanceKnown !== false),
    );

    const found = e.search('406 ang mo kio');
    assert.equal(found[0]?.id, id);
    assert.equal(found[0]?.postalCode, undefined);
    assert.equal(found[0]?.secondaryText, 'Ang Mo Kio · HDB 4-room');
    assert.deepEqual(e.search('560406'), [], 'no postal code, so a postal-code search finds nothing');
  });

  it('sets a declared rent far from its quarter’s median aside, and values rents from the rest', async () => {
    const { engine: e, imported } = await engine();
    assert.equal(imported.rentsSetAside, 1);
    const rent = e.estimate('hdb-406-ang-mo-kio-ave-10-4-room', 'rent');
    assert.ok('estimate' in rent);
    assert.deepEqual(rent.estimate.comparables.map((c) => c.price).sort(), [2900, 3000, 3050, 3100, 3150, 3200]);
    assert.equal(rent.estimate.value, 3100, 'the median of the six, to fifty dollars');
    assert.match(rent.estimate.attribution.sources![0].text, /Renting Out of Flats dataset/);
  });

  it('gives a block its postal code and place once OneMap’s addresses are imported', async () => {
    await load(file('onemap.csv', oneMap()));
    const { engine: e, imported } = await engine();
    const home = imported.homes.byId.get('hdb-560406-4-room');
    assert.equal(home?.postalCode, '560406');
    assert.ok(Math.abs(home!.lat - 1.3621) < 1e-6 && Math.abs(home!.lng - 103.8541) < 1e-6);
    assert.equal(imported.homes.byId.get('hdb-406-ang-mo-kio-ave-10-4-room'), undefined);
    // The block is found once, as its most traded flat type; its estimate lists both.
    assert.deepEqual(
      e.search('560406').map((s) => s.id),
      ['hdb-560406-4-room'],
    );
    const small = e.estimate('hdb-560406-3-room', 'sale');
    assert.ok('estimate' in small, 'no other block sold a 3-room flat: its block’s other flats stand beside its two');
    const sale = e.estimate('hdb-560406-4-room', 'sale');
    assert.ok('estimate' in sale);
    assert.deepEqual(sale.estimate.property.unitTypes, [
      { id: 'hdb-560406-3-room', unitType: '3-room' },
      { id: 'hdb-560406-4-room', unitType: '4-room' },
    ]);
    assert.match(sale.estimate.attribution.sources!.at(-1)!.text, /^Addresses and coordinates from OneMap/);
    // With places known, the street's nearest sales fill in where a block has too few of its own: 408 sold three.
    const next = e.estimate('hdb-560408-4-room', 'sale');
    assert.ok('estimate' in next);
    const distances = next.estimate.comparables.map((c) => c.distanceM);
    assert.deepEqual([distances.filter((d) => d === 0).length, distances.length], [3, 10]);
    assert.ok(
      distances.every((d) => d === 0 || (d > 50 && d < 200)),
      String(distances),
    );
    // A storey above the highest the block's sales name is refused, naming it.
    assert.deepEqual(e.estimate('hdb-560408-4-room', 'sale', { storey: 30 }), {
      problem: 'invalid_home',
      parameter: 'storey',
      detail: "storey must be at most 12, the highest storey this block's sales name.",
      bounds: { min: 1, max: 12 },
    });
  });

  it('leaves a URA sale of several units out of the model, and keeps one project spelt two ways one home', async () => {
    const { easting, northing } = wgs84ToSvy21(1.2986, 103.8456);
    const sale = (month: string, units: number, area: number, price: number) => ({
      area: String(area),
      floorRange: '06-10',
      noOfUnits: String(units),
      contractDate: month,
      typeOfSale: '3',
      price: String(price),
      propertyType: 'Condominium',
      district: '09',
      typeOfArea: 'Strata',
      tenure: 'Freehold',
    });
    const project = (name: string, transaction: object[]) => ({
      project: name,
      street: 'OXLEY RISE',
      x: easting.toFixed(4),
      y: northing.toFixed(4),
      marketSegment: 'CCR',
      transaction,
    });
    const path = join(dir, 'ura.json');
    writeFileSync(
      path,
      JSON.stringify({
        Status: 'Success',
        Result: [
          project(
            'THE OXLEY @ RISE',
            [0, 1, 2, 3].map((m) => sale(`0${m + 3}26`, 1, 100, 2_000_000)),
          ),
          project('THE OXLEY RISE', [sale('0726', 1, 100, 2_000_000), sale('0826', 2, 200, 4_000_000)]),
        ],
      }),
    );
    await load(path);
    const { engine: e, imported } = await engine();
    const condos = imported.homes.properties.filter((p) => p.propertyType === 'condo');
    assert.deepEqual(
      condos.map((p) => [p.id, p.floorAreaSqm]),
      [['condo-the-oxley-rise-oxley-rise-3br', 100]],
    );
    const estimate = e.estimate('condo-the-oxley-rise-oxley-rise-3br', 'sale');
    assert.ok('estimate' in estimate);
    assert.deepEqual(new Set(estimate.estimate.comparables.map((c) => c.pricePerSqm)), new Set([20_000]));
    assert.equal(estimate.estimate.comparables.length, 5, 'the bulk sale of two units is not a comparable');
    assert.equal(estimate.estimate.value, 2_000_000);
    // The id a condo had before a project was its name on its street still finds it (a saved listing, a link).
    const legacy = e.estimate('condo-the-oxley-rise-3br', 'sale');
    assert.ok('estimate' in legacy);
    assert.equal(legacy.estimate.property.id, 'condo-the-oxley-rise-oxley-rise-3br');
    assert.equal(legacy.estimate.value, estimate.estimate.value);
  });

  it('finds a project spelt two ways, and a landed street across two districts, once, with every kind there', async () => {
    const at = (lat: number, lng: number) => {
      const { easting, northing } = wgs84ToSvy21(lat, lng);
      return { x: easting.toFixed(4), y: northing.toFixed(4) };
    };
    const sale = (month: string, area: number, price: number, propertyType: string, district: string) => ({
      area: String(area),
      floorRange: propertyType === 'Condominium' ? '11-15' : '-',
      noOfUnits: '1',
      contractDate: month,
      typeOfSale: '3',
      price: String(price),
      propertyType,
      district,
      typeOfArea: propertyType === 'Condominium' ? 'Strata' : 'Land',
      tenure: '99 yrs lease commencing from 2005',
    });
    const months = ['0326', '0426', '0526', '0626', '0726'];
    const path = join(dir, 'ura-kinds.json');
    writeFileSync(
      path,
      JSON.stringify({
        Status: 'Success',
        Result: [
          {
            project: 'THE SAIL @ MARINA BAY',
            street: 'MARINA BOULEVARD',
            ...at(1.2803, 103.8528),
            marketSegment: 'CCR',
            transaction: months.map((m) => sale(m, 72, 1_800_000, 'Condominium', '01')),
          },
          {
            project: 'THE SAIL@MARINA BAY',
            street: 'MARINA BOULEVARD',
            ...at(1.2803, 103.8528),
            marketSegment: 'CCR',
            transaction: months.map((m) => sale(m, 105, 2_600_000, 'Condominium', '01')),
          },
          {
            project: 'LANDED HOUSING DEVELOPMENT',
            street: 'UPPER THOMSON ROAD',
            ...at(1.3612, 103.8288),
            marketSegment: 'OCR',
            transaction: [
              ...months.map((m) => sale(m, 240, 3_000_000, 'Terrace', '20')),
              sale('0726', 450, 6_000_000, 'Detached', '26'),
            ],
          },
        ],
      }),
    );
    await load(path);
    const { engine: e } = await engine();
    assert.deepEqual(
      e.search('the sail').map((s) => s.text),
      ['The Sail @ Marina Bay'],
    );
    assert.deepEqual(
      e.search('upper thomson').map((s) => [s.id, s.text]),
      [['landed-upp-thomson-rd-terrace', 'Upper Thomson Road']],
    );
    const sail = e.estimate(e.search('the sail')[0].id, 'sale');
    assert.ok('estimate' in sail);
    assert.deepEqual(
      sail.estimate.property.unitTypes.map((t) => t.unitType),
      ['2-bedroom', '3-bedroom'],
    );
    const street = e.estimate('landed-upp-thomson-rd-terrace', 'sale');
    assert.ok('estimate' in street);
    assert.deepEqual(
      street.estimate.property.unitTypes.map((t) => t.unitType),
      ['Detached', 'Terrace'],
    );
  });

  it('refuses to start on imported homes when none are, and says what to do', async () => {
    await assert.rejects(
      startService({ origins: {}, homes: 'imported' }),
      /No sale or rent is imported, so there is nothing to value: run npm run data:import -- FILE… first/,
    );
  });
});
