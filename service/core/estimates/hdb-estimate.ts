/**
 * HDB flats valued from HDB's own files: a sale by the HDB model (hdb-model.ts), learned from the resales
 * of the 24 months to the data's newest month; a rent as the median of the declared rents of the last 12
 * months, from the same block and flat type first, then the same street's and the town's. The comparables
 * shown are the sales or rents the figure stands on (hdb-comparables.ts): the block's own, then its
 * street's and its town's, nearest first where OneMap's places are loaded, most alike where not. A flat
 * the model values is never refused for want of comparables of its own block.
 */
import type { components } from '../../../contract/generated/widget-host.js';
import type { Basis, HdbHome, HdbSale } from './hdb-sale.js';
import { blockKey, monthName, monthNumber } from './hdb-sale.js';
import { hdbValuer } from './hdb-model.js';
import { type Homes, midMonth, type PropertyRecord, type Transaction } from './homes.js';
import { middleAndRange, roundPrice, type Valuation } from './estimate.js';
import { flatKey, hdbCandidates, type HdbPlace, type Likeness, MIN_COMPARABLES } from './hdb-comparables.js';

type Comparable = components['schemas']['Comparable'];
type EstimateBasis = NonNullable<components['schemas']['Estimate']['basis']>;
type Mode = components['schemas']['Mode'];

/** A declared rent the outlier rule kept, with the home it was declared for. */
export interface HdbRent {
  propertyId: string;
  month: string;
  rent: number;
}

export type { HdbPlace } from './hdb-comparables.js';

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

const RENT_MONTHS = 12;
/** The rents' windows tried in turn: a town's flat type may be rented out a few times a year. */
const RENT_WINDOWS = [RENT_MONTHS, 24, 36];
/** The model's window (hdb-model.ts). */
const SALE_MONTHS = 24;

export function hdbValuations(homes: Pick<Homes, 'byId'>, data: HdbData) {
  const newest = data.sales.at(-1)?.month;
  const valuer = newest ? hdbValuer(data.sales, monthName(monthNumber(newest) + 1)) : undefined;
  const propertyOf = new Map<string, PropertyRecord>();
  for (const [id, place] of data.places) propertyOf.set(flatKey(place), homes.byId.get(id)!);
  // A flat only ever rented takes what its block's (else its street's, else its town's) resold flats say
  // of their lease and storeys: the model then values it at the level it knows it at.
  const resoldNear = new Map<string, HdbHome>();
  for (const home of data.homes.values()) {
    if (!resoldNear.has(blockKey(home))) resoldNear.set(blockKey(home), home);
    if (!resoldNear.has(home.street)) resoldNear.set(home.street, home);
    if (!resoldNear.has(home.town)) resoldNear.set(home.town, home);
  }
  const homeOf = (id: string): HdbHome | undefined => {
    const known = data.homes.get(id);
    const place = data.places.get(id);
    if (known || !place) return known;
    const near = resoldNear.get(blockKey(place)) ?? resoldNear.get(place.street) ?? resoldNear.get(place.town);
    const property = homes.byId.get(id);
    return near && property && { ...near, ...place, floorAreaSqm: property.floorAreaSqm };
  };
  const likeness = (id: string): Likeness => homeOf(id) ?? {};

  // The window's sales, newest first.
  const sales = hdbCandidates();
  const since = newest ? monthName(monthNumber(newest) - SALE_MONTHS + 1) : '';
  for (let i = data.sales.length - 1; i >= 0 && data.sales[i].month >= since; i--) {
    const sale = data.sales[i];
    const property = propertyOf.get(flatKey(sale));
    if (property) sales.add(sale, transactionOf(property, 'sale', sale), property, sale);
  }
  // The rents of the last 12 months, newest first; of 24 and 36 where a town has too few of a flat type.
  const newestRent = data.rents.reduce((m, r) => (r.month > m ? r.month : m), '');
  const rentsByAge = [...data.rents].sort((a, b) => (a.month < b.month ? 1 : a.month > b.month ? -1 : 0));
  const rentWindows = new Map<number, ReturnType<typeof hdbCandidates>>();
  const rentsOf = (months: number) => {
    let rents = rentWindows.get(months);
    if (rents) return rents;
    rents = hdbCandidates();
    rentWindows.set(months, rents);
    const rentSince = newestRent ? monthName(monthNumber(newestRent) - months + 1) : '';
    for (const rent of rentsByAge) {
      if (rent.month < rentSince) break;
      const property = homes.byId.get(rent.propertyId);
      const place = data.places.get(rent.propertyId);
      if (!property || !place) continue;
      const tx = transactionOf(property, 'rent', { month: rent.month, price: rent.rent });
      rents.add(place, tx, property, likeness(rent.propertyId));
    }
    return rents;
  };

  return {
    /** A sale at the subject's floor area, and at `storey` (else its block's sales' middle storey). */
    sale(subject: PropertyRecord, storey?: number): Valuation | undefined {
      const known = homeOf(subject.id);
      const home = known && {
        ...known,
        floorAreaSqm: subject.floorAreaSqm,
        ...(storey === undefined ? {} : { storeyLow: storey, storeyHigh: storey }),
      };
      const found = home && valuer?.value(home);
      if (!home || !found) return undefined;
      const comparables = sales.chosen(subject, home, home, true);
      if (comparables.length < MIN_COMPARABLES) return undefined;
      return {
        value: roundPrice('sale', found.price),
        low: roundPrice('sale', found.low),
        high: roundPrice('sale', found.high),
        confidence: saleConfidence(found.basis, comparables.filter(ownBlock(subject)).length),
        comparables,
        basis: basisOf('sale', found.basis),
      };
    },
    rent(subject: PropertyRecord): Valuation | undefined {
      const place = data.places.get(subject.id);
      if (!place) return undefined;
      // Its own type's rents over 12, 24 and 36 months; then, where its town rents too few of them, every
      // type's over 36, each carried to the flat's area (a rent per m² times its floor area).
      const tries = [
        ...RENT_WINDOWS.map((months) => ({ months, otherTypes: false })),
        { months: 36, otherTypes: true },
      ];
      for (const { months, otherTypes } of tries) {
        const comparables = rentsOf(months).chosen(subject, place, likeness(subject.id), otherTypes);
        if (comparables.length < MIN_COMPARABLES) continue;
        const own = comparables.filter(ownBlock(subject)).length;
        const widest = comparables.some((c) => c.near === 'same_town')
          ? 'town'
          : comparables.some((c) => c.near === 'same_street')
            ? 'street'
            : 'block';
        const atItsArea = (c: Comparable) =>
          c.unitType === subject.unitType ? c.price : (c.price * subject.floorAreaSqm) / c.floorAreaSqm;
        return {
          ...middleAndRange(comparables.map(atItsArea), (rent) => roundPrice('rent', rent)),
          confidence: own >= 8 && months === RENT_MONTHS ? 'high' : own >= MIN_COMPARABLES ? 'medium' : 'low',
          comparables,
          basis: basisOf('rent', widest, months),
        };
      }
      return undefined;
    },
  };
}

/**
 * How sure a sale's estimate is: high where the model knew the block and three or more of its own sales
 * of the type are shown, medium from the block otherwise or from the street, low from the town. The
 * backtest measures each level (backtest.ts).
 */
export const saleConfidence = (basis: Basis, ownSales: number): Valuation['confidence'] =>
  basis === 'block' ? (ownSales >= 3 ? 'high' : 'medium') : basis === 'street' ? 'medium' : 'low';

const ownBlock = (subject: PropertyRecord) => (c: Comparable) =>
  c.near === 'same_block' && c.unitType === subject.unitType;

/**
 * What a sale's estimate stands on: the level the model knew the flat at (its block's, else its street's
 * or town's: the model's usual reach, never widened); a rent's, how far and how far back its rents were sought.
 */
function basisOf(mode: Mode, scope: Basis, months = mode === 'sale' ? SALE_MONTHS : RENT_MONTHS): EstimateBasis {
  const what = mode === 'sale' ? 'sales' : 'rents';
  const where = { block: "the block's", street: "the street's", town: "the town's" }[scope];
  return {
    scope,
    months,
    widened: mode === 'rent' && (scope !== 'block' || months !== RENT_MONTHS),
    text: `From ${where} ${what} of the last ${months} months`,
  };
}

/** A resale or a declared rent as a transaction of its home; a rent takes the home's area (HDB's rents have none). */
const transactionOf = (
  property: PropertyRecord,
  mode: Transaction['mode'],
  { month, price, floorAreaSqm = property.floorAreaSqm }: { month: string; price: number; floorAreaSqm?: number },
): Transaction => ({ propertyId: property.id, mode, date: midMonth(month), floorAreaSqm, price });
