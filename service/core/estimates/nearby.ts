/**
 * The neighbourhood a home is valued from, found without reading every transaction near it. Homes are
 * kept in buckets of their kind (type, and unit type but for landed houses, which compare across
 * types), mode and cell of a grid wider than the widest radius (5 km), so that the 3 × 3 cells around a
 * home hold every one near enough. Each home keeps its transactions newest first and the sums its
 * growth line adds (they share its place), so a neighbourhood costs a look at each home near enough,
 * not at each of their transactions: the growth adds the homes' sums, and the best comparables are
 * read home by home, the most promising first, until no home left can beat the tenth best found.
 * The answer is the one reading every transaction gives (nearby.test.ts holds them equal).
 *
 * A home whose place the data do not give (a project known from URA's downloaded files by its name,
 * street and district) is sought by what the data do say: within its project, its street, then its
 * district; its distance is unknown, and counts in the score as one of those steps away.
 */
import type { components } from '../../../contract/generated/widget-host.js';
import {
  addToLine,
  COMPARABLES,
  comparableScore,
  fittedYearlyGrowth,
  type LineSums,
  type Near,
  type Neighbourhood,
} from './comparables.js';
import { distanceMeters } from './estimate.js';
import type { Homes, PropertyRecord, Transaction } from './homes.js';

type Mode = components['schemas']['Mode'];

/** About 5.5 km of latitude (and of longitude, this near the equator). */
const CELL_DEGREES = 0.05;

const cellOf = (lat: number, lng: number) => [Math.floor(lat / CELL_DEGREES), Math.floor(lng / CELL_DEGREES)];
/** The kind of home a comparable must be: a landed house compares with any landed house. */
const kindOf = (home: PropertyRecord) =>
  home.propertyType === 'landed' ? 'landed' : `${home.propertyType}|${home.unitType}`;

/**
 * How far a neighbourhood is sought: within `radiusM` (Infinity: anywhere in the subject's town, a
 * private home's postal district) and `windowMonths` back, or, for a home without a place, `within`
 * its project or its street. The usual reach is COMPARABLES'.
 */
export interface Reach {
  radiusM: number;
  windowMonths: number;
  within?: 'project' | 'street';
  /** With `within: 'project'`: its homes of any bedroom band count (their price per m² carried to the subject's size). */
  anyBand?: boolean;
}

export const hasPlace = (home: Pick<PropertyRecord, 'lat' | 'lng'>) =>
  Number.isFinite(home.lat) && Number.isFinite(home.lng);

/** What a distance unknown counts as in a comparable's score: the project's, the street's, or the district's. */
const UNKNOWN_DISTANCE_M = { project: 0, street: 1000, district: 3000 };

/**
 * Metres between two homes, or, where either's place is unknown, what their project, street or district
 * say: a home of the same project is on the same site (0 m, known); another's distance is unknown.
 */
export function distanceApart(subject: PropertyRecord, other: PropertyRecord): { distance: number; known: boolean } {
  if (hasPlace(subject) && hasPlace(other)) return { distance: distanceMeters(subject, other), known: true };
  if (subject.addressKey !== undefined && subject.addressKey === other.addressKey)
    return { distance: UNKNOWN_DISTANCE_M.project, known: true };
  const distance = subject.address === other.address ? UNKNOWN_DISTANCE_M.street : UNKNOWN_DISTANCE_M.district;
  return { distance, known: false };
}

export const usualReach = (subject: PropertyRecord, mode: Mode): Reach => ({
  radiusM: COMPARABLES.radiusM[subject.propertyType],
  windowMonths: COMPARABLES.windowMonths[mode],
});

/** One home's transactions of one mode: their places in `homes.transactions` and how long ago each was. */
interface HomeTransactions {
  property: PropertyRecord;
  indexes: number[];
  monthsAgo: number[];
  line: LineSums;
}

export function nearbyIndex(homes: Pick<Homes, 'transactions' | 'byId' | 'cutOff'>) {
  const cutOff = Date.parse(homes.cutOff);
  const buckets = new Map<string, HomeTransactions[]>();
  /** Every home of a kind and mode in a town, for a district-wide reach. */
  const towns = new Map<string, HomeTransactions[]>();
  /** Every home of a kind and mode in a project, and on a street, for a home without a place. */
  const projects = new Map<string, HomeTransactions[]>();
  const streets = new Map<string, HomeTransactions[]>();
  const ofHome = new Map<string, HomeTransactions>();
  const add = (map: Map<string, HomeTransactions[]>, key: string, own: HomeTransactions) => {
    const list = map.get(key);
    if (list) list.push(own);
    else map.set(key, [own]);
  };
  homes.transactions.forEach((tx, i) => {
    const property = homes.byId.get(tx.propertyId);
    if (!property) return;
    let own = ofHome.get(`${tx.mode}|${property.id}`);
    if (!own) {
      own = { property, indexes: [], monthsAgo: [], line: { n: 0, x: 0, y: 0, xy: 0, xx: 0, yy: 0 } };
      ofHome.set(`${tx.mode}|${property.id}`, own);
      const kind = `${kindOf(property)}|${tx.mode}`;
      if (hasPlace(property)) add(buckets, `${kind}|${cellOf(property.lat, property.lng).join(',')}`, own);
      add(towns, `${kind}|${property.town}`, own);
      if (property.addressKey) {
        add(projects, `${kind}|${property.addressKey}`, own);
        // Every band of the project: a landed house's kind is already its type, so it is there once.
        const anyBand = `${property.propertyType}|${tx.mode}`;
        if (anyBand !== kind) add(projects, `${anyBand}|${property.addressKey}`, own);
      }
      add(streets, `${kind}|${property.address}`, own);
    }
    const monthsAgo = (cutOff - Date.parse(tx.date)) / COMPARABLES.monthMs;
    own.indexes.push(i);
    own.monthsAgo.push(monthsAgo);
    addToLine(own.line, monthsAgo, tx.price / tx.floorAreaSqm);
  });

  /** The homes of the subject's kind a reach may hold: its project's, its street's, the cells around it, or its whole town. */
  const around = (subject: PropertyRecord, mode: Mode, { radiusM: radius, within, anyBand }: Reach) => {
    const kind = `${kindOf(subject)}|${mode}`;
    if (within === 'project')
      return projects.get(`${anyBand ? `${subject.propertyType}|${mode}` : kind}|${subject.addressKey}`) ?? [];
    if (within === 'street') return streets.get(`${kind}|${subject.address}`) ?? [];
    if (radius === Infinity) return towns.get(`${kind}|${subject.town}`) ?? [];
    if (!hasPlace(subject)) return [];
    const [row, column] = cellOf(subject.lat, subject.lng);
    const cells = Math.ceil(radius / 1000 / (CELL_DEGREES * 111));
    const found: HomeTransactions[] = [];
    for (let dr = -cells; dr <= cells; dr++)
      for (let dc = -cells; dc <= cells; dc++)
        found.push(...(buckets.get(`${kindOf(subject)}|${mode}|${row + dr},${column + dc}`) ?? []));
    return found;
  };

  /** The subject's neighbourhood in `mode`: every home of its kind within the reach, and the best of their transactions. */
  return function neighbourhood(
    subject: PropertyRecord,
    mode: Mode,
    reach: Reach = usualReach(subject, mode),
  ): Neighbourhood {
    const { radiusM: radius, windowMonths: window } = reach;
    const line: LineSums = { n: 0, x: 0, y: 0, xy: 0, xx: 0, yy: 0 };
    const near: { home: HomeTransactions; distance: number; known: boolean; atBest: number }[] = [];
    for (const home of around(subject, mode, reach)) {
      const { distance, known } = distanceApart(subject, home.property);
      if (!(distance <= radius)) continue;
      line.n += home.line.n;
      line.x += home.line.x;
      line.y += home.line.y;
      line.xy += home.line.xy;
      line.xx += home.line.xx;
      line.yy += home.line.yy;
      // The lowest score any of its transactions can have: its newest, at the subject's own size.
      const atBest = comparableScore(subject, distance, home.monthsAgo[0], home.property, subject.floorAreaSqm);
      near.push({ home, distance, known, atBest });
    }
    near.sort((a, b) => a.atBest - b.atBest);

    const best: Near[] = [];
    const worst = () => best[COMPARABLES.max - 1];
    // Scores are sums of floating-point parts: a bound is trusted only past this.
    const beyond = (bound: number) => best.length === COMPARABLES.max && bound > worst().score + 1e-9;
    for (const { home, distance, known, atBest } of near) {
      if (beyond(atBest)) break;
      for (let k = 0; k < home.indexes.length; k++) {
        const monthsAgo = home.monthsAgo[k];
        if (monthsAgo > window) break;
        const tx = homes.transactions[home.indexes[k]];
        if (beyond(comparableScore(subject, distance, monthsAgo, home.property, subject.floorAreaSqm))) break;
        const candidate = {
          tx,
          property: home.property,
          distance,
          monthsAgo,
          index: home.indexes[k],
          score: comparableScore(subject, distance, monthsAgo, home.property, tx.floorAreaSqm),
          ...(known ? {} : { distanceKnown: false as const }),
        };
        insertBest(best, candidate);
      }
    }
    return { best, growth: fittedYearlyGrowth(line) };
  };
}

/** Keeps `best` the lowest scores seen, at most COMPARABLES.max, in order (of two alike, the newer first). */
function insertBest(best: Near[], candidate: Near): void {
  const before = (a: Near, b: Near) => a.score < b.score || (a.score === b.score && a.index < b.index);
  if (best.length === COMPARABLES.max && !before(candidate, best[best.length - 1])) return;
  let at = best.length;
  while (at > 0 && before(candidate, best[at - 1])) at--;
  best.splice(at, 0, candidate);
  if (best.length > COMPARABLES.max) best.pop();
}

/** The transactions of `mode` a home would be valued from by reading every one: what the index must equal. */
export function everyTransactionNear(
  homes: Pick<Homes, 'transactions' | 'byId' | 'cutOff'>,
  subject: PropertyRecord,
  mode: Mode,
  { radiusM: radius, windowMonths: window, within, anyBand }: Reach = usualReach(subject, mode),
): Neighbourhood {
  const cutOff = Date.parse(homes.cutOff);
  const line: LineSums = { n: 0, x: 0, y: 0, xy: 0, xx: 0, yy: 0 };
  const all: Near[] = [];
  homes.transactions.forEach((tx: Transaction, index) => {
    const property = homes.byId.get(tx.propertyId);
    if (tx.mode !== mode || !property) return;
    const alike = anyBand ? property.propertyType === subject.propertyType : kindOf(property) === kindOf(subject);
    if (!alike) return;
    if (within === 'project' && (subject.addressKey === undefined || property.addressKey !== subject.addressKey))
      return;
    if (within === 'street' && property.address !== subject.address) return;
    if (!within && radius === Infinity && property.town !== subject.town) return;
    if (!within && radius !== Infinity && !(hasPlace(subject) && hasPlace(property))) return;
    const { distance, known } = distanceApart(subject, property);
    if (!(distance <= radius)) return;
    const monthsAgo = (cutOff - Date.parse(tx.date)) / COMPARABLES.monthMs;
    addToLine(line, monthsAgo, tx.price / tx.floorAreaSqm);
    if (monthsAgo > window) return;
    const score = comparableScore(subject, distance, monthsAgo, property, tx.floorAreaSqm);
    all.push({ tx, property, distance, monthsAgo, index, score, ...(known ? {} : { distanceKnown: false as const }) });
  });
  const best = all.sort((a, b) => a.score - b.score || a.index - b.index).slice(0, COMPARABLES.max);
  return { best, growth: fittedYearlyGrowth(line) };
}
