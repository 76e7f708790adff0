import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Database, openDatabase } from '../../../db/database.js';
import { migrate } from '../../../db/migrate.js';
import { importOfficialFile } from './import-file.js';

const dir = mkdtempSync(join(tmpdir(), 'official-files-'));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
let db: Database;
before(async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
});
after(() => db.close());

const count = async (table: string, where = 'true') =>
  (await db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`))[0].n;
const imported = async (path: string, options = {}) => {
  const outcome = await importOfficialFile(db, path, options);
  assert.ok('imported' in outcome, JSON.stringify(outcome));
  return outcome.imported;
};

const RESALE_HEADER =
  'month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,remaining_lease,resale_price';
const resaleRows = [
  '2024-01,ANG MO KIO,3 ROOM,406,ANG MO KIO AVE 10,10 TO 12,68,New Generation,1979,54 years 08 months,365000',
  '2024-01,ANG MO KIO,4 ROOM,560,ANG MO KIO AVE 10,04 TO 06,92,New Generation,1980,55 years 05 months,512000',
  // Two flats that sold alike in one month: HDB publishes two identical lines, and they stay two sales.
  '2024-02,BEDOK,4 ROOM,101,BEDOK NTH AVE 4,07 TO 09,84,Simplified,1978,53 years,455000',
  '2024-02,BEDOK,4 ROOM,101,BEDOK NTH AVE 4,07 TO 09,84,Simplified,1978,53 years,455000',
];

describe('importing HDB resale flat prices', () => {
  it('loads every row, two identical lines as two sales, and records the import', async () => {
    const path = write('resale-2024-02.csv', [RESALE_HEADER, ...resaleRows].join('\n') + '\n');
    const first = await imported(path);
    assert.deepEqual([first.dataset, first.rowsRead, first.rowsAdded, first.rowsSkipped], ['hdb_resale', 4, 4, 0]);
    assert.equal(first.newestMonth, '2024-02');
    assert.equal(await count('home_transactions', "street = 'BEDOK NTH AVE 4'"), 2);
    const [row] = await db.query<Record<string, unknown>>("select * from home_transactions where block = '406'");
    assert.equal(row.storey_low, 10);
    assert.equal(row.storey_high, 12);
    assert.equal(row.home_kind, '3 ROOM');
    assert.equal(row.lease_commence_year, 1979);
    assert.equal(await count('dataset_imports', `id = '${first.id}' and rows_added = 4`), 1);
  });

  it('adds nothing when the same file comes again, and only the new rows from a newer download', async () => {
    const again = await imported(join(dir, 'resale-2024-02.csv'));
    assert.equal(again.rowsAdded, 0);
    const newer = write(
      'resale-2024-03.csv',
      [
        RESALE_HEADER,
        ...resaleRows,
        '2024-03,BEDOK,4 ROOM,101,BEDOK NTH AVE 4,07 TO 09,84,Simplified,1978,53 years,455000',
      ].join('\n'),
    );
    const next = await imported(newer);
    assert.deepEqual([next.rowsRead, next.rowsAdded, next.newestMonth], [5, 1, '2024-03']);
    assert.equal(await count('home_transactions', "dataset = 'hdb_resale'"), 5);
  });

  it('reads the files before 2015, which have no remaining_lease', async () => {
    const header =
      'month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,resale_price';
    const old = write(
      'resale-2000.csv',
      `${header}\n2000-01,ANG MO KIO,3 ROOM,170,ANG MO KIO AVE 4,07 TO 09,69,Improved,1986,147000\n`,
    );
    assert.equal((await imported(old)).rowsAdded, 1);
  });

  it('refuses a file with a bad row whole, naming the line, column, value and reason', async () => {
    const before = await count('home_transactions');
    const imports = await count('dataset_imports');
    const bad = write(
      'resale-bad.csv',
      [
        RESALE_HEADER,
        '2024-04,ANG MO KIO,3 ROOM,407,ANG MO KIO AVE 10,10 TO 12,68,New Generation,1979,54 years 08 months,365000',
        '2024-13,ANG MO KIO,3 ROOM,407,ANG MO KIO AVE 10,12 TO 10,68,New Generation,1979,54 years 08 months,abc',
        '2024-04,ANG MO KIO,9 ROOM,407,ANG MO KIO AVE 10,10 TO 12,68,New Generation,1979,54 years 08 months',
      ].join('\n'),
    );
    const outcome = await importOfficialFile(db, bad);
    assert.ok('refused' in outcome);
    assert.match(outcome.refused, /resale-bad\.csv was not imported: it has 4 problems \(nothing was loaded/);
    assert.deepEqual(outcome.problems.slice(0, 3), [
      { line: '3', column: 'month', value: '2024-13', reason: 'is not a month (YYYY-MM)' },
      { line: '3', column: 'storey_range', value: '12 TO 10', reason: 'goes down' },
      { line: '3', column: 'resale_price', value: 'abc', reason: 'is not a number' },
    ]);
    assert.equal(outcome.problems[3].line, '4');
    assert.match(outcome.problems[3].reason, /has 10 fields where the header has 11/);
    assert.equal(await count('home_transactions'), before, 'nothing loaded');
    assert.equal(await count('dataset_imports'), imports, 'no import recorded');
  });

  it('imports the valid rows with --skip-invalid and writes the others to a report', async () => {
    const outcome = await importOfficialFile(db, join(dir, 'resale-bad.csv'), { skipInvalid: true });
    assert.ok('imported' in outcome);
    assert.deepEqual([outcome.imported.rowsRead, outcome.imported.rowsAdded, outcome.imported.rowsSkipped], [3, 1, 2]);
    const report = readFileSync(outcome.reportPath!, 'utf8').trim().split('\n');
    assert.equal(report[0], 'line,column,value,reason');
    assert.equal(report[1], '3,month,2024-13,is not a month (YYYY-MM)');
    assert.equal(report.length, 5);
  });
});

describe('bad files and bad rows never crash the importer', () => {
  const refusal = async (name: string, text: string) => {
    const outcome = await importOfficialFile(db, write(name, text));
    assert.ok('refused' in outcome, `${name}: ${JSON.stringify(outcome)}`);
    return outcome;
  };

  it('reports what is not a number, a whole number or a list entry as a row problem', async () => {
    const resale = await refusal(
      'resale-odd.csv',
      `${RESALE_HEADER}\n2024-05,BEDOK,4 ROOM,102,BEDOK NTH AVE 4,07 TO 09,84,Simplified,1978.5,53 years,0x59000\n`,
    );
    assert.deepEqual(
      resale.problems.map((p) => [p.column, p.reason]),
      [
        ['lease_commence_date', 'is not a whole number'],
        ['resale_price', 'is not a number'],
      ],
    );
    const ura = await refusal(
      'ura-odd.json',
      JSON.stringify({
        Result: [5, { project: 'X', street: 'Y', transaction: [null] }, { transaction: [{ noOfUnits: '1.5' }] }],
      }),
    );
    assert.deepEqual(
      ura.problems.slice(0, 2).map((p) => [p.line, p.reason]),
      [
        ['/Result/0', 'is not a project'],
        ['/Result/1/transaction/0', 'is not a transaction'],
      ],
    );
    assert.ok(ura.problems.some((p) => p.column === 'noOfUnits' && p.reason === 'is not a whole number'));
    const onemap = await refusal('onemap-odd.json', JSON.stringify({ results: [null, { POSTAL: '12' }] }));
    assert.deepEqual(
      onemap.problems.slice(0, 2).map((p) => [p.line, p.column]),
      [
        ['/results/0', 'results'],
        ['/results/1', 'POSTAL'],
      ],
    );
  });

  it('reads a byte-order mark, capitals in the header and quoted fields; reports a line too long to be a row', async () => {
    const address = {
      BLK_NO: '408',
      ROAD_NAME: 'ANG MO KIO AVENUE 10',
      BUILDING: 'NIL',
      POSTAL: '560408',
      X: '21362.157043860374',
      Y: '30811.26429645264',
      LATITUDE: '1.2949192688485278',
      LONGITUDE: '103.77367436885834',
    };
    const bom = await imported(write('bom.json', `\uFEFF${JSON.stringify({ results: [address] })}`));
    assert.deepEqual([bom.dataset, bom.rowsAdded], ['onemap_addresses', 1]);
    const upper = write(
      'resale-upper.csv',
      `${RESALE_HEADER.toUpperCase()}\n2024-06,BEDOK,4 ROOM,103,"BEDOK NTH AVE 4",07 TO 09,84,"Simplified",1978,53 years,"455,000"\n`,
    );
    const loaded = await imported(upper);
    assert.equal(loaded.rowsAdded, 1);
    const long = await refusal('resale-long.csv', `${RESALE_HEADER}\n${'x'.repeat(70_000)}\n`);
    assert.match(long.problems[0].reason, /is longer than 65,536 characters/);
  });

  it('refuses an empty download, a header alone, and a file it cannot read, saying which', async () => {
    assert.match(
      (await refusal('header-only.csv', `${RESALE_HEADER}\n`)).refused,
      /it has no rows, only a header or an empty list/,
    );
    assert.match((await refusal('empty.json', '{"Status": "Success", "Result": []}')).refused, /it has no rows/);
    assert.match((await refusal('empty-onemap.json', '{"found": 0, "results": []}')).refused, /it has no rows/);
    assert.match((await refusal('zero-bytes.csv', '')).refused, /it has no rows/);
    const broken = `${RESALE_HEADER}\n2024-13,BEDOK,4 ROOM,102,BEDOK NTH AVE 4,07 TO 09,84,Simplified,1978,53 years,1\n`;
    const allBad = await importOfficialFile(db, write('all-bad.csv', broken), { skipInvalid: true });
    assert.ok('refused' in allBad);
    assert.match(
      allBad.refused,
      /every row of it is invalid \(nothing to load; listed in .*all-bad\.csv\.invalid\.csv\)/,
    );
    const unwritable = await importOfficialFile(
      db,
      write(
        'bad-again.csv',
        broken.replace('2024-13', '2024-12').replace(',1\n', ',1\n2024-13,X,1 ROOM,1,S,01 TO 03,50,M,1990,60,300000\n'),
      ),
      {
        skipInvalid: true,
        reportPath: join(dir, 'no-such-folder', 'report.csv'),
      },
    );
    assert.ok('refused' in unwritable);
    assert.match(unwritable.refused, /its report .*report\.csv cannot be written \(ENOENT\)/);
    const missing = await importOfficialFile(db, join(dir, 'not-there.csv'));
    assert.ok('refused' in missing);
    assert.match(missing.refused, /not-there\.csv was not imported: it cannot be read \(ENOENT\)/);
    const folder = await importOfficialFile(db, dir);
    assert.ok('refused' in folder);
    assert.match(folder.refused, /cannot be read \(EISDIR\)/);
  });

  it('leaves no report for a clean file, and names a URA project whose place is wrong once', async () => {
    const clean = write(
      'clean.csv',
      `${RESALE_HEADER}\n2022-02,BEDOK,3 ROOM,104,BEDOK NTH AVE 4,01 TO 03,67,Improved,1980,57 years,301000\n`,
    );
    const outcome = await importOfficialFile(db, clean, { skipInvalid: true });
    assert.ok('imported' in outcome);
    assert.equal(outcome.reportPath, undefined);
    assert.equal(existsSync(`${clean}.invalid.csv`), false);
    const transaction = {
      area: '95',
      floorRange: '01-05',
      noOfUnits: '1',
      contractDate: '0124',
      price: '1500000',
      propertyType: 'Condominium',
      district: '05',
    };
    const ura = await refusal(
      'ura-place.json',
      JSON.stringify({
        Result: [
          { project: 'P', street: 'S', x: 'oops', y: '1', transaction: [transaction, transaction, transaction] },
        ],
      }),
    );
    assert.equal(ura.problemCount, 1);
    assert.equal(ura.problems[0].line, '/Result/0');
    assert.match(ura.problems[0].reason, /not an SVY21 point in Singapore \(its 3 transactions are left out with it\)/);
  });

  it('knows a row again when a newer download writes its values differently', async () => {
    const first = write(
      'resale-v1.csv',
      `${RESALE_HEADER}\n2023-01,YISHUN,4 ROOM,634,YISHUN ST 61,01 TO 03,92,New Generation,1974,50 years 03 months,395000\n`,
    );
    assert.equal((await imported(first)).rowsAdded, 1);
    const reformatted = write(
      'resale-v2.csv',
      `${RESALE_HEADER}\n2023-01,YISHUN,4 ROOM,634,YISHUN ST 61,01 TO 03,92.0,NEW GENERATION,1974,50,395000.0\n`,
    );
    assert.equal((await imported(reformatted)).rowsAdded, 0);
  });
});

describe('importing the other official files', () => {
  it('reads HDB rental approvals', async () => {
    const path = write(
      'rentals.csv',
      [
        'rent_approval_date,town,block,street_name,flat_type,monthly_rent',
        '2024-01,ANG MO KIO,105,ANG MO KIO AVE 4,3-ROOM,2600', // as data.gov.sg writes it
        '2024-01,ANG MO KIO,105,ANG MO KIO AVE 4,4 ROOM,3100',
        '2024-01,ANG MO KIO,105,ANG MO KIO AVE 4,3 RM,2600',
      ].join('\n'),
    );
    const outcome = await importOfficialFile(db, path);
    assert.ok('refused' in outcome);
    assert.deepEqual(
      outcome.problems.map((p) => [p.line, p.column, p.value]),
      [['4', 'flat_type', '3 RM']],
    );
    const loaded = await imported(path, { skipInvalid: true });
    assert.deepEqual([loaded.dataset, loaded.rowsAdded], ['hdb_rental', 2]);
    const kinds = await db.query<{ home_kind: string }>(
      "select home_kind from home_transactions where dataset = 'hdb_rental' order by home_kind",
    );
    assert.deepEqual(
      kinds.map((k) => k.home_kind),
      ['3 ROOM', '4 ROOM'],
    );
  });

  it("reads URA's transactions, placing each project by its SVY21 point", async () => {
    const document = {
      Status: 'Success',
      Result: [
        {
          project: 'THE SAIL @ MARINA BAY',
          street: 'MARINA BOULEVARD',
          x: '30381.1007',
          y: '29250.9498',
          marketSegment: 'CCR',
          transaction: [
            {
              area: '95',
              floorRange: '41-45',
              noOfUnits: '1',
              contractDate: '0324',
              typeOfSale: '3',
              price: '1980000',
              propertyType: 'Apartment',
              district: '01',
              typeOfArea: 'Strata',
              tenure: '99 yrs lease commencing from 2002',
            },
            {
              area: '300',
              floorRange: '-',
              noOfUnits: '2',
              contractDate: '0424',
              typeOfSale: '3',
              price: '9000000',
              propertyType: 'Strata Terrace',
              district: '01',
              typeOfArea: 'Strata',
              tenure: 'Freehold',
            },
          ],
        },
      ],
    };
    const loaded = await imported(write('ura-sales.json', JSON.stringify(document)));
    assert.deepEqual([loaded.dataset, loaded.rowsAdded, loaded.newestMonth], ['ura_sales', 2, '2024-04']);
    const rows = await db.query<Record<string, number | string>>(
      "select * from home_transactions where dataset = 'ura_sales' order by month",
    );
    assert.deepEqual(
      [rows[0].property_type, rows[0].storey_low, rows[0].storey_high, rows[0].lease_commence_year],
      ['condo', 41, 45, 2002],
    );
    assert.ok(
      Math.abs(Number(rows[0].lat) - 1.28) < 0.02 && Math.abs(Number(rows[0].lng) - 103.85) < 0.02,
      `${rows[0].lat},${rows[0].lng}`,
    );
    assert.deepEqual([rows[1].property_type, rows[1].floor_area_sqm, rows[1].units], ['landed', 150, 2]);
  });

  it("reads URA's rental contracts, their areas and bedrooms as ranges", async () => {
    const document = {
      Result: [
        {
          project: 'PARC CLEMATIS',
          street: 'JALAN LEMPENG',
          x: '20000',
          y: '33000',
          rental: [
            {
              leaseDate: '0125',
              propertyType: 'Non-landed Properties',
              district: '05',
              areaSqm: '100-110',
              areaSqft: '1000-1100',
              noOfBedRoom: '3',
              rent: 5200,
            },
            {
              leaseDate: '1325',
              propertyType: 'Non-landed Properties',
              district: '05',
              areaSqm: '100-110',
              noOfBedRoom: '3',
              rent: 5200,
            },
          ],
        },
      ],
    };
    const outcome = await importOfficialFile(db, write('ura-rentals.json', JSON.stringify(document)));
    assert.ok('refused' in outcome);
    assert.deepEqual(
      outcome.problems.map((p) => [p.line, p.column]),
      [['/Result/0/rental/1', 'leaseDate']],
    );
    const loaded = await imported(join(dir, 'ura-rentals.json'), { skipInvalid: true });
    assert.deepEqual([loaded.dataset, loaded.rowsAdded, loaded.newestMonth], ['ura_rentals', 1, '2025-01']);
    const [row] = await db.query<Record<string, unknown>>(
      "select * from home_transactions where dataset = 'ura_rentals'",
    );
    assert.deepEqual([row.home_kind, row.floor_area_sqm, row.price], ['3-bedroom', 105, 5200]);
  });

  it("reads OneMap's answers, refusing an address whose two positions disagree", async () => {
    const result = (postal: string, x: string, y: string, lat: string, lng: string) => ({
      SEARCHVAL: `406 ANG MO KIO AVENUE 10`,
      BLK_NO: '406',
      ROAD_NAME: 'ANG MO KIO AVENUE 10',
      BUILDING: 'NIL',
      ADDRESS: `406 ANG MO KIO AVENUE 10 SINGAPORE ${postal}`,
      POSTAL: postal,
      X: x,
      Y: y,
      LATITUDE: lat,
      LONGITUDE: lng,
    });
    const page = {
      found: 2,
      totalNumPages: 1,
      pageNum: 1,
      results: [
        result('560406', '30811.26429645264', '30811.26429645264', '1.2949192688485278', '103.77367436885834'),
        result('560407', '21362.157043860374', '30811.26429645264', '1.2949192688485278', '103.77367436885834'),
      ],
    };
    const outcome = await importOfficialFile(db, write('onemap.json', JSON.stringify(page)));
    assert.ok('refused' in outcome);
    assert.deepEqual(
      outcome.problems.map((p) => [p.line, p.column]),
      [['/results/0', 'X']],
    );
    assert.match(outcome.problems[0].reason, /with Y is [\d,]+ m from LATITUDE\/LONGITUDE/);
    const loaded = await imported(join(dir, 'onemap.json'), { skipInvalid: true });
    assert.deepEqual([loaded.dataset, loaded.rowsAdded], ['onemap_addresses', 1]);
    const [address] = await db.query<Record<string, unknown>>("select * from addresses where postal = '560407'");
    assert.deepEqual([address.block, address.building, address.street], ['406', null, 'ANG MO KIO AVENUE 10']);
  });

  it('refuses a file of no known dataset, saying what it expected', async () => {
    const outcome = await importOfficialFile(db, write('other.csv', 'a,b,c\n1,2,3\n'));
    assert.ok('refused' in outcome);
    assert.match(
      outcome.refused,
      /other\.csv was not imported: its first line \(a,b,c\) is the header of none of HDB resale/,
    );
    const json = await importOfficialFile(db, write('broken.json', '{"Result": [1,'));
    assert.ok('refused' in json);
    assert.match(json.refused, /it is not valid JSON/);
  });
});
