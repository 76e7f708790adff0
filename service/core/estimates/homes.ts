/**
 * The homes the engine values and the transactions it values them from: the core's own data, whoever
 * loads it (the sandbox's generated world, or the official files an operator imports).
 */
import type { components } from '../../../contract/generated/widget-host.js';

type PropertyType = components['schemas']['PropertyType'];
type Mode = components['schemas']['Mode'];

export interface PropertyRecord {
  id: string;
  address: string;
  project?: string;
  /** Absent where the data holds none (an HDB block imported without OneMap's addresses). */
  postalCode?: string;
  town: string;
  propertyType: PropertyType;
  unitType: string;
  floorAreaSqm: number;
  lat: number;
  lng: number;
  /**
   * What a search finds once: the homes that share it are the kinds of home at one address (home-types.ts).
   * Where absent, homes at one address are those of one type, town, project and address as written.
   */
  addressKey?: string;
  /** URA's market segment of a private home's project (core central, rest of central, outside central). */
  marketSegment?: 'CCR' | 'RCR' | 'OCR';
}

export interface Transaction {
  propertyId: string;
  mode: Mode;
  /** YYYY-MM-DD */
  date: string;
  floorAreaSqm: number;
  /** Sale price or monthly rent, SGD. */
  price: number;
  /** The storey, where the data names one: the middle of its band ("06-10" is 8). */
  storey?: number;
  /** A private sale's type, where the data say (URA's): a new sale, a sub sale or a resale. */
  saleType?: 'new_sale' | 'sub_sale' | 'resale';
}

/** The day that stands for a month of the official data, which give the month only: its 15th. */
export const midMonth = (month: string) => `${month}-15`;

/** A dataset an estimate rests on, as its attribution names it. */
export interface DataSource {
  /** The attribution's sentence, in the words the licence asks for. */
  text: string;
  /** Where the dataset is published. */
  url: string;
}

/** A dataset the homes were loaded from: its attribution, title and licence. */
export interface LoadedDataset extends DataSource {
  title: string;
  licence: { name: string; url: string };
}

export interface Homes {
  /** The last day of transaction data; estimates are valued as of this date. */
  cutOff: string;
  properties: PropertyRecord[];
  byId: Map<string, PropertyRecord>;
  /** Newest first. */
  transactions: Transaction[];
  /** What the data rests on, beside the service's own line: none for the sandbox's generated world. */
  sources: LoadedDataset[];
}

/** Homes from their parts: the look-up by id built, the transactions put newest first. */
export function homesOf(
  cutOff: string,
  properties: PropertyRecord[],
  transactions: Transaction[],
  sources: LoadedDataset[] = [],
): Homes {
  transactions.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return { cutOff, properties, byId: new Map(properties.map((p) => [p.id, p])), transactions, sources };
}
