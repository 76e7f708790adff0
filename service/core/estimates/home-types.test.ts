/** An address found once, as its most traded kind; every kind at it listed in reading order. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createEstimateEngine } from './engine.js';
import { homesOf, type PropertyRecord, type Transaction } from './homes.js';
import { homeTypesOf } from './home-types.js';

const block = { address: 'Blk 9 Test Street 1', postalCode: '999009', town: 'Test Town', lat: 1.3, lng: 103.8 };
const flat = (id: string, unitType: string, floorAreaSqm: number): PropertyRecord => ({
  id,
  ...block,
  propertyType: 'hdb',
  unitType,
  floorAreaSqm,
});
const sales = (propertyId: string, count: number, floorAreaSqm: number, psm: number): Transaction[] =>
  Array.from({ length: count }, (_, i) => ({
    propertyId,
    mode: 'sale',
    date: `2026-0${1 + (i % 9)}-15`,
    floorAreaSqm,
    price: psm * floorAreaSqm * (1 + i / 100),
  }));
const properties = [
  flat('b9-exec', 'Executive', 142),
  flat('b9-5', '5-room', 112),
  flat('b9-4', '4-room', 93),
  { ...flat('b10-4', '4-room', 93), address: 'Blk 10 Test Street 1', postalCode: '999010' },
];
const homes = homesOf('2026-10-31', properties, [
  ...sales('b9-exec', 6, 142, 5000),
  ...sales('b9-5', 9, 112, 5200),
  ...sales('b9-4', 6, 93, 5400),
  ...sales('b10-4', 6, 93, 5400),
]);

it('lists the kinds at an address in reading order, and shows the most traded in a search', () => {
  const types = homeTypesOf(homes);
  const kinds = [
    { id: 'b9-4', unitType: '4-room' },
    { id: 'b9-5', unitType: '5-room' },
    { id: 'b9-exec', unitType: 'Executive' },
  ];
  for (const id of ['b9-exec', 'b9-5', 'b9-4']) assert.deepEqual(types.of(id), kinds);
  assert.deepEqual(types.of('b10-4'), [{ id: 'b10-4', unitType: '4-room' }]);
  assert.deepEqual(
    types.shown.map((p) => p.id),
    ['b9-5', 'b10-4'],
  );
});

it('of two kinds traded alike, shows the first in reading order', () => {
  const even = homesOf('2026-10-31', properties.slice(0, 3), [
    ...sales('b9-exec', 5, 142, 5000),
    ...sales('b9-4', 5, 93, 5400),
  ]);
  assert.deepEqual(
    homeTypesOf(even).shown.map((p) => p.id),
    ['b9-4'],
  );
});

it('finds an address once, and values each of its kinds by its id', () => {
  const engine = createEstimateEngine({
    serviceUrl: 'https://service.test/',
    homes,
    now: () => new Date('2026-11-26'),
  });
  assert.deepEqual(
    engine.search('test street').map((s) => [s.id, s.text]),
    [
      ['b9-5', 'Blk 9 Test Street 1'],
      ['b10-4', 'Blk 10 Test Street 1'],
    ],
  );
  assert.deepEqual(
    engine.search('999009').map((s) => s.id),
    ['b9-5'],
  );
  for (const id of ['b9-4', 'b9-5', 'b9-exec']) {
    const outcome = engine.estimate(id, 'sale');
    assert.ok('estimate' in outcome, id);
    assert.equal(outcome.estimate.property.id, id);
    assert.deepEqual(
      outcome.estimate.property.unitTypes.map((t) => t.id),
      ['b9-4', 'b9-5', 'b9-exec'],
    );
  }
});
