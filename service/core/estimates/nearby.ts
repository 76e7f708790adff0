/**
 * The transactions that may be comparable to a home, found without reading every transaction: each
 * transaction's position kept in a bucket of its kind of home (type, and unit type but for landed
 * houses, which compare across types), its mode and its cell of a grid wider than the widest radius
 * (5 km), so that the 3 × 3 cells around a home hold every one near enough. They come in the order of
 * `homes.transactions` (newest first), so a valuation reads them exactly as it would reading them all.
 */
import type { Homes, PropertyRecord, Transaction } from './homes.js';

/** About 5.5 km of latitude (and of longitude, this near the equator). */
const CELL_DEGREES = 0.05;

const cellOf = (lat: number, lng: number) => [Math.floor(lat / CELL_DEGREES), Math.floor(lng / CELL_DEGREES)];
/** The kind of home a comparable must be (estimate.ts's isSimilar): a landed house compares with any landed house. */
const kindOf = (home: PropertyRecord) =>
  home.propertyType === 'landed' ? 'landed' : `${home.propertyType}|${home.unitType}`;

export function nearbyIndex(homes: Pick<Homes, 'transactions' | 'byId'>) {
  const buckets = new Map<string, number[]>();
  homes.transactions.forEach((tx, i) => {
    const home = homes.byId.get(tx.propertyId);
    if (!home || !Number.isFinite(home.lat) || !Number.isFinite(home.lng)) return;
    const key = `${kindOf(home)}|${tx.mode}|${cellOf(home.lat, home.lng).join(',')}`;
    const bucket = buckets.get(key);
    if (bucket) bucket.push(i);
    else buckets.set(key, [i]);
  });

  /** Every `mode` transaction of a home of the subject's kind in the cells around it, in the homes' order. */
  return function nearby(subject: PropertyRecord, mode: Transaction['mode']): Transaction[] {
    if (!Number.isFinite(subject.lat) || !Number.isFinite(subject.lng)) return [];
    const [row, column] = cellOf(subject.lat, subject.lng);
    const lists: number[][] = [];
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++) {
        const bucket = buckets.get(`${kindOf(subject)}|${mode}|${row + dr},${column + dc}`);
        if (bucket) lists.push(bucket);
      }
    const found = Int32Array.from(lists.flat()).sort();
    return Array.from(found, (i) => homes.transactions[i]);
  };
}
