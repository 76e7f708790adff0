/**
 * How close estimates come to the prices homes really sold for: each sale of the last N months is
 * valued with only the sales before its month, and the errors are summed up: the median absolute
 * percentage error, the shares within 5, 10 and 20 %, and how often the range held the price, in all,
 * by flat type and by town. A plain baseline runs beside the model, so that its gain is a figure too.
 */
import { type HdbSale, hdbValuer } from './hdb-model.js';
import { monthNumber, storeyOf as storey } from './hdb-sale.js';
import { saleConfidence } from './hdb-estimate.js';
import { median } from './statistics.js';

export interface Accuracy {
  valued: number;
  /** Sales that could not be valued (a town with no sales before). */
  notValued: number;
  medianError: number;
  within5: number;
  within10: number;
  within20: number;
  /** The share of prices inside the estimate's range (the model's; undefined for the baseline). */
  rangeCoverage?: number;
}

export interface BacktestReport {
  months: string[];
  model: Accuracy;
  baseline: Accuracy;
  byFlatType: Record<string, Accuracy>;
  byTown: Record<string, Accuracy>;
  /** How the model valued each sale: from its own block, its street, or its town. */
  byBasis: Record<string, Accuracy>;
  /** By the confidence the estimate states (high, medium, low), as the engine states it. */
  byConfidence: Record<string, Accuracy>;
}

interface Valued {
  sale: HdbSale;
  error?: number;
  inRange?: boolean;
  basis?: string;
  confidence?: string;
}

/** The errors of a set of estimates: each row's error (undefined when it could not be valued) and whether its range held. */
export function accuracy(rows: { error?: number; inRange?: boolean }[]): Accuracy {
  const errors = rows.flatMap((r) => (r.error === undefined ? [] : [Math.abs(r.error)])).sort((a, b) => a - b);
  const share = (limit: number) => (errors.length ? errors.filter((e) => e <= limit).length / errors.length : 0);
  const ranged = rows.filter((r) => r.inRange !== undefined);
  return {
    valued: errors.length,
    notValued: rows.length - errors.length,
    medianError: median(errors),
    within5: share(0.05),
    within10: share(0.1),
    within20: share(0.2),
    ...(ranged.length && { rangeCoverage: ranged.filter((r) => r.inRange).length / ranged.length }),
  };
}

/** The accuracy of each group of rows, in the order of the groups' names; a row with no group is left out. */
export const accuracyBy = <T extends { error?: number; inRange?: boolean }>(
  rows: T[],
  key: (row: T) => string | undefined,
) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === undefined) continue;
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([k, list]) => [k, accuracy(list)]));
};

export function backtest(sales: HdbSale[], { months = 6, windowMonths = 24 } = {}): BacktestReport | undefined {
  const all = [...new Set(sales.map((s) => s.month))].sort();
  const tested = all.slice(-months);
  if (tested.length < months || all.length <= months) return undefined;
  const model: Valued[] = [];
  const baseline: Valued[] = [];
  for (const month of tested) {
    const valuer = hdbValuer(sales, month, { windowMonths });
    const base = baselineValuer(sales, month);
    for (const sale of sales.filter((s) => s.month === month)) {
      const estimate = valuer?.value(sale);
      model.push(
        estimate
          ? {
              sale,
              error: estimate.price / sale.price - 1,
              inRange: sale.price >= estimate.low && sale.price <= estimate.high,
              basis: estimate.basis,
              confidence: saleConfidence(estimate.basis, estimate.comparables.length),
            }
          : { sale },
      );
      const plain = base(sale);
      baseline.push(plain === undefined ? { sale } : { sale, error: plain / sale.price - 1 });
    }
  }
  return {
    months: tested,
    model: accuracy(model),
    baseline: accuracy(baseline),
    byFlatType: accuracyBy(model, (r) => r.sale.flatType),
    byTown: accuracyBy(model, (r) => r.sale.town),
    byBasis: accuracyBy(model, (r) => r.basis),
    byConfidence: accuracyBy(model, (r) => r.confidence),
  };
}

/**
 * What a careful engineer builds in an afternoon (the baseline): the median price per m² of the
 * same block's sales of the same flat type in the six months before (else the street's, else the
 * town's), each adjusted to the flat's storey (1 % a storey) and remaining lease (0.6 % a year).
 */
function baselineValuer(sales: HdbSale[], month: string) {
  const at = monthNumber(month);
  const recent = sales.filter((s) => {
    const k = monthNumber(s.month);
    return k >= at - 6 && k < at;
  });
  const index = (key: (s: HdbSale) => string) => {
    const map = new Map<string, HdbSale[]>();
    for (const s of recent) map.set(key(s), [...(map.get(key(s)) ?? []), s]);
    return map;
  };
  const byBlock = index((s) => `${s.street}|${s.block}|${s.flatType}`);
  const byStreet = index((s) => `${s.street}|${s.flatType}`);
  const byTown = index((s) => `${s.town}|${s.flatType}`);
  return (home: HdbSale): number | undefined => {
    const comparables =
      byBlock.get(`${home.street}|${home.block}|${home.flatType}`) ??
      byStreet.get(`${home.street}|${home.flatType}`) ??
      byTown.get(`${home.town}|${home.flatType}`);
    if (!comparables) return undefined;
    const adjusted = comparables
      .map(
        (c) =>
          (c.price / c.floorAreaSqm) *
          Math.exp(0.01 * (storey(home) - storey(c)) + 0.006 * (home.leaseCommenceYear - c.leaseCommenceYear)),
      )
      .sort((a, b) => a - b);
    return adjusted[Math.floor(adjusted.length / 2)] * home.floorAreaSqm;
  };
}
