/**
 * The sales or rents an HDB flat's estimate shows: its block's own first, then its street's and its
 * town's flats of its type, as many as there are up to ten (and, for a sale with fewer than five of
 * its type in the whole town, the block's, street's and town's other flat types). Within a street or a
 * town, blocks whose places are both known (OneMap's addresses) come nearest first; the others by
 * likeness, the nearest lease year and storey first, and are marked as of unknown distance. Real HDB
 * data is sparse: most blocks sell a flat type fewer than five times in two years.
 */
import type { components } from '../../../contract/generated/widget-host.js';
import type { HdbHome } from './hdb-sale.js';
import { blockKey } from './hdb-sale.js';
import { comparableOf, distanceMeters } from './estimate.js';
import type { PropertyRecord, Transaction } from './homes.js';

export const MIN_COMPARABLES = 5;
export const MAX_COMPARABLES = 10;

/** Where a flat is and what type: every HDB home has one, sold or only rented. */
export type HdbPlace = Pick<HdbHome, 'block' | 'street' | 'town' | 'flatType'>;
/** What a flat is like, where known: its lease's first year and its storey. */
export type Likeness = Partial<Pick<HdbHome, 'leaseCommenceYear' | 'storeyLow' | 'storeyHigh'>>;

/** A sale or rent, with the home it belongs to, as a comparable candidate. */
interface Candidate {
  tx: Transaction;
  property: PropertyRecord;
  like: Likeness;
}

type Near = 'same_block' | 'same_street' | 'same_town';
type Comparable = components['schemas']['Comparable'];

export const flatKey = (place: HdbPlace) => `${blockKey(place)}|${place.flatType}`;

/** Candidates by block and flat type (in the order added: add newest first), and each street's and town's blocks. */
export function hdbCandidates() {
  const block = new Map<string, Candidate[]>();
  const within = new Map<string, string[]>();
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  return {
    add(place: HdbPlace, tx: Transaction, property: PropertyRecord, like: Likeness) {
      const key = flatKey(place);
      if (!block.has(key)) {
        push(within, `street|${place.street}|${place.flatType}`, key);
        push(within, `town|${place.town}|${place.flatType}`, key);
        push(within, `any-block|${blockKey(place)}`, key);
        push(within, `any-street|${place.street}`, key);
        push(within, `any-town|${place.town}`, key);
      }
      push(block, key, { tx, property, like });
    },
    /**
     * Up to ten comparables for `subject` at `place`, newest first. `otherTypes`: when its type has fewer
     * than five in its town, its block's, street's and town's other flat types count too (a sale's
     * estimate stands on the model, which reads every flat type; a rent's on its type's rents alone).
     */
    chosen(subject: PropertyRecord, place: HdbPlace, like: Likeness, otherTypes: boolean): Comparable[] {
      const own = flatKey(place);
      const taken = new Set<string>();
      const result: Comparable[] = [];
      const steps: [string[] | undefined, Near][] = [
        [[own], 'same_block'],
        [within.get(`street|${place.street}|${place.flatType}`), 'same_street'],
        [within.get(`town|${place.town}|${place.flatType}`), 'same_town'],
        ...(otherTypes
          ? ([
              [within.get(`any-block|${blockKey(place)}`), 'same_block'],
              [within.get(`any-street|${place.street}`), 'same_street'],
              [within.get(`any-town|${place.town}`), 'same_town'],
            ] as [string[] | undefined, Near][])
          : []),
      ];
      for (const [keys, near] of steps) {
        if (result.length >= MIN_COMPARABLES) break;
        for (const { key, distance } of ordered(subject, like, keys ?? [], taken, block)) {
          taken.add(key);
          for (const c of block.get(key)!) {
            if (result.length >= MAX_COMPARABLES) break;
            result.push(marked(c, key === own || near === 'same_block' ? 0 : distance, near));
          }
          if (result.length >= MAX_COMPARABLES) break;
        }
      }
      return result.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
    },
  };
}

/** A comparable, marked with where it lies and, where a place is missing, as of unknown distance. */
function marked(c: Candidate, distance: number, near: Near): Comparable {
  const known = Number.isFinite(distance);
  return { ...comparableOf(c.tx, c.property, known ? distance : 0), near, ...(known ? {} : { distanceKnown: false }) };
}

/** `keys`' blocks not yet taken: those of known distance nearest first, then the rest by likeness. */
function ordered(
  subject: PropertyRecord,
  like: Likeness,
  keys: string[],
  taken: Set<string>,
  block: Map<string, Candidate[]>,
) {
  const apart = (other: Likeness) =>
    Math.abs((other.leaseCommenceYear ?? 0) - (like.leaseCommenceYear ?? 0)) +
    Math.abs(middle(other) - middle(like)) / 3;
  return keys
    .filter((key) => !taken.has(key) && block.has(key))
    .map((key) => {
      // Every candidate of a block shares its place; the newest says what the block is like.
      const first = block.get(key)![0];
      return { key, distance: distanceMeters(subject, first.property), apart: apart(first.like) };
    })
    .sort((a, b) => {
      const aKnown = Number.isFinite(a.distance);
      const bKnown = Number.isFinite(b.distance);
      if (aKnown !== bKnown) return aKnown ? -1 : 1;
      return aKnown ? a.distance - b.distance : a.apart - b.apart;
    });
}

const middle = (like: Likeness) => ((like.storeyLow ?? 0) + (like.storeyHigh ?? 0)) / 2;
