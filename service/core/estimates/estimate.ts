import type { components } from '../../../contract/generated/widget-host.js';
import type { DataSource, Homes, PropertyRecord, Transaction } from './homes.js';
import type { HomeType } from './home-types.js';
import type { HomeAsked } from './parameters.js';
import { serviceWords } from './service-words.js';
import { quantile } from './statistics.js';

type Estimate = components['schemas']['Estimate'];
type Mode = components['schemas']['Mode'];

export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

function describe(property: PropertyRecord): string {
  return property.project ? `${property.project}, ${property.address}` : property.address;
}

/** What a valuer finds for a home: the figures, how sure, and the sales or rents it used. */
export interface Valuation {
  value: number;
  low: number;
  high: number;
  confidence: Estimate['confidence'];
  /** The comparables used, newest first. */
  comparables: Estimate['comparables'];
  /** The range's half-width, in logs, where it comes from the comparables (comparables-valuer.ts calibrates it). */
  half?: number;
  /** The storey valued, where it is not the one asked: the nearest its comparables name. */
  storey?: number;
  /** What it was valued from, and whether the search went wider than usual. */
  basis?: Estimate['basis'];
}

export interface EstimateContext {
  today: Date;
  serviceUrl: string;
  /** The datasets the estimate rests on, named in its attribution (none for the sandbox's generated world). */
  sources?: DataSource[];
  /** What the visitor said of the home (its storey, its floor area), carried to the valuation page's link. */
  asked?: HomeAsked;
  /** The home type's typical area, when the subject is valued at another. */
  typicalFloorAreaSqm?: number;
  /** The kinds of home at the subject's address (home-types.ts); the subject's alone when not given. */
  unitTypes?: HomeType[];
}

/** Rounds a price as the service states it: sales to the thousand, rents to fifty dollars. */
export const roundPrice = (mode: Mode, price: number) => {
  const round = mode === 'sale' ? 1000 : 50;
  return Math.round(price / round) * round;
};

/** The normal distribution's 80th percentile (in standard deviations), and its 90th. */
const Z80 = 0.8416;
const Z90 = 1.2816;

/**
 * What the 20th to 80th percentile width of n normal values, interpolated, reads of its true width on
 * average (simulated, 200,000 draws each): a few values read it short, so the spread is divided by this.
 */
const SPREAD_BIAS = [0.748, 0.748, 0.748, 0.748, 0.748, 0.748, 0.762, 0.804, 0.832, 0.85, 0.862];
const spreadBias = (n: number) => SPREAD_BIAS[n] ?? 1 - 1.35 / n;

/**
 * The median of `values` as the value, and as the range where about 80 % of sales like them fall: a
 * prediction interval, the median ± Student's t (its 90th percentile for n − 1 degrees of freedom)
 * standard deviations of their logs (read from their 20th and 80th percentiles, so a stray value does
 * not widen it, and corrected for how short a few values read it) times √(1 + 1/n) for the median's own
 * error; at least 3 % either side. The comparables'
 * own 20th to 80th percentiles, the range before, held 49 % of held-out private sales (npm run backtest).
 */
export function middleAndRange(values: number[], toPrice: (x: number) => number, scale = 1) {
  const median = quantile(values, 0.5);
  const logs = values.map(Math.log);
  const n = values.length;
  const sigma = (quantile(logs, 0.8) - quantile(logs, 0.2)) / (2 * Z80) / spreadBias(n);
  // t's percentile from the normal's, to the first order in 1/df (Cornish–Fisher): 1.38 for ten values.
  const t = Z90 + (Z90 ** 3 + Z90) / (4 * Math.max(1, n - 1));
  const half = t * sigma * Math.sqrt(1 + 1 / n) * scale;
  return {
    half,
    value: toPrice(median),
    low: Math.min(toPrice(median * Math.exp(-half)), toPrice(median * 0.97)),
    high: Math.max(toPrice(median * Math.exp(half)), toPrice(median * 1.03)),
  };
}

/** A comparable as every surface shows it. */
export const comparableOf = (tx: Transaction, property: PropertyRecord, distance: number) => ({
  date: tx.date,
  address: describe(property),
  propertyType: property.propertyType,
  unitType: property.unitType,
  floorAreaSqm: tx.floorAreaSqm,
  price: tx.price,
  pricePerSqm: Math.round(tx.price / tx.floorAreaSqm),
  distanceM: Math.round(distance / 10) * 10,
  ...(tx.saleType ? { saleType: tx.saleType } : {}),
});

/** The estimate every surface gives: a valuation of the property, as of the data's cut-off, with its attribution. */
export function estimateOf(
  homes: Pick<Homes, 'cutOff'>,
  subject: PropertyRecord,
  mode: Mode,
  valuation: Valuation,
  options: EstimateContext,
): Estimate {
  const retainUntil = new Date(options.today.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  const { value, low, high, confidence, comparables } = valuation;
  const sources = options.sources?.length ? { sources: options.sources } : {};
  const words = serviceWords('en', { attribution: { text: '', url: '', ...sources } });
  return {
    mode,
    currency: 'SGD',
    value,
    low,
    high,
    confidence,
    asOf: homes.cutOff,
    retainUntil,
    property: {
      id: subject.id,
      address: subject.address,
      ...(subject.project ? { project: subject.project } : {}),
      ...(subject.postalCode ? { postalCode: subject.postalCode } : {}),
      town: subject.town,
      propertyType: subject.propertyType,
      unitType: subject.unitType,
      floorAreaSqm: subject.floorAreaSqm,
      typicalFloorAreaSqm: options.typicalFloorAreaSqm ?? subject.floorAreaSqm,
      ...(options.asked?.storey !== undefined ? { storey: valuation.storey ?? options.asked.storey } : {}),
      unitTypes: options.unitTypes ?? [{ id: subject.id, unitType: subject.unitType }],
    },
    comparables,
    ...(valuation.basis ? { basis: valuation.basis } : {}),
    attribution: {
      text: words.attribution,
      url: `${options.serviceUrl}valuation/${encodeURIComponent(subject.id)}?${pageQuery(mode, options.asked)}`,
      ...sources,
    },
    disclaimer: words.disclaimer,
  };
}

/** The valuation page's query for the same estimate: the mode, and the storey and floor area asked. */
export function pageQuery(mode: Mode, asked: HomeAsked = {}): string {
  const query = new URLSearchParams({ mode });
  if (asked.storey !== undefined) query.set('storey', String(asked.storey));
  if (asked.floorAreaSqm !== undefined) query.set('floorAreaSqm', String(asked.floorAreaSqm));
  return query.toString();
}
