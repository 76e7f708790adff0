import type { Comparable } from '../api/types.js';
import { parseDay } from '../format/format.js';
import type { SortChoice } from '../words/en.js';

export type { SortChoice };

/** The orders a visitor can choose: what each compares, and its sign (-1: largest or newest first). */
export const SORT_CHOICES: Record<SortChoice, [(c: Comparable) => string | number, 1 | -1]> = {
  // A number, so the first table (newest first) needs no Intl collator.
  date: [(c) => parseDay(c.date).getTime(), -1],
  price: [(c) => c.price, -1],
  perArea: [(c) => c.pricePerSqm, -1],
  area: [(c) => c.floorAreaSqm, -1],
  // A comparable of unknown distance comes last, nearest first.
  distance: [(c) => (c.distanceKnown === false ? Infinity : c.distanceM), 1],
  address: [(c) => c.address, 1],
};
export const DEFAULT_SORT: SortChoice = 'date';

/** A sorted copy; ties keep the host's order (Array.prototype.sort is stable). */
export function sortComparables(comparables: readonly Comparable[], choice: SortChoice): Comparable[] {
  const [get, sign] = SORT_CHOICES[choice];
  return [...comparables].sort((a, b) => {
    const x = get(a);
    const y = get(b);
    return (
      sign *
      (typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y), 'en', { numeric: true }))
    );
  });
}
