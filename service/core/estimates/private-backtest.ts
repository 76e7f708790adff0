/**
 * How close the private market's estimates (condos and landed homes, valued from their comparables)
 * come to the prices URA's sales record: each sale of the last N months is valued as of the end of the
 * month before, from only the transactions before its month, at its own floor area and storey.
 */
import { accuracy, type Accuracy, accuracyBy } from './backtest.js';
import { comparablesValuer } from './comparables-valuer.js';
import { homesOf, type Homes } from './homes.js';

export interface PrivateBacktestReport {
  months: string[];
  all: Accuracy;
  /** The same sales valued as a visitor who gives no storey or size is: at the home's typical ones, per m². */
  typical: Accuracy;
  byPropertyType: Record<string, Accuracy>;
  byUnitType: Record<string, Accuracy>;
}

const dayBefore = (month: string) => new Date(Date.parse(`${month}-01`) - 86_400_000).toISOString().slice(0, 10);

/** The homes as they stood at the end of the month before `month`: only the transactions before it. */
export const homesBefore = (
  homes: Pick<Homes, 'properties'>,
  transactions: Homes['transactions'],
  month: string,
): Homes =>
  homesOf(
    dayBefore(month),
    homes.properties,
    transactions.filter((tx) => tx.date < `${month}-01`),
  );

export function privateBacktest(
  homes: Pick<Homes, 'properties' | 'transactions' | 'byId'>,
  { months = 6 } = {},
): PrivateBacktestReport | undefined {
  const isPrivate = (propertyId: string) => {
    const type = homes.byId.get(propertyId)?.propertyType;
    return type === 'condo' || type === 'landed';
  };
  const sales = homes.transactions.filter((tx) => tx.mode === 'sale' && isPrivate(tx.propertyId));
  const all = [...new Set(sales.map((tx) => tx.date.slice(0, 7)))].sort();
  const tested = all.slice(-months);
  if (tested.length < months || all.length <= months) return undefined;
  const rows: { error?: number; inRange?: boolean; propertyType: string; unitType: string }[] = [];
  const typical: { error?: number; inRange?: boolean }[] = [];
  for (const month of tested) {
    const before = homesBefore(homes, sales, month);
    // As the engine would have been built at the month's start: its range learned from the month before.
    const value = comparablesValuer(before, 'hdb');
    for (const sale of sales.filter((tx) => tx.date.startsWith(month))) {
      const home = homes.byId.get(sale.propertyId)!;
      // Valued at its own size and storey, as a visitor who gives theirs is.
      const valued = value({ ...home, floorAreaSqm: sale.floorAreaSqm }, 'sale', sale.storey);
      const kind = { propertyType: home.propertyType, unitType: `${home.propertyType} ${home.unitType}` };
      const plain = value(home, 'sale');
      const perSqm = sale.price / sale.floorAreaSqm;
      typical.push(
        plain
          ? {
              error: plain.value / home.floorAreaSqm / perSqm - 1,
              inRange: perSqm >= plain.low / home.floorAreaSqm && perSqm <= plain.high / home.floorAreaSqm,
            }
          : {},
      );
      rows.push(
        valued
          ? {
              ...kind,
              error: valued.value / sale.price - 1,
              inRange: sale.price >= valued.low && sale.price <= valued.high,
            }
          : kind,
      );
    }
  }
  return {
    months: tested,
    all: accuracy(rows),
    typical: accuracy(typical),
    byPropertyType: accuracyBy(rows, (r) => r.propertyType),
    byUnitType: accuracyBy(rows, (r) => r.unitType),
  };
}
