/**
 * URA's private transactions and rental contracts as its public search downloads them (CSV, no
 * coordinates), written here by hand in that format: two overlapping district downloads, a Latin-1
 * name, basement and unknown floors, one generic project name on two streets, and a bulk sale. Each is
 * imported, becomes homes without places, and is found and valued from its own project.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { importOfficialFile } from '../core/datasets/official/import-file.js';
import { loadImportedHomes } from '../core/datasets/official/imported-homes.js';
import { createEstimateEngine } from '../core/estimates/engine.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import {
  type DownloadSale,
  downloadRentalsText,
  downloadSalesText,
} from '../sandbox/official-files/ura-download-text.js';

/** A download as URA writes it, in Latin-1 where a name has an accent (downloadSalesText writes CRLF). */
const write = (dir: string, name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(text, 'latin1'));
  return path;
};

const months = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'];
const marine = (month: string, i: number): DownloadSale => ({
  project: 'THE SEAWIND @ MARINE PARADE',
  street: 'MARINE PARADE ROAD',
  month,
  sqm: 90 + i,
  price: 1_600_000 + i * 20_000,
});

describe("URA's downloaded private transactions", () => {
  let dir: string;
  let db: Database;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ura-download-'));
    db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
  });
  after(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const load = async (path: string) => {
    const outcome = await importOfficialFile(db, path);
    assert.ok('imported' in outcome, 'refused' in outcome ? outcome.refused : '');
    return outcome.imported;
  };

  it('imports two overlapping downloads, each transaction once, and two identical new sales in one file as two', async () => {
    const twin: DownloadSale = {
      project: 'THE SEAWIND @ MARINE PARADE',
      street: 'MARINE PARADE ROAD',
      month: '2026-06',
      sqm: 75,
      price: 1_500_000,
      type: 'New Sale',
    };
    const firstHalf = months.slice(0, 4).flatMap((m, i) => [marine(m, i), marine(m, i + 10)]);
    const later = months.slice(2).flatMap((m, i) => [marine(m, i + 2), marine(m, i + 12)]);
    const d15 = write(dir, 'd15-jan-apr.csv', downloadSalesText(firstHalf));
    const overlap = write(dir, 'd15-mar-jun.csv', downloadSalesText([...later, twin, twin]));
    const first = await load(d15);
    const second = await load(overlap);
    assert.equal(first.dataset, 'ura_sales');
    assert.equal(first.rowsAdded, 8);
    assert.equal(second.rowsRead, 10);
    assert.equal(
      second.rowsAdded,
      6,
      'March and April were in the first download: only May, June and the twins are new',
    );
    assert.equal(second.newestMonth, '2026-06');
    const [twins] = await db.query<{ n: number; type: string }>(
      'select count(*)::int as n, min(sale_type) as type from home_transactions where floor_area_sqm = 75',
    );
    assert.deepEqual(twins, { n: 2, type: 'new_sale' });
    const segments = await db.query<{ market_segment: string }>(
      'select distinct market_segment from home_transactions',
    );
    assert.deepEqual(segments, [{ market_segment: 'OCR' }], "URA's Outside Central Region");
  });

  it('gives rows imported before sale types were read their type and segment on a re-import, adding none', async () => {
    await db.query(
      "update home_transactions set sale_type = null, market_segment = null where street = 'MARINE PARADE ROAD'",
    );
    const again = await load(join(dir, 'd15-mar-jun.csv'));
    assert.equal(again.rowsAdded, 0);
    const [left] = await db.query<{ n: number }>(
      "select count(*)::int as n from home_transactions where street = 'MARINE PARADE ROAD' and (sale_type is null or market_segment is null) and month >= '2026-03'",
    );
    assert.equal(left.n, 0);
  });

  it('reads a Latin-1 name, basement and unknown floors, and keeps a bulk sale counted but out of the model', async () => {
    const enchante = (month: string, i: number, floors: string): DownloadSale => ({
      project: 'ENCHANT\u00c9',
      street: 'EVELYN ROAD',
      month,
      sqm: 100,
      price: 3_000_000 + i * 10_000,
      floors,
      district: '11',
    });
    const lines = [
      ...months.map((m, i) => enchante(m, i, i % 2 ? 'B1 to B5' : '-')),
      { ...enchante('2026-06', 0, '01 to 05'), units: 4, price: 9_000_000, sqm: 400, type: 'New Sale' as const },
    ];
    const imported = await load(write(dir, 'd11.csv', downloadSalesText(lines)));
    assert.equal(imported.rowsRead, 7);
    const rows = await db.query<{ project: string; storey_low: number | null; units: number }>(
      "select project, storey_low, units from home_transactions where street = 'EVELYN ROAD' order by month, storey_low",
    );
    assert.ok(
      rows.every((r) => r.project === 'ENCHANTÉ'),
      'the byte C9 is É, not U+FFFD',
    );
    assert.deepEqual(new Set(rows.map((r) => r.storey_low)), new Set([null, -1, 1]));
    const homes = (await loadImportedHomes(db))!.homes;
    const enchanteHomes = homes.properties.filter((p) => p.project === 'Enchanté');
    assert.equal(enchanteHomes.length, 1, 'one project, one bedroom band');
    const sales = homes.transactions.filter((t) => t.propertyId === enchanteHomes[0].id);
    assert.equal(sales.length, 6, 'the bulk sale of four units is left out');
  });

  it('keeps one generic name on two streets two projects, each without a place, and values each from its own sales', async () => {
    const generic = (street: string, psm: number) =>
      months.map((month, i) => ({
        project: 'RESIDENTIAL APARTMENTS',
        street,
        month,
        sqm: 60,
        price: psm * 60 + i * 1000,
        district: '14',
      }));
    await load(
      write(
        dir,
        'generic.csv',
        downloadSalesText([...generic('GEYLANG ROAD', 12_000), ...generic('SIMS AVENUE', 16_000)]),
      ),
    );
    const { homes, hdb, sources } = (await loadImportedHomes(db))!;
    const two = homes.properties.filter((p) => p.project === 'Residential Apartments');
    assert.deepEqual(two.map((p) => p.address).sort(), ['Geylang Road', 'Sims Avenue']);
    assert.ok(two.every((p) => Number.isNaN(p.lat) && p.town === 'District 14'));
    const engine = createEstimateEngine({ serviceUrl: 'https://service.example/', homes, hdb, sources });
    const sims = two.find((p) => p.address === 'Sims Avenue')!;
    const answer = engine.estimate(sims.id, 'sale');
    assert.ok('estimate' in answer, JSON.stringify(answer));
    const { estimate } = answer;
    assert.ok(
      Math.abs(estimate.value / (16_000 * 60) - 1) < 0.02,
      `valued from its own street's sales: ${estimate.value}`,
    );
    assert.equal(estimate.basis?.scope, 'project');
    assert.ok(
      estimate.comparables.every((c) => c.near === 'same_project' && c.distanceM === 0 && c.distanceKnown !== false),
      'a project is one site: its own sales are 0 m away',
    );
    assert.ok(estimate.comparables.every((c) => c.saleType === 'resale'));
  });

  it('values a project with too few sales of its own from its street, then its district, saying so', async () => {
    const lonely = write(
      dir,
      'lonely.csv',
      downloadSalesText([
        { project: 'LONE TOWER', street: 'MARINE PARADE ROAD', month: '2026-05', sqm: 92, price: 1_700_000 },
      ]),
    );
    await load(lonely);
    const { homes, hdb } = (await loadImportedHomes(db))!;
    const engine = createEstimateEngine({ serviceUrl: 'https://service.example/', homes, hdb });
    const home = homes.properties.find((p) => p.project === 'Lone Tower')!;
    const answer = engine.estimate(home.id, 'sale');
    assert.ok('estimate' in answer);
    assert.equal(answer.estimate.basis?.scope, 'street');
    const street = answer.estimate.comparables.filter((c) => c.near === 'same_street');
    assert.ok(street.length && street.every((c) => c.distanceKnown === false), 'another project: distance unknown');
  });

  it('finds a real-styled project as a visitor types it: any case, part of a word, without The and @', async () => {
    const { homes, hdb } = (await loadImportedHomes(db))!;
    const engine = createEstimateEngine({ serviceUrl: 'https://service.example/', homes, hdb });
    for (const query of ['seawind marine', 'SEAWIND', 'the seawind @ marine parade', 'seawind @marine']) {
      const [first] = engine.search(query);
      assert.match(first?.text ?? '', /Seawind/, `${query}: ${JSON.stringify(first)}`);
    }
  });

  it('imports the rental-contracts download: bedrooms, area ranges and lease months', async () => {
    const rentals = months.map((month, i) => ({
      project: 'THE SEAWIND @ MARINE PARADE',
      street: 'MARINE PARADE ROAD',
      month,
      bedrooms: 3,
      sqm: '100 to 110',
      rent: 4_500 + i * 50,
    }));
    const imported = await load(write(dir, 'rentals.csv', downloadRentalsText(rentals)));
    assert.equal(imported.dataset, 'ura_rentals');
    const rows = await db.query<{ home_kind: string; floor_area_sqm: number; month: string }>(
      "select home_kind, floor_area_sqm, month from home_transactions where dataset = 'ura_rentals' order by month",
    );
    assert.deepEqual(rows[0], { home_kind: '3-bedroom', floor_area_sqm: 105, month: '2026-01' });
  });

  it('refuses a file of another shape with what it expected, and loses nothing already loaded', async () => {
    const [before] = await db.query<{ n: number }>('select count(*)::int as n from home_transactions');
    const path = write(dir, 'other.csv', 'Project,Price,Date\r\nA,1,Jan-26\r\n');
    const outcome = await importOfficialFile(db, path);
    assert.ok('refused' in outcome);
    assert.match(
      outcome.refused,
      /header of none of .*URA's private residential transactions or rental contracts as its search downloads them/,
    );
    const [after] = await db.query<{ n: number }>('select count(*)::int as n from home_transactions');
    assert.equal(after.n, before.n);
  });

  it('refuses a download with a bad row whole, naming the line and column', async () => {
    const bad = write(
      dir,
      'bad.csv',
      downloadSalesText([marine('2026-07', 1), { ...marine('2026-07', 2), floors: 'ground' }]),
    );
    const outcome = await importOfficialFile(db, bad);
    assert.ok('refused' in outcome);
    assert.deepEqual(
      outcome.problems.map((p) => [p.line, p.column]),
      [['3', 'Floor Level']],
    );
  });
});
