/** An HDB resale as the model reads it, and the few facts of a flat every part of the model derives alike. */

export interface HdbSale {
  /** YYYY-MM */
  month: string;
  town: string;
  block: string;
  street: string;
  flatType: string;
  storeyLow: number;
  storeyHigh: number;
  floorAreaSqm: number;
  leaseCommenceYear: number;
  price: number;
}

/** The flat to value: a sale's fields but its price. */
export type HdbHome = Omit<HdbSale, 'price' | 'month'>;

export type Basis = 'block' | 'street' | 'town';

/** A YYYY-MM month as a count of months, and back. */
export const monthNumber = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
export const monthName = (k: number) => `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
/** The middle of a flat's storey range. */
export const storeyOf = (s: Pick<HdbSale, 'storeyLow' | 'storeyHigh'>) => (s.storeyLow + s.storeyHigh) / 2;
/** A block, whichever of its flat types. */
export const blockKey = (s: Pick<HdbSale, 'block' | 'street'>) => `${s.street}|${s.block}`;
/** Years of lease left in month number `month`. */
export const yearsLeft = (s: Pick<HdbSale, 'leaseCommenceYear'>, month: number) =>
  s.leaseCommenceYear + 99 - month / 12;
