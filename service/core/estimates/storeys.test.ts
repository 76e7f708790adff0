/** The premium a storey up, learned among one home's sales of one year; and a condo valued at its storey. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createEstimateEngine } from './engine.js';
import { homesOf, type PropertyRecord, type Transaction } from './homes.js';
import { storeysOf } from './storeys.js';

const PREMIUM = 0.007;
const projects: PropertyRecord[] = Array.from({ length: 20 }, (_, p) => ({
  id: `condo-${p}`,
  address: `${p} Storey Road`,
  project: `Tower ${p}`,
  town: 'District 9',
  propertyType: 'condo',
  unitType: '2-bedroom',
  floorAreaSqm: 70,
  lat: 1.3 + p * 0.001,
  lng: 103.83,
}));
// Each project at its own level, the market rising 4 % a year, a storey up 0.7 %: 20 sales a project in 2026.
const sales: Transaction[] = projects.flatMap((home, p) =>
  Array.from({ length: 20 }, (_, k) => {
    const storey = 3 + ((k * 7) % 30);
    const monthsAgo = k % 10;
    const psm = 20_000 * (1 + p / 50) * 1.04 ** (-monthsAgo / 12) * Math.exp(PREMIUM * storey);
    return {
      propertyId: home.id,
      mode: 'sale' as const,
      date: `2026-${String(10 - monthsAgo).padStart(2, '0')}-15`,
      floorAreaSqm: 70,
      price: Math.round(psm * 70),
      storey,
    };
  }),
);

it('learns the premium a storey up from one home’s sales of one year, and each home’s typical storey', () => {
  const storeys = storeysOf(homesOf('2026-10-31', projects, [...sales]));
  assert.ok(Math.abs(storeys.premium('condo', 'sale') - PREMIUM) < 0.0005, String(storeys.premium('condo', 'sale')));
  assert.equal(storeys.premium('condo', 'rent'), 0, 'no rent names a storey');
  assert.equal(storeys.premium('hdb', 'sale'), 0, 'each property type its own');
  // Storeys 3 + 7k mod 30 for k = 0 … 19: the median of 3, 10, 17, 24, 31, 8, 15, 22, 29, 6, … is 16.5.
  assert.equal(storeys.typical.get('condo-0'), 16.5);
});

it('learns nothing from too few storeys, and nothing beyond 2 % a storey', () => {
  const byId = new Map(projects.map((p) => [p.id, p]));
  assert.equal(storeysOf({ transactions: sales.slice(0, 40), byId }).premium('condo', 'sale'), 0);
  const steep = sales.map((tx) => ({ ...tx, price: tx.price * Math.exp(0.05 * tx.storey!) }));
  assert.equal(storeysOf({ transactions: steep, byId }).premium('condo', 'sale'), 0.02);
});

it('values a condo at the storey asked, within the storeys its comparables name', () => {
  const engine = createEstimateEngine({
    serviceUrl: 'https://service.test/',
    homes: homesOf('2026-10-31', projects, [...sales]),
  });
  const at = (storey?: number) => {
    const outcome = engine.estimate('condo-5', 'sale', storey === undefined ? {} : { storey });
    assert.ok('estimate' in outcome);
    return outcome.estimate.value;
  };
  assert.ok(at(30) > at(5), `${at(30)} > ${at(5)}`);
  // Ten storeys up is worth about 7 % more here.
  assert.ok(Math.abs(at(25) / at(15) - Math.exp(10 * PREMIUM)) < 0.01, `${at(25) / at(15)}`);
  // Storey 80 is valued as the highest its comparables name, not carried past the data.
  assert.equal(at(80), at(60));
});
