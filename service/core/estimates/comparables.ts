/**
 * An estimate from comparables (a condo, a landed home; an HDB flat where HDB's files are not loaded): how each nearby
 * transaction scores, the area's growth line, and the value and range the best of them give. nearby.ts
 * finds the transactions; comparables-valuer.ts puts the parts together.
 */
import type { components } from '../../../contract/generated/widget-host.js';
import { comparableOf, middleAndRange, roundPrice, type Valuation } from './estimate.js';
import type { PropertyRecord, Transaction } from './homes.js';
import { quantile } from './statistics.js';

type Mode = components['schemas']['Mode'];

/** The sums a least-squares line is fitted from: they add up across homes. */
export interface LineSums {
  n: number;
  x: number;
  y: number;
  xy: number;
  xx: number;
  yy: number;
}

/** A transaction's place on the growth line: its time in years before the cut-off, and its log price per m². */
export function addToLine(sums: LineSums, monthsAgo: number, psm: number): void {
  const x = -monthsAgo / 12;
  const y = Math.log(psm);
  sums.n++;
  sums.x += x;
  sums.y += y;
  sums.xy += x * y;
  sums.xx += x * x;
  sums.yy += y * y;
}

/** Yearly growth fitted by least squares on log price per m² against time, kept within a sane band. */
export function fittedYearlyGrowth({ n, x, y, xy, xx, yy }: LineSums): number {
  if (n < 3) return 0;
  const num = xy - (x * y) / n;
  const den = xx - (x * x) / n;
  // A line through points of one month alone has no slope (the difference of sums is rounding).
  if (den <= 1e-12 * Math.max(1, xx)) return 0;
  const slope = num / den;
  // Shrunk towards no growth by how sure the fit is: the slope's squared standard error against the
  // spread of growth rates markets show (GROWTH_PRIOR a year). A project's few sales move it little.
  const residual = Math.max(0, yy - (y * y) / n - slope * num) / Math.max(1, n - 2);
  const shrunk = slope * (GROWTH_PRIOR ** 2 / (GROWTH_PRIOR ** 2 + residual / den));
  return Math.min(0.15, Math.max(-0.1, Math.exp(shrunk) - 1));
}

/** The spread of yearly growth in log price per m² that markets show before their own sales are read. */
const GROWTH_PRIOR = 0.05;

/** A transaction near the subject, with what its score is made of. */
export interface Near {
  tx: Transaction;
  property: PropertyRecord;
  distance: number;
  monthsAgo: number;
  /** Its place in `homes.transactions` (newest first): of two alike, the newer counts first. */
  index: number;
  score: number;
  /** false where either home's place is unknown: `distance` is then what its project, street or district count as. */
  distanceKnown?: false;
}

/** A comparable's price carried to the subject's storey: the premium a storey up, and the storey valued. */
export interface StoreyAdjustment {
  premium: number;
  subject: number;
}

/** The transactions a home is valued from (nearby.ts finds them): the best by score, and the area's growth. */
export interface Neighbourhood {
  /** At most COMPARABLES.max, within the window, best first. */
  best: Near[];
  /** The yearly growth of the kind's prices within the radius, over every month read. */
  growth: number;
}

export const COMPARABLES = {
  min: 5,
  max: 10,
  monthMs: 30.44 * 86_400_000,
  /** How far back and how far away a transaction may be to count as comparable. */
  windowMonths: { sale: 24, rent: 12 } satisfies Record<Mode, number>,
  radiusM: { hdb: 2500, condo: 5000, landed: 5000 },
};

/**
 * How a home's price per m² falls as it grows: a comparable's is carried to the subject's size by (its
 * area / the subject's) to this power, since a small flat sells dearer a metre than a large one. 0.15
 * measured best of 0, 0.15 on URA's real sales of 2023-H2 (≤ 10 %: 84.2 → 84.8 %, MdAPE unchanged).
 */
export const SIZE_ELASTICITY = 0.15;

/**
 * How far a transaction is from the subject, lower the closer: a km away, a year ago, a third of its
 * size off each count one, and a condo's own project says more about it than any neighbour (two).
 */
export const comparableScore = (
  subject: PropertyRecord,
  distance: number,
  monthsAgo: number,
  other: PropertyRecord,
  floorAreaSqm: number,
) =>
  distance / 1000 +
  monthsAgo / 12 +
  (3 * Math.abs(floorAreaSqm - subject.floorAreaSqm)) / subject.floorAreaSqm +
  (subject.project && !ofOneProject(subject, other) ? 2 : 0);

/** Two homes of one project: by their address key where they have one (a project is its name on its street). */
const ofOneProject = (a: PropertyRecord, b: PropertyRecord) =>
  a.addressKey !== undefined ? a.addressKey === b.addressKey : a.project === b.project;

/** Where a comparable of another project lies: nearby where both places are known, else its street or its district. */
const nearOf = (c: Near, subject: PropertyRecord) =>
  c.distanceKnown !== false
    ? ('nearby' as const)
    : c.property.address === subject.address
      ? ('same_street' as const)
      : ('same_district' as const);

/**
 * Values a property from its comparables: similar type and size, nearby and recent, each
 * time-adjusted to the data cut-off with a growth rate fitted on the neighbourhood's own
 * transactions. The value is their median; the range is their 20th to 80th percentile.
 */
export function valueFromComparables(
  { best, growth }: Neighbourhood,
  subject: PropertyRecord,
  mode: Mode,
  storey?: StoreyAdjustment,
  /** What the range's width is multiplied by: its calibration on held-out sales (comparables-valuer.ts). */
  rangeScale = 1,
): Valuation | undefined {
  const comparables = best;
  if (comparables.length < COMPARABLES.min) return undefined;

  // The subject's storey, within those its comparables name: the premium is not carried past the data.
  const named = comparables.flatMap((c) => (c.tx.storey === undefined ? [] : [c.tx.storey]));
  const at =
    storey && named.length ? Math.min(Math.max(storey.subject, Math.min(...named)), Math.max(...named)) : undefined;
  const storeyFactor = (c: Near) =>
    at === undefined || c.tx.storey === undefined ? 1 : Math.exp(storey!.premium * (at - c.tx.storey));
  const adjustedPsm = comparables.map(
    (c) =>
      (c.tx.price / c.tx.floorAreaSqm) *
      Math.pow(1 + growth, c.monthsAgo / 12) *
      storeyFactor(c) *
      Math.pow(c.tx.floorAreaSqm / subject.floorAreaSqm, SIZE_ELASTICITY),
  );
  const median = quantile(adjustedPsm, 0.5);
  const spread = (quantile(adjustedPsm, 0.8) - quantile(adjustedPsm, 0.2)) / median;
  const medianDistance = quantile(
    comparables.map((c) => c.distance),
    0.5,
  );
  return {
    ...middleAndRange(adjustedPsm, (psm) => roundPrice(mode, psm * subject.floorAreaSqm), rangeScale),
    confidence:
      comparables.length >= 8 && spread < 0.1 && medianDistance < 1000
        ? 'high'
        : comparables.length >= 6 && spread < 0.18
          ? 'medium'
          : 'low',
    comparables: [...comparables]
      .sort((a, b) => (a.tx.date < b.tx.date ? 1 : -1))
      .map((c) => ({
        ...comparableOf(c.tx, c.property, c.distanceKnown === false ? 0 : c.distance),
        near: subject.project && ofOneProject(subject, c.property) ? ('same_project' as const) : nearOf(c, subject),
        ...(c.distanceKnown === false ? { distanceKnown: false } : {}),
      })),
    ...(at !== undefined && at !== storey!.subject ? { storey: Math.round(at) } : {}),
  };
}
