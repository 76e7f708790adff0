/**
 * The fit behind the HDB model (hdb-model.ts): the town levels a month, block levels, and the storey,
 * size and lease premiums, fitted together by backfitting on the sales of a window; and the log price
 * a fitted model gives a flat, with what it stood on.
 */
import { median } from './statistics.js';
import { type Basis, blockKey, type HdbHome, type HdbSale, monthNumber, storeyOf, yearsLeft } from './hdb-sale.js';

const ITERATIONS = 8;
/** How many sales a town-month's own level needs to weigh as much as the month before's (smoothing). */
const TOWN_SMOOTHING = 15;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export interface Fit {
  /** The national level a month (log price per m²), and each town's smoothed deviation from it. */
  level: (town: string) => number | undefined;
  blockLevel: Map<string, number>;
  streetLevel: Map<string, number>;
  townLevel: Map<string, number>;
  storeyPremium: number;
  /** How much one sale varies around its block's level, and how much blocks vary around their street's (log²). */
  saleVariance: number;
  blockVariance: number;
  /** Per year of remaining lease (across blocks), and per log m² (within one). */
  leasePremium: number;
  areaPremium: number;
  byBlock: Map<string, HdbSale[]>;
}

/** Fits the model on `sales`, all before `month`; the level is carried to `month`. */
export function fit(sales: HdbSale[], month: number): Fit {
  const y = sales.map((s) => Math.log(s.price / s.floorAreaSqm));
  const m = sales.map((s) => monthNumber(s.month));
  const storey = sales.map(storeyOf);
  const keys = sales.map(blockKey);
  const first = m.reduce((a, b) => Math.min(a, b));
  const last = m.reduce((a, b) => Math.max(a, b));
  const months = last - first + 1;
  const towns = [...new Set(sales.map((s) => s.town))];
  const townIndex = new Map(towns.map((t, i) => [t, i]));
  const town = sales.map((s) => townIndex.get(s.town)!);

  const area = sales.map((s) => Math.log(s.floorAreaSqm));
  const block = new Map<string, number>();
  let national = new Float64Array(months);
  let deviation = towns.map(() => new Float64Array(months));
  let beta = 0;
  let areaBeta = 0;
  const blockOf = (i: number) => block.get(keys[i]) ?? 0;
  const timeOf = (i: number) => national[m[i] - first] + deviation[town[i]][m[i] - first];
  const hedonic = (i: number) => beta * storey[i] + areaBeta * area[i];

  for (let round = 0; round < ITERATIONS; round++) {
    // Within each block, once time is taken out: the premiums a storey up and for a larger flat (from
    // flats of one block), then the block's own level.
    const z = sales.map((_, i) => y[i] - timeOf(i));
    const within = new Map<string, { z: number; s: number; a: number; n: number }>();
    sales.forEach((_, i) => {
      const sum = within.get(keys[i]) ?? { z: 0, s: 0, a: 0, n: 0 };
      sum.z += z[i];
      sum.s += storey[i];
      sum.a += area[i];
      sum.n++;
      within.set(keys[i], sum);
    });
    [beta, areaBeta] = twoSlopes(
      sales.map((_, i) => {
        const sum = within.get(keys[i])!;
        return [storey[i] - sum.s / sum.n, area[i] - sum.a / sum.n, z[i] - sum.z / sum.n] as const;
      }),
    );
    for (const [key, sum] of within) block.set(key, (sum.z - beta * sum.s - areaBeta * sum.a) / sum.n);

    // The national level a month, then each town's deviation from it, smoothed over months.
    const monthSum = new Float64Array(months);
    const monthCount = new Float64Array(months);
    sales.forEach((_, i) => {
      monthSum[m[i] - first] += y[i] - blockOf(i) - hedonic(i);
      monthCount[m[i] - first]++;
    });
    national = national.map((_, k) => (monthCount[k] ? monthSum[k] / monthCount[k] : 0));
    for (let k = 1; k < months; k++) if (!monthCount[k]) national[k] = national[k - 1];
    const townSum = towns.map(() => new Float64Array(months));
    const townCount = towns.map(() => new Float64Array(months));
    sales.forEach((_, i) => {
      townSum[town[i]][m[i] - first] += y[i] - blockOf(i) - hedonic(i) - national[m[i] - first];
      townCount[town[i]][m[i] - first]++;
    });
    deviation = towns.map((_, t) => {
      const smoothed = new Float64Array(months);
      let previous = 0;
      for (let k = 0; k < months; k++) {
        previous = (townSum[t][k] + TOWN_SMOOTHING * previous) / (townCount[t][k] + TOWN_SMOOTHING);
        smoothed[k] = previous;
      }
      return smoothed;
    });
  }

  // Across blocks: a block's level against its street's, by its remaining lease (a street's fixed
  // effect and one slope across streets).
  const byBlock = new Map<string, HdbSale[]>();
  sales.forEach((s, i) => byBlock.set(keys[i], [...(byBlock.get(keys[i]) ?? []), s]));
  const described = [...byBlock.entries()].map(([key, list]) => ({
    key,
    street: list[0].street,
    town: list[0].town,
    level: block.get(key)!,
    lease: yearsLeft(list[0], month),
    n: list.length,
  }));
  const streets = new Map<string, typeof described>();
  for (const d of described) streets.set(d.street, [...(streets.get(d.street) ?? []), d]);
  const centred = [...streets.values()].flatMap((list) => {
    const [lease, level] = [mean(list.map((d) => d.lease)), mean(list.map((d) => d.level))];
    return list.map((d) => [d.lease - lease, 0, d.level - level] as const);
  });
  const [leasePremium] = twoSlopes(centred);
  const streetLevel = new Map(
    [...streets].map(([street, list]) => [street, mean(list.map((d) => d.level - leasePremium * d.lease))]),
  );
  const townGroups = new Map<string, number[]>();
  for (const d of described) townGroups.set(d.town, [...(townGroups.get(d.town) ?? []), streetLevel.get(d.street)!]);
  const townLevel = new Map([...townGroups].map(([t, values]) => [t, mean(values)]));

  // A block known from a few sales leans toward what its street and lease say, by how much a sale
  // varies against how much blocks do (empirical Bayes).
  // Both spreads are read where they can be seen: a sale's around its block's mean from blocks of two
  // or more sales (a lone sale is its own mean), a block's around its street's from streets of two or
  // more blocks, each scaled up for the mean it was measured against (n / (n − 1)).
  const sizeOf = new Map(described.map((d) => [d.key, d.n]));
  const spreadOfSales = sales.flatMap((_, i) => {
    const n = sizeOf.get(keys[i])!;
    return n > 1 ? [Math.abs(y[i] - timeOf(i) - blockOf(i) - hedonic(i)) * Math.sqrt(n / (n - 1))] : [];
  });
  const saleVariance = spreadOfSales.length ? (1.4826 * median(spreadOfSales)) ** 2 : 0.04 ** 2;
  const deviations = described.map((d) => d.level - streetLevel.get(d.street)! - leasePremium * d.lease);
  const seen = described.flatMap((d, k) => {
    const j = streets.get(d.street)!.length;
    return j > 1 ? [{ squared: (deviations[k] ** 2 * j) / (j - 1), noise: saleVariance / d.n }] : [];
  });
  const blockVariance = Math.max(
    1e-4,
    seen.length ? mean(seen.map((s) => s.squared)) - mean(seen.map((s) => s.noise)) : 0.06 ** 2,
  );
  described.forEach((d, k) => {
    const weight = d.n / (d.n + saleVariance / blockVariance);
    block.set(d.key, d.level - (1 - weight) * deviations[k]);
  });

  // The level carried to the month valued: the last month's, moved on by the last quarter's trend.
  const lastK = months - 1;
  const trend = months > 3 ? (national[lastK] - national[lastK - 3]) / 3 : 0;
  const ahead = month - last;
  return {
    level: (t) => {
      const index = townIndex.get(t);
      return index === undefined ? undefined : national[lastK] + deviation[index][lastK] + trend * ahead;
    },
    blockLevel: block,
    streetLevel,
    townLevel,
    storeyPremium: beta,
    saleVariance,
    blockVariance,
    leasePremium,
    areaPremium: areaBeta,
    byBlock,
  };
}

/** Least squares of v on two centred variables: their two slopes. */
function twoSlopes(points: (readonly [number, number, number])[]): [number, number] {
  let [s11, s12, s22, s1v, s2v] = [0, 0, 0, 0, 0];
  for (const [x1, x2, v] of points) {
    s11 += x1 * x1;
    s12 += x1 * x2;
    s22 += x2 * x2;
    s1v += x1 * v;
    s2v += x2 * v;
  }
  const det = s11 * s22 - s12 * s12;
  if (Math.abs(det) < 1e-12) return [s11 > 0 ? s1v / s11 : 0, 0];
  return [(s1v * s22 - s2v * s12) / det, (s2v * s11 - s1v * s12) / det];
}

export function predict(model: Fit, home: HdbHome, month: number): { log: number; basis: Basis } | undefined {
  const level = model.level(home.town);
  if (level === undefined) return undefined;
  const logArea = Math.log(home.floorAreaSqm);
  const flat = level + model.storeyPremium * storeyOf(home) + (1 + model.areaPremium) * logArea;
  const own = model.blockLevel.get(blockKey(home));
  if (own !== undefined) return { log: flat + own, basis: 'block' };
  const lease = model.leasePremium * yearsLeft(home, month);
  const street = model.streetLevel.get(home.street);
  if (street !== undefined) return { log: flat + street + lease, basis: 'street' };
  const town = model.townLevel.get(home.town);
  if (town !== undefined) return { log: flat + town + lease, basis: 'town' };
  return undefined;
}
