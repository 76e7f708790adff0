/**
 * How close the private market's estimates (condos and landed homes, valued from their comparables)
 * come to the prices URA's sales record: each sale of the last N months is valued as of the end of the
 * month before, from only the transactions before its month, at its own floor area and storey. Resales
 * and sub sales are what a visitor's home is; a developer's new sales are measured apart. Beside the
 * model, the plain baseline: the median price per m² of the same project's sales of the 12 months
 * before, sizes within a third.
 */
import { accuracy, type Accuracy, accuracyBy } from './backtest.js';
import { comparablesValuer } from './comparables-valuer.js';
import { homesOf, type Homes, type PropertyRecord, type Transaction } from './homes.js';
import { median } from './statistics.js';

export interface PrivateBacktestReport {
  months: string[];
  /** Resales and sub sales (and sales whose type the data do not say), at their own storey and size. */
  all: Accuracy;
  /** The same sales, by the project-median baseline. */
  baseline: Accuracy;
  /** The same sales valued as a visitor who gives no storey or size is: at the home's typical ones, per m². */
  typical: Accuracy;
  /** Developers' new sales, apart. */
  newSales: Accuracy;
  /** The median signed error (model − price) / price of the resales and sub sales, and the baseline's. */
  bias: { model: number; baseline: number };
  bySaleType: Record<string, Accuracy>;
  byConfidence: Record<string, Accuracy>;
  byBasis: Record<string, Accuracy>;
  byDistrict: Record<string, Accuracy & { bias: number }>;
  /** By URA's market segment, with the model's median signed error and the baseline's. */
  bySegment: Record<string, Accuracy & { bias: number; baselineBias: number }>;
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

interface Row {
  error?: number;
  inRange?: boolean;
  baselineError?: number;
  propertyType: string;
  unitType: string;
  saleType: string;
  district: string;
  segment?: string;
  confidence?: string;
  basis?: string;
}

const BASELINE_MONTHS = 12;

/** The plain baseline: the median price per m² of the project's sales of the 12 months before, sizes within a third. */
function projectMedian(homes: Pick<Homes, 'byId'>, sales: Transaction[]) {
  const byProject = new Map<string, Transaction[]>();
  for (const tx of sales) {
    const key = projectOf(homes.byId.get(tx.propertyId)!);
    const list = byProject.get(key);
    if (list) list.push(tx);
    else byProject.set(key, [tx]);
  }
  return (home: PropertyRecord, sale: Transaction, month: string): number | undefined => {
    const from = new Date(Date.parse(`${month}-01`));
    from.setUTCMonth(from.getUTCMonth() - BASELINE_MONTHS);
    const since = from.toISOString().slice(0, 10);
    const alike = (byProject.get(projectOf(home)) ?? []).filter(
      (tx) =>
        tx.date >= since &&
        tx.date < `${month}-01` &&
        Math.abs(tx.floorAreaSqm - sale.floorAreaSqm) <= sale.floorAreaSqm / 3,
    );
    if (!alike.length) return undefined;
    return median(alike.map((tx) => tx.price / tx.floorAreaSqm)) * sale.floorAreaSqm;
  };
}
const projectOf = (home: PropertyRecord) => home.addressKey ?? `${home.project ?? ''}|${home.address}`;

const signed = (rows: { error?: number }[]) => median(rows.flatMap((r) => (r.error === undefined ? [] : [r.error])));

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
  const baselineOf = projectMedian(homes, sales);
  const rows: Row[] = [];
  const typical: { error?: number; inRange?: boolean }[] = [];
  for (const month of tested) {
    const before = homesBefore(homes, sales, month);
    // As the engine would have been built at the month's start: its range learned from the month before.
    const value = comparablesValuer(before, 'hdb');
    for (const sale of sales.filter((tx) => tx.date.startsWith(month))) {
      const home = homes.byId.get(sale.propertyId)!;
      // Valued at its own size and storey, as a visitor who gives theirs is.
      const valued = value({ ...home, floorAreaSqm: sale.floorAreaSqm }, 'sale', sale.storey);
      const baseline = baselineOf(home, sale, month);
      const row: Row = {
        propertyType: home.propertyType,
        unitType: `${home.propertyType} ${home.unitType}`,
        saleType: sale.saleType ?? 'not said',
        district: home.town,
        segment: home.marketSegment,
        ...(baseline !== undefined ? { baselineError: baseline / sale.price - 1 } : {}),
      };
      if (valued)
        Object.assign(row, {
          error: valued.value / sale.price - 1,
          inRange: sale.price >= valued.low && sale.price <= valued.high,
          confidence: valued.confidence,
          basis: valued.basis?.scope ?? 'nearby',
        });
      rows.push(row);
      if (sale.saleType === 'new_sale') continue;
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
    }
  }
  const resales = rows.filter((r) => r.saleType !== 'new_sale');
  const baselineRows = resales.map((r) => ({ error: r.baselineError }));
  const districts = accuracyBy(resales, (r) => r.district);
  return {
    months: tested,
    all: accuracy(resales),
    baseline: accuracy(baselineRows),
    typical: accuracy(typical),
    newSales: accuracy(rows.filter((r) => r.saleType === 'new_sale')),
    bias: { model: signed(resales), baseline: signed(baselineRows) },
    bySaleType: accuracyBy(rows, (r) => r.saleType),
    byConfidence: accuracyBy(resales, (r) => r.confidence),
    byBasis: accuracyBy(resales, (r) => r.basis),
    byDistrict: Object.fromEntries(
      Object.entries(districts).map(([district, a]) => [
        district,
        { ...a, bias: signed(resales.filter((r) => r.district === district)) },
      ]),
    ),
    bySegment: Object.fromEntries(
      Object.entries(accuracyBy(resales, (r) => r.segment)).map(([segment, a]) => {
        const rows = resales.filter((r) => r.segment === segment);
        return [
          segment,
          { ...a, bias: signed(rows), baselineBias: signed(rows.map((r) => ({ error: r.baselineError }))) },
        ];
      }),
    ),
    byPropertyType: accuracyBy(resales, (r) => r.propertyType),
    byUnitType: accuracyBy(resales, (r) => r.unitType),
  };
}
