/**
 * The private market at national volume: condo projects and landed streets across the island, most
 * of them in the central region as URA's are, with sales and rental contracts over five years. One
 * estimate (engine.estimate, comparables and growth from nearby.ts) beside the same valuation from a
 * read of every transaction (everyTransactionNear), at about 20,000, 200,000 and 1,000,000
 * transactions. Made in memory: the import's cost is measured on HDB's files in data.ts.
 */
import { createEstimateEngine } from '../service/core/estimates/engine.js';
import {
  addToLine,
  COMPARABLES,
  comparableScore,
  fittedYearlyGrowth,
  type LineSums,
  type Near,
  valueFromComparables,
} from '../service/core/estimates/comparables.js';
import { distanceMeters } from '../service/core/estimates/estimate.js';
import { type Homes, homesOf, type PropertyRecord, type Transaction } from '../service/core/estimates/homes.js';
import { quantile } from '../service/core/estimates/statistics.js';
import { seededRandom } from '../service/sandbox/fixtures/random.js';

const BEDROOMS = [
  { unitType: '1-bedroom', sqm: 48 },
  { unitType: '2-bedroom', sqm: 72 },
  { unitType: '3-bedroom', sqm: 105 },
  { unitType: '4-bedroom', sqm: 145 },
];
const LANDED = ['Terrace', 'Semi-detached', 'Detached'];
/** URA's market: about 3,000 condo projects and 2,500 landed streets; rents about three to one sale. */
const PROJECTS = 3_000;
const LANDED_STREETS = 2_500;
const RENT_SHARE = 0.75;

function privateWorld(transactions: number) {
  const random = seededRandom(41);
  const properties: PropertyRecord[] = [];
  const place = () => {
    // Three in five in the central region (about 6 × 7 km), the rest over the island.
    const central = random() < 0.6;
    return central
      ? { lat: 1.28 + random() * 0.055, lng: 103.8 + random() * 0.065 }
      : { lat: 1.27 + random() * 0.17, lng: 103.65 + random() * 0.34 };
  };
  for (let p = 0; p < PROJECTS; p++) {
    const at = place();
    for (const { unitType, sqm } of BEDROOMS)
      properties.push({
        id: `condo-${p}-${unitType}`,
        address: `${p} Private Road`,
        project: `Project ${p}`,
        town: 'Central',
        propertyType: 'condo',
        unitType,
        floorAreaSqm: sqm,
        ...at,
      });
  }
  for (let s = 0; s < LANDED_STREETS; s++) {
    const at = place();
    for (const unitType of LANDED)
      properties.push({
        id: `landed-${s}-${unitType}`,
        address: `Landed Street ${s}`,
        town: 'Central',
        propertyType: 'landed',
        unitType,
        floorAreaSqm: 250,
        ...at,
      });
  }
  const txs: Transaction[] = [];
  for (let i = 0; i < transactions; i++) {
    const home = properties[Math.floor(random() * properties.length)];
    const mode = random() < RENT_SHARE ? 'rent' : 'sale';
    const monthsAgo = Math.floor(random() * 60);
    const month = 2026 * 12 + 9 - monthsAgo;
    const area = home.floorAreaSqm * (0.85 + random() * 0.3);
    const psm = (mode === 'sale' ? 20_000 : 60) * (0.8 + random() * 0.4) * 1.04 ** (-monthsAgo / 12);
    txs.push({
      propertyId: home.id,
      mode,
      date: `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-15`,
      floorAreaSqm: Math.round(area),
      price: Math.round(psm * area),
    });
  }
  return homesOf('2026-10-31', properties, txs);
}

const CELL_DEGREES = 0.05;
const kindOf = (home: PropertyRecord) =>
  home.propertyType === 'landed' ? 'landed' : `${home.propertyType}|${home.unitType}`;

/**
 * The read the index replaced: each transaction in a bucket of its kind, mode and grid cell, and a
 * valuation reading every one in the 3 × 3 cells around the home.
 */
function gridRead(homes: Homes) {
  const cutOff = Date.parse(homes.cutOff);
  const cell = (p: PropertyRecord, dr = 0, dc = 0) =>
    `${Math.floor(p.lat / CELL_DEGREES) + dr},${Math.floor(p.lng / CELL_DEGREES) + dc}`;
  const buckets = new Map<string, number[]>();
  homes.transactions.forEach((tx, i) => {
    const home = homes.byId.get(tx.propertyId)!;
    const key = `${kindOf(home)}|${tx.mode}|${cell(home)}`;
    const bucket = buckets.get(key);
    if (bucket) bucket.push(i);
    else buckets.set(key, [i]);
  });
  return (subject: PropertyRecord, mode: 'sale' | 'rent') => {
    const found: number[] = [];
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++)
        found.push(...(buckets.get(`${kindOf(subject)}|${mode}|${cell(subject, dr, dc)}`) ?? []));
    found.sort((a, b) => a - b);
    const line: LineSums = { n: 0, x: 0, y: 0, xy: 0, xx: 0, yy: 0 };
    const near: Near[] = [];
    for (const index of found) {
      const tx = homes.transactions[index];
      const property = homes.byId.get(tx.propertyId)!;
      const distance = distanceMeters(subject, property);
      if (!(distance <= COMPARABLES.radiusM[subject.propertyType])) continue;
      const monthsAgo = (cutOff - Date.parse(tx.date)) / COMPARABLES.monthMs;
      addToLine(line, monthsAgo, tx.price / tx.floorAreaSqm);
      if (monthsAgo > COMPARABLES.windowMonths[mode]) continue;
      near.push({
        tx,
        property,
        distance,
        monthsAgo,
        index,
        score: comparableScore(subject, distance, monthsAgo, property, tx.floorAreaSqm),
      });
    }
    const best = near.sort((a, b) => a.score - b.score).slice(0, COMPARABLES.max);
    return valueFromComparables({ best, growth: fittedYearlyGrowth(line) }, subject, mode);
  };
}

const ms = (xs: number[], q: number) => `${quantile(xs, q).toFixed(3)} ms`.padStart(11);

export function privateMarket(sizes = [20_000, 200_000, 1_000_000]) {
  console.log('\nThe private market (condos and landed homes, a quarter sales), one estimate of a random home');
  console.log('  volume      build   index p50   index p99    3×3 grid p50   3×3 grid p99   (sale and rent alike)');
  for (const size of sizes) {
    const homes = privateWorld(size);
    const started = performance.now();
    const engine = createEstimateEngine({ serviceUrl: 'https://bench.test/', homes });
    const build = (performance.now() - started) / 1000;
    const random = seededRandom(7);
    const pick = () => homes.properties[Math.floor(random() * homes.properties.length)];
    const timed = (rounds: number, value: (home: PropertyRecord, mode: 'sale' | 'rent') => unknown) => {
      const out: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const home = pick();
        const mode = i % 2 ? 'rent' : 'sale';
        const t = performance.now();
        value(home, mode);
        out.push(performance.now() - t);
      }
      return out;
    };
    timed(200, (home, mode) => engine.estimate(home.id, mode)); // warm
    const indexed = timed(4_000, (home, mode) => engine.estimate(home.id, mode));
    const grid = gridRead(homes);
    const readAll = timed(size >= 1_000_000 ? 100 : 300, (home, mode) => grid(home, mode));
    console.log(
      `  ${size.toLocaleString('en').padStart(9)}  ${build.toFixed(2).padStart(6)} s ${ms(indexed, 0.5)} ${ms(indexed, 0.99)}    ${ms(readAll, 0.5)}    ${ms(readAll, 0.99)}`,
    );
  }
}
