/**
 * HDB flats valued from HDB's own files: a sale by the HDB model (hdb-model.ts), learned from the resales
 * of the 24 months to the data's newest month; a rent as the median of the declared rents of the last 12
 * months, from the same block and flat type first, then the same street's and the town's. The comparables
 * shown are the sales or rents the figure stands on: the block's own, then its street's and its town's
 * nearest, which need both blocks' places (OneMap's addresses); without them, a block shows only its own.
 */
import type { HdbHome, HdbSale } from './hdb-sale.js';
import { blockKey, monthName, monthNumber } from './hdb-sale.js';
import { hdbValuer } from './hdb-model.js';
import { type Homes, midMonth, type PropertyRecord, type Transaction } from './homes.js';
import { comparableOf, distanceMeters, middleAndRange, roundPrice, type Valuation } from './estimate.js';

/** A declared rent the outlier rule kept, with the home it was declared for. */
export interface HdbRent {
  propertyId: string;
  month: string;
  rent: number;
}

/** Where a flat is and what type: every HDB home has one, sold or only rented. */
export type HdbPlace = Pick<HdbHome, 'block' | 'street' | 'town' | 'flatType'>;

export interface HdbData {
  /** Every resale read, oldest first. */
  sales: HdbSale[];
  /** Each resold flat as the model reads it (its block's middle storey and lease), by property id. */
  homes: Map<string, HdbHome>;
  /** Each flat's place, by property id. */
  places: Map<string, HdbPlace>;
  /** The highest storey each resold flat's block's sales name, by property id: a storey asked above it is refused. */
  topStorey: Map<string, number>;
  rents: HdbRent[];
}

const MIN_COMPARABLES = 5;
const MAX_COMPARABLES = 10;
const RENT_MONTHS = 12;

/** A sale or rent, with the home it belongs to, as a comparable candidate. */
interface Candidate {
  tx: Transaction;
  property: PropertyRecord;
}
/** Each flat type of a block's candidates (newest first), and the flat types of blocks on each street and in each town. */
interface ByPlace {
  block: Map<string, Candidate[]>;
  street: Map<string, string[]>;
  town: Map<string, string[]>;
}

const flatKey = (place: HdbPlace) => `${blockKey(place)}|${place.flatType}`;
const streetOf = (place: HdbPlace) => `${place.street}|${place.flatType}`;
const townOf = (place: HdbPlace) => `${place.town}|${place.flatType}`;

/** Candidates by their block and flat type, in the order added, with each street's and town's blocks. */
function byPlace(): ByPlace & { add(place: HdbPlace, tx: Transaction, property: PropertyRecord): void } {
  const index: ByPlace = { block: new Map(), street: new Map(), town: new Map() };
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  return {
    ...index,
    add(place, tx, property) {
      const key = flatKey(place);
      if (!index.block.has(key)) {
        push(index.street, streetOf(place), key);
        push(index.town, townOf(place), key);
      }
      push(index.block, key, { tx, property });
    },
  };
}

export function hdbValuations(homes: Pick<Homes, 'byId'>, data: HdbData) {
  const newest = data.sales.at(-1)?.month;
  const valuer = newest ? hdbValuer(data.sales, monthName(monthNumber(newest) + 1)) : undefined;
  const propertyOf = new Map<string, PropertyRecord>();
  for (const [id, place] of data.places) propertyOf.set(flatKey(place), homes.byId.get(id)!);

  // The window's sales and the last year's rents, newest first.
  const sales = byPlace();
  const since = newest ? monthName(monthNumber(newest) - 24 + 1) : '';
  for (let i = data.sales.length - 1; i >= 0 && data.sales[i].month >= since; i--) {
    const sale = data.sales[i];
    const property = propertyOf.get(flatKey(sale));
    if (property) sales.add(sale, transactionOf(property, 'sale', sale), property);
  }
  const rents = byPlace();
  const newestRent = data.rents.reduce((m, r) => (r.month > m ? r.month : m), '');
  const rentSince = newestRent ? monthName(monthNumber(newestRent) - RENT_MONTHS + 1) : '';
  for (const rent of [...data.rents].sort((a, b) => (a.month < b.month ? 1 : a.month > b.month ? -1 : 0))) {
    if (rent.month < rentSince) break;
    const property = homes.byId.get(rent.propertyId);
    const place = data.places.get(rent.propertyId);
    if (!property || !place) continue;
    rents.add(place, transactionOf(property, 'rent', { month: rent.month, price: rent.rent }), property);
  }

  return {
    /** A sale at the subject's floor area, and at `storey` (else its block's sales' middle storey). */
    sale(subject: PropertyRecord, storey?: number): Valuation | undefined {
      const known = data.homes.get(subject.id);
      const home = known && {
        ...known,
        floorAreaSqm: subject.floorAreaSqm,
        ...(storey === undefined ? {} : { storeyLow: storey, storeyHigh: storey }),
      };
      const found = home && valuer?.value(home);
      if (!home || !found) return undefined;
      const comparables = chosen(subject, home, sales);
      if (comparables.length < MIN_COMPARABLES) return undefined;
      return {
        value: roundPrice('sale', found.price),
        low: roundPrice('sale', found.low),
        high: roundPrice('sale', found.high),
        confidence:
          found.basis === 'block'
            ? comparables.filter((c) => c.distanceM === 0).length >= 3
              ? 'high'
              : 'medium'
            : found.basis === 'street'
              ? 'medium'
              : 'low',
        comparables,
      };
    },
    rent(subject: PropertyRecord): Valuation | undefined {
      const place = data.places.get(subject.id);
      if (!place) return undefined;
      const comparables = chosen(subject, place, rents);
      if (comparables.length < MIN_COMPARABLES) return undefined;
      const own = comparables.filter((c) => c.distanceM === 0).length;
      return {
        ...middleAndRange(
          comparables.map((c) => c.price),
          (rent) => roundPrice('rent', rent),
        ),
        confidence: own >= 8 ? 'high' : own >= MIN_COMPARABLES ? 'medium' : 'low',
        comparables,
      };
    },
  };
}

/** A resale or a declared rent as a transaction of its home; a rent takes the home's area (HDB's rents have none). */
const transactionOf = (
  property: PropertyRecord,
  mode: Transaction['mode'],
  { month, price, floorAreaSqm = property.floorAreaSqm }: { month: string; price: number; floorAreaSqm?: number },
): Transaction => ({ propertyId: property.id, mode, date: midMonth(month), floorAreaSqm, price });

/**
 * Up to ten comparables: the block's own, newest first; then, to reach five or more, the street's and
 * the town's, nearest first, where both places are known.
 */
function chosen(subject: PropertyRecord, place: HdbPlace, index: ByPlace) {
  const ownKey = flatKey(place);
  const result = (index.block.get(ownKey) ?? [])
    .slice(0, MAX_COMPARABLES)
    .map((c) => comparableOf(c.tx, c.property, 0));
  if (result.length >= MIN_COMPARABLES) return result;
  const taken = new Set([ownKey]);
  for (const blocks of [index.street.get(streetOf(place)), index.town.get(townOf(place))]) {
    // A block's distance once, from its first candidate's home (every candidate of a block shares its place).
    const near = (blocks ?? [])
      .filter((key) => !taken.has(key))
      .map((key) => ({ key, distance: distanceMeters(subject, index.block.get(key)![0].property) }))
      .filter((block) => Number.isFinite(block.distance))
      .sort((a, b) => a.distance - b.distance);
    for (const { key, distance } of near) {
      taken.add(key);
      for (const c of index.block.get(key)!) {
        if (result.length >= MAX_COMPARABLES) break;
        result.push(comparableOf(c.tx, c.property, distance));
      }
      if (result.length >= MAX_COMPARABLES) break;
    }
    if (result.length >= MIN_COMPARABLES) break;
  }
  return result.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
