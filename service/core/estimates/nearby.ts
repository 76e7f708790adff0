/**
 * The transactions that may be comparable to a home, found without reading every transaction: homes
 * kept in a grid of cells wider than the widest radius (5 km), so that the 3 × 3 cells around a home hold
 * every home near enough. They come in the order of `homes.transactions` (newest first), so a valuation
 * reads them exactly as it would reading them all.
 */
import type { Homes, PropertyRecord, Transaction } from './homes.js';

/** About 5.5 km of latitude (and of longitude, this near the equator). */
const CELL_DEGREES = 0.05;

const cellOf = (lat: number, lng: number) => [Math.floor(lat / CELL_DEGREES), Math.floor(lng / CELL_DEGREES)];

export function nearbyIndex(homes: Pick<Homes, 'transactions'> & { byId: Map<string, PropertyRecord> }) {
  const positions = new Map<string, number[]>();
  homes.transactions.forEach((tx, i) => {
    const list = positions.get(tx.propertyId);
    if (list) list.push(i);
    else positions.set(tx.propertyId, [i]);
  });
  const cells = new Map<string, PropertyRecord[]>();
  for (const property of homes.byId.values()) {
    if (!Number.isFinite(property.lat) || !Number.isFinite(property.lng)) continue;
    const key = cellOf(property.lat, property.lng).join(',');
    const list = cells.get(key);
    if (list) list.push(property);
    else cells.set(key, [property]);
  }

  /** Every transaction of a home of the subject's type in the cells around it, in the homes' order. */
  return function nearby(subject: PropertyRecord): Transaction[] {
    if (!Number.isFinite(subject.lat) || !Number.isFinite(subject.lng)) return [];
    const [row, column] = cellOf(subject.lat, subject.lng);
    const found: number[] = [];
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++)
        for (const property of cells.get(`${row + dr},${column + dc}`) ?? [])
          if (property.propertyType === subject.propertyType)
            for (const i of positions.get(property.id) ?? []) found.push(i);
    return found.sort((a, b) => a - b).map((i) => homes.transactions[i]);
  };
}
