/**
 * The neighbourhood index finds what reading every transaction finds: the same best comparables in the
 * same order and the same growth, for every home of the sandbox's world in both modes, at its typical
 * size and at others, and where many transactions tie.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { homesOf, type Homes, type PropertyRecord } from '../core/estimates/homes.js';
import { everyTransactionNear, nearbyIndex } from '../core/estimates/nearby.js';
import { sandboxHomes } from '../sandbox/sandbox-homes.js';

function assertSameEverywhere(homes: Homes, sizes: number[]) {
  const neighbourhood = nearbyIndex(homes);
  let compared = 0;
  for (const property of homes.properties)
    for (const mode of ['sale', 'rent'] as const)
      for (const size of sizes) {
        const subject: PropertyRecord = { ...property, floorAreaSqm: Math.round(property.floorAreaSqm * size) };
        const indexed = neighbourhood(subject, mode);
        const read = everyTransactionNear(homes, subject, mode);
        const what = `${property.id} ${mode} ×${size}`;
        assert.deepEqual(
          indexed.best.map((n) => n.index),
          read.best.map((n) => n.index),
          what,
        );
        assert.ok(Math.abs(indexed.growth - read.growth) < 1e-9, `${what}: ${indexed.growth} vs ${read.growth}`);
        compared++;
      }
  return compared;
}

it('finds the comparables and growth that reading every transaction finds, for every home of the sandbox', async () => {
  const homes = await sandboxHomes();
  assert.equal(assertSameEverywhere(homes, [1, 0.6, 1.4]), homes.properties.length * 6);
});

it('keeps the newer of two transactions alike, as reading them in order does', () => {
  // Twelve flats of one block: every sale alike in all but its month, many in the same month.
  const properties: PropertyRecord[] = Array.from({ length: 12 }, (_, i) => ({
    id: `flat-${i}`,
    address: `Blk ${i} Tie Street`,
    town: 'Tie Town',
    propertyType: 'condo',
    project: i % 2 ? 'The Twin' : 'The Other',
    unitType: '2-bedroom',
    floorAreaSqm: 70,
    lat: 1.3 + (i % 3) * 0.001,
    lng: 103.8,
  }));
  const transactions = properties.flatMap((p, i) =>
    Array.from({ length: 6 }, (_, k) => ({
      propertyId: p.id,
      mode: 'sale' as const,
      date: `2026-0${1 + ((i + k) % 4)}-15`,
      floorAreaSqm: 70,
      price: 1_400_000,
    })),
  );
  const homes = homesOf('2026-10-31', properties, transactions);
  assertSameEverywhere(homes, [1]);
});
