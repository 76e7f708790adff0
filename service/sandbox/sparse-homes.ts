/** A home as an operator's HDB file without OneMap's gives it (no postal code), for tests that need one record. */
import type { PropertyRecord } from '../core/estimates/homes.js';

export const PUNGGOL_FLAT = {
  id: 'hdb-270b-punggol-field-4-room',
  address: 'Blk 270B Punggol Field',
  town: 'Punggol',
  propertyType: 'hdb',
  unitType: '4-room',
  floorAreaSqm: 93,
  lat: 1.4,
  lng: 103.9,
} as PropertyRecord;
