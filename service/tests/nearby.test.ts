/**
 * The neighbourhood index finds what reading every transaction finds: the same best comparables in the
 * same order and the same growth, for every home of the sandbox's world in both modes, at its typical
 * size and at others, and where many transactions tie.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { homesOf, type Homes, type PropertyRecord } from '../core/estimates/homes.js';
import { everyTransactionNear, nearbyIndex, type Reach } from '../core/estimates/nearby.js';
import { sandboxHomes } from '../sandbox/sandbox-homes.js';

function assertSameEverywhere(homes: Homes, sizes: number[], reaches: (Reach | undefined)[] = [undefined]) {
  const neighbourhood = nearbyIndex(homes);
  let compared = 0;
  for (const property of homes.properties)
    for (const mode of ['sale', 'rent'] as const)
      for (const size of sizes)
        for (const reach of reaches) {
          const subject: PropertyRecord = { ...property, floorAreaSqm: Math.round(property.floorAreaSqm * size) };
          const indexed = neighbourhood(subject, mode, reach);
          const read = everyTransactionNear(homes, subject, mode, reach);
          const what = `${property.id} ${mode} ×${size} ${JSON.stringify(reach ?? 'usual')}`;
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

it('finds what reading every transaction finds for homes without a place: within the project, any band, the street, the district', () => {
  // URA's download names no place: two projects on one street, a third on another, and landed houses.
  const home = (
    id: string,
    project: string | undefined,
    street: string,
    unitType: string,
    propertyType: 'condo' | 'landed',
  ) => ({
    id,
    address: street,
    town: 'District 15',
    propertyType,
    ...(project ? { project } : {}),
    addressKey: `${propertyType}|${project ?? street}|${street}`,
    unitType,
    floorAreaSqm: propertyType === 'landed' ? 300 : unitType === '2-bedroom' ? 70 : 100,
    lat: NaN,
    lng: NaN,
  });
  const properties: PropertyRecord[] = [
    home('a-2br', 'Alpha', 'Marine Parade Road', '2-bedroom', 'condo'),
    home('a-3br', 'Alpha', 'Marine Parade Road', '3-bedroom', 'condo'),
    home('b-2br', 'Beta', 'Marine Parade Road', '2-bedroom', 'condo'),
    home('c-2br', 'Gamma', 'Still Road', '2-bedroom', 'condo'),
    home('t-terrace', undefined, 'Still Road', 'Terrace', 'landed'),
    home('t-semi', undefined, 'Still Road', 'Semi-detached', 'landed'),
  ];
  const transactions = properties.flatMap((p, i) =>
    Array.from({ length: 4 + i }, (_, k) => ({
      propertyId: p.id,
      mode: (k % 3 ? 'sale' : 'rent') as 'sale' | 'rent',
      date: `2026-0${1 + ((i + k) % 9)}-15`,
      floorAreaSqm: p.floorAreaSqm + k,
      price: 1_000_000 + 10_000 * i + 1_000 * k,
    })),
  );
  const homes = homesOf('2026-10-31', properties, transactions);
  const reaches: Reach[] = [
    { radiusM: Infinity, windowMonths: 24, within: 'project' },
    { radiusM: Infinity, windowMonths: 24, within: 'project', anyBand: true },
    { radiusM: Infinity, windowMonths: 36, within: 'street' },
    { radiusM: Infinity, windowMonths: 36 },
  ];
  assert.equal(assertSameEverywhere(homes, [1, 1.3], reaches), properties.length * 2 * 2 * reaches.length);
  // A landed house's project is its street: each of its sales is found once, not once for its kind and once for any band.
  const best = nearbyIndex(homes)(properties[4], 'sale', reaches[1]).best.map((n) => n.index);
  assert.equal(new Set(best).size, best.length, 'no transaction twice');
});
