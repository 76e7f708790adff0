/**
 * One row of the imported transactions as a home: which home it belongs to (its key), that home's record
 * (id, address, postal code and place), and an HDB resale as the HDB model reads it.
 */
import type { OfficialDataset } from './official-datasets.js';
import type { HomeTransaction } from './rows.js';
import { streetInFull, streetKey, titleCase } from './street-names.js';
import type { HdbSale } from '../../estimates/hdb-sale.js';
import type { PropertyRecord } from '../../estimates/homes.js';
import { bedroomsOf, hdbUnitType, homeId, landedUnitType } from './imported-home-keys.js';

/** A row of home_transactions as the loader reads it. */
export interface Row {
  dataset: OfficialDataset;
  mode: 'sale' | 'rent';
  property_type: PropertyRecord['propertyType'];
  month: string;
  town: string | null;
  block: string | null;
  street: string;
  project: string | null;
  home_kind: string;
  storey_low: number | null;
  storey_high: number | null;
  floor_area_sqm: number | null;
  lease_commence_year: number | null;
  district: string | null;
  lat: number | null;
  lng: number | null;
  price: number;
  units: number;
  sale_type: HomeTransaction['saleType'];
  market_segment: HomeTransaction['marketSegment'];
}

/** A OneMap address, as the join reads it. */
export interface Address {
  postal: string;
  block: string | null;
  street: string;
  building: string | null;
  lat: number;
  lng: number;
}

/**
 * The addresses by what the files name a home by: an HDB block by its street and number, a condo by its
 * project on its street (a generic name such as RESIDENTIAL APARTMENTS is many buildings, one a street).
 */
export interface AddressBook {
  blocks: Map<string, Address>;
  buildings: Map<string, Address>;
  /** Each building name's addresses, one a street. */
  buildingNames: Map<string, Address[]>;
}

export function addressBook(addresses: Address[]): AddressBook {
  const blocks = new Map<string, Address>();
  const buildings = new Map<string, Address>();
  const buildingNames = new Map<string, Address[]>();
  for (const a of addresses) {
    if (a.block) blocks.set(`${streetKey(a.street)}|${a.block}`, a);
    if (!a.building) continue;
    // A project of several towers has several postal codes under one name: the first (lowest) is its.
    const key = `${homeId(a.building)}|${streetKey(a.street)}`;
    if (buildings.has(key)) continue;
    buildings.set(key, a);
    buildingNames.set(homeId(a.building), [...(buildingNames.get(homeId(a.building)) ?? []), a]);
  }
  return { blocks, buildings, buildingNames };
}

/** A project's OneMap address: on its own street, else the only building of its name anywhere. */
function buildingOf(book: AddressBook, project: string, street: string): Address | undefined {
  const named = book.buildings.get(`${homeId(project)}|${streetKey(street)}`);
  if (named) return named;
  const all = book.buildingNames.get(homeId(project));
  return all?.length === 1 ? all[0] : undefined;
}

/** A transaction as the importer read it, in home_transactions' shape. */
export const rowOf = (dataset: OfficialDataset, t: HomeTransaction): Row => ({
  dataset,
  mode: t.mode,
  property_type: t.propertyType,
  month: t.month,
  town: t.town,
  block: t.block,
  street: t.street,
  project: t.project,
  home_kind: t.homeKind,
  storey_low: t.storeyLow,
  storey_high: t.storeyHigh,
  floor_area_sqm: t.floorAreaSqm,
  lease_commence_year: t.leaseCommenceYear,
  district: t.district,
  lat: t.lat,
  lng: t.lng,
  price: t.price,
  units: t.units,
  sale_type: t.saleType,
  market_segment: t.marketSegment,
});

/** A home's record, less its floor area (the median of its sales, known once all are read). */
export type HomeRecord = Omit<PropertyRecord, 'floorAreaSqm'>;

export function homeKey(row: Row): string {
  if (row.property_type === 'hdb') return `hdb|${streetKey(row.street)}|${row.block}|${row.home_kind}`;
  if (row.property_type === 'landed') return homeId('landed', streetKey(row.street), landedUnitType(row.home_kind));
  // By the id it will have, so that two spellings of one project ("THE SAIL @ MARINA BAY") are one home.
  return condoId(row);
}

/**
 * A project is its name on its street: a generic name (`RESIDENTIAL APARTMENTS`) is shared by dozens of
 * developments, one on each street. Its homes are its bedroom bands.
 */
const projectKey = (row: Row) => homeId(row.project!, streetKey(row.street));
const condoId = (row: Row) => homeId('condo', projectKey(row), condoUnitType(row).replace('-bedroom', 'br'));

const condoUnitType = (row: Row) =>
  /^\d+-bedroom$/.test(row.home_kind) ? row.home_kind : bedroomsOf(Number(row.floor_area_sqm));

export function hdbRecord(row: Row, addresses: AddressBook): HomeRecord {
  const unitType = hdbUnitType(row.home_kind);
  const address = addresses.blocks.get(`${streetKey(row.street)}|${row.block}`);
  return {
    id: address ? homeId('hdb', address.postal, unitType) : homeId('hdb', row.block!, streetKey(row.street), unitType),
    addressKey: `hdb|${streetKey(row.street)}|${row.block}`,
    address: `Blk ${row.block} ${address ? titleCase(address.street) : streetInFull(row.street)}`,
    ...(address ? { postalCode: address.postal } : {}),
    town: titleCase(row.town ?? ''),
    propertyType: 'hdb',
    unitType,
    lat: address?.lat ?? NaN,
    lng: address?.lng ?? NaN,
  };
}

/**
 * A private home, with its place where URA's API gives it (its downloaded files give none: such a home is
 * compared within its project, street and postal district, as an HDB block without OneMap's addresses is).
 * A condo takes its postal code and place from OneMap's address of its building, where one was imported.
 */
export function privateRecord(row: Row, addresses: AddressBook): HomeRecord {
  const town = row.district ? `District ${Number(row.district)}` : 'Singapore';
  const given = row.lat !== null && row.lng !== null;
  if (row.property_type === 'landed') {
    const unitType = landedUnitType(row.home_kind);
    return {
      id: homeId('landed', streetKey(row.street), unitType),
      // One street, whatever district each of its houses is in, and however its name is spelt.
      addressKey: `landed|${streetKey(row.street)}`,
      address: titleCase(row.street),
      propertyType: 'landed',
      unitType,
      town,
      ...(row.market_segment ? { marketSegment: row.market_segment } : {}),
      lat: given ? Number(row.lat) : NaN,
      lng: given ? Number(row.lng) : NaN,
    };
  }
  const unitType = condoUnitType(row);
  const address = buildingOf(addresses, row.project!, row.street);
  return {
    id: condoId(row),
    // One project, however it is spelt ("THE SAIL @ MARINA BAY", "THE SAIL@MARINA BAY").
    addressKey: `condo|${projectKey(row)}`,
    address: titleCase(address?.block ? `${address.block} ${address.street}` : row.street),
    project: titleCase(row.project!),
    ...(address ? { postalCode: address.postal } : {}),
    propertyType: 'condo',
    unitType,
    town,
    ...(row.market_segment ? { marketSegment: row.market_segment } : {}),
    lat: given ? Number(row.lat) : (address?.lat ?? NaN),
    lng: given ? Number(row.lng) : (address?.lng ?? NaN),
  };
}

export const hdbSaleOf = (row: Row, floorAreaSqm: number): HdbSale => ({
  month: row.month,
  town: row.town!,
  block: row.block!,
  street: row.street,
  flatType: row.home_kind,
  storeyLow: row.storey_low!,
  storeyHigh: row.storey_high!,
  floorAreaSqm,
  leaseCommenceYear: row.lease_commence_year!,
  price: Number(row.price),
});
