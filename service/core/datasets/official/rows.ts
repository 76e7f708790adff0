/** What the official files hold once read: home transactions and addresses, or what is wrong with a row. */

export interface HomeTransaction {
  mode: 'sale' | 'rent';
  propertyType: 'hdb' | 'condo' | 'landed';
  /** YYYY-MM: HDB's month or approval month, URA's contract or lease month. */
  month: string;
  town: string | null;
  block: string | null;
  street: string;
  project: string | null;
  /** The kind of home: an HDB flat type ("4 ROOM"), URA's property type, or a rental's bedrooms. */
  homeKind: string;
  storeyLow: number | null;
  storeyHigh: number | null;
  floorAreaSqm: number | null;
  flatModel: string | null;
  leaseCommenceYear: number | null;
  tenure: string | null;
  district: string | null;
  lat: number | null;
  lng: number | null;
  /** Sale price or monthly rent, SGD (for a sale of several units, all of them). */
  price: number;
  units: number;
  /** URA's type of sale; null where the file does not say (HDB's resales, rents). */
  saleType: SaleType | null;
  /** URA's market segment of a private sale's project; null where the file does not say. */
  marketSegment: MarketSegment | null;
}

export type MarketSegment = 'CCR' | 'RCR' | 'OCR';

export type SaleType = 'new_sale' | 'sub_sale' | 'resale';

type Given = Pick<HomeTransaction, 'mode' | 'propertyType' | 'month' | 'street' | 'homeKind' | 'price'>;

/** A transaction with what its file does not say left empty (one unit unless said). */
export const homeTransaction = (given: Given & Partial<HomeTransaction>): HomeTransaction => ({
  town: null,
  block: null,
  project: null,
  storeyLow: null,
  storeyHigh: null,
  floorAreaSqm: null,
  flatModel: null,
  leaseCommenceYear: null,
  tenure: null,
  district: null,
  lat: null,
  lng: null,
  units: 1,
  saleType: null,
  marketSegment: null,
  ...given,
});

/** A JSON object's values as the strings a CSV row would hold (missing and null as empty). */
export const stringsOf = (value: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(value).map(([key, v]) => [key, v === undefined || v === null ? '' : String(v)]));

export interface Address {
  postal: string;
  block: string | null;
  street: string;
  building: string | null;
  lat: number;
  lng: number;
}

/** One thing wrong with a row: where (a CSV line, or a JSON path), which column, its value, and why. */
export interface RowProblem {
  line: string;
  column: string;
  value: string;
  reason: string;
}

export type ReadRow<T> = { line: string; record: T } | { line: string; problems: RowProblem[] };

/** Collects a row's problems as its fields are read; each reader returns undefined for a bad field. */
export function fieldReader(line: string, row: Record<string, string | undefined>) {
  const problems: RowProblem[] = [];
  const fail = (column: string, reason: string) => {
    problems.push({ line, column, value: String(row[column] ?? ''), reason });
    return undefined;
  };
  const text = (column: string, pattern?: RegExp, reason = 'is not in the expected form') => {
    const value = (row[column] ?? '').trim();
    if (!value) return fail(column, 'is empty');
    if (pattern && !pattern.test(value)) return fail(column, reason);
    return value;
  };
  const number = (column: string, min: number, max: number, { whole = false } = {}) => {
    const raw = (row[column] ?? '').trim().replace(/,/g, '');
    if (!raw) return fail(column, 'is empty');
    if (!DECIMAL.test(raw)) return fail(column, 'is not a number');
    const value = Number(raw);
    if (whole && !Number.isInteger(value)) return fail(column, 'is not a whole number');
    if (value < min || value > max)
      return fail(column, `is outside ${min.toLocaleString('en')} to ${max.toLocaleString('en')}`);
    return value;
  };
  return { problems, fail, text, number };
}

/** A plain decimal number (no hexadecimal, no exponent). */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A row's key: its dataset and parsed values (so that a re-download that writes 365000.0 for 365000, or
 * a flat model in capitals, is the same row), and its occurrence among identical rows of its file. The
 * type of sale and the market segment are left out: rows imported before they were read keep their keys, so a
 * re-import adds nothing.
 */
export function rowKeyOf(dataset: string, record: HomeTransaction): string {
  const values = Object.entries(record).flatMap(([key, v]) =>
    key === 'saleType' || key === 'marketSegment' ? [] : [typeof v === 'string' ? v.toUpperCase() : String(v)],
  );
  return [dataset, ...values].join('\u001f');
}

/** YYYY-MM within the years official records cover. */
export const MONTH = /^(19[89]\d|20[0-4]\d)-(0[1-9]|1[0-2])$/;
