/**
 * A town's market from the transactions the estimates are made from: the transactions of a period
 * (at most 20 listed, newest first, with the median price per square foot of all that matched), and
 * the median price per square foot by quarter. Public discovery answers, with the dataset's
 * provenance; the same homes as every estimate.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Homes, PropertyRecord } from '../estimates/homes.js';
import { provenanceOf } from './transactions-dataset.js';

type Schemas = components['schemas'];
type PropertyType = PropertyRecord['propertyType'];
type Mode = 'sale' | 'rent';

const SQFT_PER_SQM = 10.7639;
/** The most transactions one answer lists: enough to read a market, too few to collect it. */
export const MAX_LISTED = 20;
/** The longest period one answer covers, in months. */
export const MAX_MONTHS = 24;

const median = (values: number[]) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
/** Rents per square foot keep cents; sale prices per square foot are whole dollars, as the market writes them. */
const perSqft = (price: number, sqm: number, mode: Mode) => {
  const value = price / (sqm * SQFT_PER_SQM);
  return mode === 'rent' ? Math.round(value * 100) / 100 : Math.round(value);
};
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;

export function createAreaMarket(homes: Homes) {
  const towns = [...new Set(homes.properties.map((p) => p.town))].sort();
  const { source, licence, generated } = provenanceOf(homes);
  const provenance = { source, asOf: homes.cutOff, licence, synthetic: generated };
  /** The town as the homes spell it, whatever the case it was asked in. */
  const townNamed = (name: string) => towns.find((t) => t.toLowerCase() === name.trim().toLowerCase());
  const inTown = (town: string, propertyType: PropertyType | undefined, mode: Mode) =>
    homes.transactions.flatMap((t) => {
      const property = homes.byId.get(t.propertyId)!;
      return t.mode === mode && property.town === town && (!propertyType || property.propertyType === propertyType)
        ? [{ t, property }]
        : [];
    });

  return {
    towns,
    townNamed,
    /** Why a period cannot be answered, or undefined. */
    problemInPeriod(from: string, to: string): string | undefined {
      if (from > to) return `from (${from}) must not be after to (${to})`;
      if (monthsBetween(from, to) > MAX_MONTHS) return `a period covers at most ${MAX_MONTHS} months`;
      if (from > homes.cutOff.slice(0, 7)) return `the data runs to ${homes.cutOff}`;
      return undefined;
    },
    transactions(town: string, propertyType: PropertyType | undefined, mode: Mode, from: string, to: string) {
      const matched = inTown(town, propertyType, mode)
        .filter(({ t }) => t.date.slice(0, 7) >= from && t.date.slice(0, 7) <= to)
        .sort((a, b) => b.t.date.localeCompare(a.t.date));
      const listed = matched.slice(0, MAX_LISTED).map(({ t, property }) => ({
        date: t.date,
        address: property.project ? `${property.project}, ${property.address}` : property.address,
        propertyType: property.propertyType,
        floorAreaSqm: t.floorAreaSqm,
        price: Math.round(t.price),
        pricePerSqft: perSqft(t.price, t.floorAreaSqm, mode),
      }));
      const answer: Schemas['AreaTransactions'] = {
        object: 'area_transactions',
        town,
        propertyType: propertyType ?? null,
        mode,
        period: { from, to },
        count: matched.length,
        medianPricePerSqft: median(matched.map(({ t }) => perSqft(t.price, t.floorAreaSqm, mode))),
        shown: listed.length,
        transactions: listed,
        ...provenance,
      };
      return answer;
    },
    trend(town: string, propertyType: PropertyType, mode: Mode) {
      const byQuarter = new Map<string, number[]>();
      for (const { t } of inTown(town, propertyType, mode)) {
        const quarter = `${t.date.slice(0, 4)}-Q${Math.floor((Number(t.date.slice(5, 7)) - 1) / 3) + 1}`;
        byQuarter.set(quarter, [...(byQuarter.get(quarter) ?? []), perSqft(t.price, t.floorAreaSqm, mode)]);
      }
      const points = [...byQuarter.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([quarter, values]) => ({ quarter, medianPricePerSqft: median(values)!, transactions: values.length }));
      const first = points[0]?.medianPricePerSqft;
      const last = points.at(-1)?.medianPricePerSqft;
      const answer: Schemas['PriceTrend'] = {
        object: 'price_trend',
        town,
        propertyType,
        mode,
        points,
        changePercent: points.length > 1 && first ? Math.round(((last! - first) / first) * 1000) / 10 : null,
        ...provenance,
      };
      return answer;
    },
  };
}

export type AreaMarket = ReturnType<typeof createAreaMarket>;
