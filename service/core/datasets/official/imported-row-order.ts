/**
 * One order for imported rows, whatever order they came in (a database's, or a file's read in a page):
 * what is learned from them (a range from held-out sales, a tie between comparables) is then the same.
 */
import type { Row } from './imported-rows.js';

const ORDER: (keyof Row)[] = [
  'dataset',
  'mode',
  'property_type',
  'town',
  'street',
  'block',
  'project',
  'home_kind',
  'storey_low',
  'storey_high',
  'floor_area_sqm',
  'lease_commence_year',
  'district',
  'lat',
  'lng',
  'price',
  'units',
  'sale_type',
  'market_segment',
];

/** Newest month first, then by every field read: two rows alike in all of them are interchangeable. */
export function canonically(a: Row, b: Row): number {
  if (a.month !== b.month) return a.month < b.month ? 1 : -1;
  for (const key of ORDER) {
    const x = a[key];
    const y = b[key];
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    const [p, q] = typeof x === 'number' || typeof y === 'number' ? [Number(x), Number(y)] : [x, y];
    if (p !== q) return p < q ? -1 : 1;
  }
  return 0;
}
