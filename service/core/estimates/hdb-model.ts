/**
 * The estimate of an HDB flat from resale prices alone: a hedonic model learned from the sales before
 * the month valued. A sale's log price per m² is the town's level that month, plus its block's own level
 * (shared by the block's flat types), plus premiums a storey up and for size (learned from flats of one
 * block); they are fitted together (backfitting). A block with few sales leans toward its street's level
 * adjusted for its remaining lease; a block with none takes that, and a new street its town's. The
 * level is carried to the month valued by the national trend of the last quarter (each town's own
 * deviation is carried flat). The range comes from the model's own errors on the month before, so it
 * holds about 80 % of sales.
 */

import { quantile } from './statistics.js';
import { fit, predict } from './hdb-fit.js';
import { type Basis, blockKey, type HdbHome, type HdbSale, monthName, monthNumber } from './hdb-sale.js';

export type { Basis, HdbHome, HdbSale } from './hdb-sale.js';

export interface HdbEstimate {
  price: number;
  low: number;
  high: number;
  basis: Basis;
  /** Sales of the same block and flat type in the window, newest first (the comparables shown; the
   * block's level is learned from all its flat types). */
  comparables: HdbSale[];
}

export interface HdbModelOptions {
  /** Months of sales the model learns from. */
  windowMonths?: number;
}

const DEFAULT_WINDOW = 24;

/**
 * The ranges learned apart, as confidences are stated (hdb-estimate.ts saleConfidence): a block with
 * three or more of its own sales of the type, a block with fewer, a street, a town.
 */
type RangeClass = 'block' | 'blockFew' | 'street' | 'town';
const rangeClass = (basis: Basis, ownSales: number): RangeClass =>
  basis === 'block' && ownSales < 3 ? 'blockFew' : basis;
const ownSales = (byBlock: Map<string, HdbSale[]>, home: HdbHome) =>
  (byBlock.get(blockKey(home)) ?? []).filter((sale) => sale.flatType === home.flatType).length;

/** The first month of sales a valuer for `month` reads (its window and the month before it, for the range). */
export function firstMonthRead(month: string, { windowMonths = DEFAULT_WINDOW }: HdbModelOptions = {}): string {
  return monthName(monthNumber(month) - windowMonths - 1);
}

/**
 * A valuer for one month: learns from the sales of the window before it, and from its own errors on
 * the month before that, the range for each basis.
 */
export function hdbValuer(sales: HdbSale[], month: string, { windowMonths = DEFAULT_WINDOW }: HdbModelOptions = {}) {
  const at = monthNumber(month);
  const within = (from: number, to: number) =>
    sales.filter((s) => {
      const k = monthNumber(s.month);
      return k >= from && k < to;
    });
  const training = within(at - windowMonths, at);
  if (!training.length) return undefined;
  const model = fit(training, at);

  // The errors of the same model, fitted a month earlier, on the last month's sales: the range, learned
  // apart for each confidence the estimate states (a block of few own sales of the type errs more).
  const lastMonth = within(at - 1, at);
  const earlier = within(at - 1 - windowMonths, at - 1);
  const errors: Record<RangeClass, number[]> = { block: [], blockFew: [], street: [], town: [] };
  if (earlier.length && lastMonth.length) {
    const before = fit(earlier, at - 1);
    for (const sale of lastMonth) {
      const guess = predict(before, sale, at - 1);
      if (guess) errors[rangeClass(guess.basis, ownSales(before.byBlock, sale))].push(Math.log(sale.price) - guess.log);
    }
  }
  // A class with too few errors of its own takes the block's, widened by what not knowing the block
  // (and, for a town, the street) adds to a sale's variance.
  const widen: Record<RangeClass, number> = {
    block: 1,
    blockFew: 1,
    street: Math.sqrt(1 + model.blockVariance / model.saleVariance),
    town: Math.sqrt(1 + (2 * model.blockVariance) / model.saleVariance),
  };
  const spread = (kind: RangeClass) => {
    const own = errors[kind].length >= 30;
    const pooled = own ? errors[kind] : [...errors.block, ...errors.blockFew, ...errors.street, ...errors.town];
    const scale = own ? 1 : widen[kind];
    return pooled.length >= 10
      ? { low: quantile(pooled, 0.1) * scale, high: quantile(pooled, 0.9) * scale }
      : { low: -0.08 * scale, high: 0.08 * scale };
  };
  const spreads = {
    block: spread('block'),
    blockFew: spread('blockFew'),
    street: spread('street'),
    town: spread('town'),
  };

  return {
    model,
    value(home: HdbHome): HdbEstimate | undefined {
      const guess = predict(model, home, at);
      if (!guess) return undefined;
      const comparables = (model.byBlock.get(blockKey(home)) ?? [])
        .filter((sale) => sale.flatType === home.flatType)
        .sort((a, b) => (a.month < b.month ? 1 : -1));
      const { low, high } = spreads[rangeClass(guess.basis, comparables.length)];
      return {
        price: Math.exp(guess.log),
        low: Math.exp(guess.log + low),
        high: Math.exp(guess.log + high),
        basis: guess.basis,
        comparables: comparables.slice(0, 10),
      };
    },
  };
}
