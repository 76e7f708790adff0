/**
 * The sandbox's HDB market has the real market's shape: its resales' last seven months, measured as
 * issue 56 measured a real slice of HDB's file, sit within 20 % of the real shares (world-stats.ts).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { hdbMarket } from './hdb-market.js';
import { hdbFileChunks } from './hdb-text.js';
import { oneMapText } from './onemap-text.js';
import { REAL_SLICE, statsTable, worldStats } from './world-stats.js';

const near = (actual: number, real: number, what: string, table: string) =>
  assert.ok(
    Math.abs(actual - real) <= 0.2 * real,
    `${what}: ${actual.toFixed(3)} against ${real.toFixed(3)}\n${table}`,
  );

it('sells as sparsely as the real market: sales a block × flat type, lettered blocks, models, storeys, leases', () => {
  let resale = '';
  for (const chunk of hdbFileChunks({ from: '2026-04', to: '2026-10', blocksPerStreet: 40, rentals: false }))
    resale += chunk.resale;
  const stats = worldStats(resale);
  const table = statsTable(stats);
  // One to four sales each; five or more together (a bucket of 1.5 % is too few blocks to hold to 20 % alone).
  stats.salesPerFlat
    .slice(0, 4)
    .forEach((share, i) => near(share, REAL_SLICE.salesPerFlat[i], `blocks × types with ${i + 1} sales`, table));
  const tail = (shares: number[]) => shares[4] + shares[5];
  near(tail(stats.salesPerFlat), tail(REAL_SLICE.salesPerFlat), 'blocks × types with 5 or more sales', table);
  near(stats.letteredBlocks, REAL_SLICE.letteredBlocks, 'lettered blocks', table);
  near(stats.typesSold[0], REAL_SLICE.typesSold[0], 'blocks with one flat type sold', table);
  stats.storeys.slice(0, 4).forEach((share, i) => near(share, REAL_SLICE.storeys[i], `storey band ${i + 1}`, table));
  assert.ok(stats.storeys[4] < 0.02, `under 2 % of sales above the 30th storey\n${table}`);
  assert.equal(stats.flatModels.count, 16, table);
  assert.deepEqual(
    stats.flatModels.top.slice(0, 2).map(([name]) => name),
    ['Model A', 'Improved'],
  );
  assert.ok(stats.leaseYears.first <= 1966 && stats.leaseYears.last >= 2015, table);
  assert.ok(stats.blocksPerStreet.max >= 60, 'a long street holds many blocks');
});

it('writes every abbreviation that tries an importer, streets of one block, and leaves blocks out of OneMap’s file', () => {
  const { blocks } = hdbMarket({ seed: 20261126, blocksPerStreet: 3 });
  const streets = new Set(blocks.map((b) => b.street));
  for (const word of [
    'ST.',
    'BT',
    'JLN',
    'LOR',
    'CTRL',
    "C'WEALTH",
    'CL',
    'PL',
    'HTS',
    'KG',
    'TG',
    'STH',
    'NTH',
    'UPP',
  ])
    assert.ok(
      [...streets].some((street) => street.split(' ').includes(word)),
      `a street written with ${word}`,
    );
  const perStreet = new Map<string, number>();
  for (const b of blocks) perStreet.set(b.street, (perStreet.get(b.street) ?? 0) + 1);
  assert.ok(
    [...perStreet.values()].some((n) => n === 1),
    'a street of one block',
  );
  const { count } = oneMapText(blocks);
  assert.ok(
    count < blocks.length * 0.9 && count > blocks.length * 0.5,
    `${count} of ${blocks.length} blocks in OneMap`,
  );
  assert.equal(
    new Set(blocks.map((b) => `${b.sector}|${b.block}`)).size,
    blocks.length,
    'no two blocks of a town share a number',
  );
});
