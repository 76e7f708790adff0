/**
 * How close the rent estimate comes to the rents declared: each rent of the last N months is valued
 * from only the rents before its month, as the engine would have valued it then. An HDB rent is the
 * median of the declared rents of its block's flat type (then its street's and town's), judged against
 * the rents the outlier rule kept; a private rent is valued from its comparables at its own area.
 */
import { accuracy, type Accuracy, accuracyBy } from './backtest.js';
import { comparablesValuer } from './comparables-valuer.js';
import { type HdbData, hdbValuations } from './hdb-estimate.js';
import type { Homes } from './homes.js';
import { homesBefore } from './private-backtest.js';

export interface RentBacktestReport {
  months: string[];
  all: Accuracy;
  byUnitType: Record<string, Accuracy>;
}

interface Row {
  error?: number;
  inRange?: boolean;
  kind: string;
}

const report = (months: string[], rows: Row[]): RentBacktestReport => ({
  months,
  all: accuracy(rows),
  byUnitType: accuracyBy(rows, (r) => r.kind),
});

const lastMonths = (all: string[], months: number) => {
  const sorted = [...new Set(all)].sort();
  return sorted.length > months ? sorted.slice(-months) : undefined;
};

export function hdbRentBacktest(
  homes: Pick<Homes, 'byId'>,
  hdb: HdbData,
  { months = 6 } = {},
): RentBacktestReport | undefined {
  const tested = lastMonths(
    hdb.rents.map((r) => r.month),
    months,
  );
  if (!tested) return undefined;
  const rows: Row[] = [];
  for (const month of tested) {
    // Rents alone: a rent is valued from declared rents, and the sales' model is not needed for it.
    const valuations = hdbValuations(homes, { ...hdb, sales: [], rents: hdb.rents.filter((r) => r.month < month) });
    for (const rent of hdb.rents.filter((r) => r.month === month)) {
      const home = homes.byId.get(rent.propertyId);
      if (!home) continue;
      const valued = valuations.rent(home);
      const kind = `hdb ${home.unitType}`;
      rows.push(
        valued
          ? { kind, error: valued.value / rent.rent - 1, inRange: rent.rent >= valued.low && rent.rent <= valued.high }
          : { kind },
      );
    }
  }
  return report(tested, rows);
}

export function privateRentBacktest(
  homes: Pick<Homes, 'properties' | 'transactions' | 'byId'>,
  { months = 6 } = {},
): RentBacktestReport | undefined {
  const isPrivate = (propertyId: string) => homes.byId.get(propertyId)?.propertyType !== 'hdb';
  const rents = homes.transactions.filter((tx) => tx.mode === 'rent' && isPrivate(tx.propertyId));
  const tested = lastMonths(
    rents.map((tx) => tx.date.slice(0, 7)),
    months,
  );
  if (!tested) return undefined;
  const rows: Row[] = [];
  for (const month of tested) {
    const before = homesBefore(homes, rents, month);
    const value = comparablesValuer(before, 'hdb');
    for (const rent of rents.filter((tx) => tx.date.startsWith(month))) {
      const home = homes.byId.get(rent.propertyId)!;
      const valued = value({ ...home, floorAreaSqm: rent.floorAreaSqm }, 'rent');
      const kind = `${home.propertyType} ${home.unitType}`;
      rows.push(
        valued
          ? {
              kind,
              error: valued.value / rent.price - 1,
              inRange: rent.price >= valued.low && rent.price <= valued.high,
            }
          : { kind },
      );
    }
  }
  return report(tested, rows);
}
