/**
 * One row of the imported transactions as a home: which home it belongs to (its key), that home's record
 * (id, address, postal code and place), and an HDB resale as the HDB model reads it.
 */
import type { OfficialDataset } from '../datasets/official/official-datasets.js';
import { streetInFull, streetKey, titleCase } from '../datasets/official/street-names.js';
import type { HdbSale } from '../estimates/hdb-sale.js';
import type { PropertyRecord } from '../estimates/homes.js';
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
}

/** A OneMap address, as the join reads it. */
export interface Address {
  postal: string;
  street: string;
  lat: number;
  lng: number;
}

/** A home's record, less its floor area (the median of its sales, known once all are read). */
export type HomeRecord = Omit<PropertyRecord, 'floorAreaSqm'>;

export function homeKey(row: Row): string {
  if (row.property_type === 'hdb') return `hdb|${streetKey(row.street)}|${row.block}|${row.home_kind}`;
  if (row.property_type === 'landed') return homeId('landed', streetKey(row.street), landedUnitType(row.home_kind));
  // By the id it will have, so that two spellings of one project ("THE SAIL @ MARINA BAY") are one home.
  return homeId('condo', row.project!, condoUnitType(row).replace('-bedroom', 'br'));
}

const condoUnitType = (row: Row) =>
  /^\d+-bedroom$/.test(row.home_kind) ? row.home_kind : bedroomsOf(Number(row.floor_area_sqm));

export function hdbRecord(row: Row, addresses: Map<string, Address>): HomeRecord {
  const unitType = hdbUnitType(row.home_kind);
  const address = addresses.get(`${streetKey(row.street)}|${row.block}`);
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

/** A private home where URA gives its place; one without coordinates cannot be compared by distance. */
export function privateRecord(row: Row): HomeRecord | undefined {
  if (row.lat === null || row.lng === null) return undefined;
  const town = row.district ? `District ${Number(row.district)}` : 'Singapore';
  const place = { town, lat: Number(row.lat), lng: Number(row.lng) };
  if (row.property_type === 'landed') {
    const unitType = landedUnitType(row.home_kind);
    return {
      id: homeId('landed', streetKey(row.street), unitType),
      // One street, whatever district each of its houses is in, and however its name is spelt.
      addressKey: `landed|${streetKey(row.street)}`,
      address: titleCase(row.street),
      propertyType: 'landed',
      unitType,
      ...place,
    };
  }
  const unitType = condoUnitType(row);
  return {
    id: homeId('condo', row.project!, unitType.replace('-bedroom', 'br')),
    // One project, however it is spelt ("THE SAIL @ MARINA BAY", "THE SAIL@MARINA BAY").
    addressKey: `condo|${homeId(row.project!)}`,
    address: titleCase(row.street),
    project: titleCase(row.project!),
    propertyType: 'condo',
    unitType,
    ...place,
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
