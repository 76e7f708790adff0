import type { Comparable } from '../api/types.js';
import { parseDay } from '../format/format.js';

export type SortKey = 'date' | 'address' | 'type' | 'area' | 'price' | 'perArea' | 'distance';

export interface SortOrder {
  key: SortKey;
  descending: boolean;
}

export const DEFAULT_SORT: SortOrder = { key: 'date', descending: true };

const value: Record<SortKey, (c: Comparable) => string | number> = {
  // A number, so the first table (newest first) needs no Intl collator.
  date: (c) => parseDay(c.date).getTime(),
  address: (c) => c.address,
  type: (c) => `${c.propertyType} ${c.unitType}`,
  area: (c) => c.floorAreaSqm,
  price: (c) => c.price,
  perArea: (c) => c.pricePerSqm,
  distance: (c) => c.distanceM,
};

/** A sorted copy; ties keep the host's order (Array.prototype.sort is stable). */
export function sortComparables(comparables: readonly Comparable[], order: SortOrder): Comparable[] {
  const get = value[order.key];
  const sign = order.descending ? -1 : 1;
  return [...comparables].sort((a, b) => {
    const x = get(a);
    const y = get(b);
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'en', { numeric: true }));
  });
}

/** Clicking the sorted column flips it; another column starts with its most useful direction. */
export function nextSort(current: SortOrder, key: SortKey): SortOrder {
  if (current.key === key) return { key, descending: !current.descending };
  return { key, descending: key === 'date' || key === 'price' || key === 'perArea' };
}
