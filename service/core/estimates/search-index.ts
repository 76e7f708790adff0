/**
 * The search's index over every property: the words each is found by, an inverted index over them,
 * the postal codes in order, and the candidates a query's words can match (search.ts ranks them).
 */
import type { Homes, PropertyRecord } from './homes.js';
import { HDB_ABBREVIATIONS } from './street-abbreviations.js';

/** Suggestions with the same rank read in this order (block 9 before block 10). */
export const BY_TEXT = new Intl.Collator('en', { numeric: true });

/**
 * HDB's abbreviations a visitor also types as the start of a name: `cl` is how Clementi, Clarke Quay and
 * Claymore begin, so it is not read as Close (a query word is a prefix as it is typed).
 */
const PREFIXES_TOO = new Set(['cl']);

/**
 * How Singaporeans shorten addresses, mapped to the words the homes use: HDB's own abbreviations (as a
 * word is searched: C'WEALTH is cwealth), and the ones people type, which win where both name one.
 */
const ABBREVIATIONS: Record<string, string> = {
  ...Object.fromEntries(
    HDB_ABBREVIATIONS.map(([short, full]) => [short.toLowerCase().replace(/'/g, ''), full.toLowerCase()]).filter(
      ([short]) => !PREFIXES_TOO.has(short),
    ),
  ),
  ave: 'avenue',
  av: 'avenue',
  st: 'street',
  rd: 'road',
  dr: 'drive',
  cres: 'crescent',
  cresc: 'crescent',
  lor: 'lorong',
  lr: 'lorong',
  jln: 'jalan',
  bt: 'bukit',
  upp: 'upper',
  nth: 'north',
  sth: 'south',
  ctrl: 'central',
  ctr: 'central',
  pl: 'place',
  blvd: 'boulevard',
  ln: 'lane',
  tpy: 'toa payoh',
  amk: 'ang mo kio',
  cck: 'choa chu kang',
  bb: 'bukit batok',
  bp: 'bukit panjang',
  je: 'jurong east',
  jw: 'jurong west',
};
const NOISE_WORDS = new Set(['blk', 'block', 'singapore', 's', 'sg']);

/** ST before a name is Saint ("St George's Road"); before a number, or last, it is Street ("Bedok North St 3"). */
const expanded = (word: string, next: string | undefined) =>
  word === 'st' && next !== undefined && !/^\d/.test(next) ? 'saint' : (ABBREVIATIONS[word] ?? word);

/** Lower-cases, strips punctuation (an apostrophe joins: George's is georges) and expands abbreviations into searchable words. */
export function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019'`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w && !NOISE_WORDS.has(w))
    .flatMap((w, i, all) => expanded(w, all[i + 1]).split(' '));
}

export interface Indexed {
  property: PropertyRecord;
  addressWords: string[];
  projectWords: string[];
  townWords: string[];
  /** All of the above, once each, and as one string (" w1 w2 …") that a word's prefix is found in at once. */
  allWords: string[];
  wordText: string;
}

/**
 * Every property's words, and an inverted index over them: the distinct words sorted (a query word's
 * prefix is one range of them, found by binary search) with the entries each word stands in, and the
 * entries in postal-code order. A query looks only at the entries every one of its words can match.
 */
export interface SearchIndex {
  entries: Indexed[];
  sortedWords: string[];
  postings: Map<string, number[]>;
  byPostalCode: Indexed[];
  /** byPostalCode's postal codes, for the binary search. */
  postalCodes: string[];
  /** Every entry's index in the order addresses read (block 9 before block 10), and those with a condo's name. */
  addressOrder: number[];
  condoIds: number[];
  /** Which entries the current query's candidates are: `of[i] === stamp` (see candidates). */
  marks: { of: Uint32Array; stamp: number };
}

export function buildIndex(homes: Pick<Homes, 'properties'>): SearchIndex {
  const entries = homes.properties.map((property) => {
    const addressWords = words(`${property.address} ${property.town}`);
    const projectWords = property.project ? words(property.project) : [];
    const townWords = words(property.town);
    const allWords = [...new Set([...addressWords, ...projectWords, ...townWords])];
    return { property, addressWords, projectWords, townWords, allWords, wordText: ` ${allWords.join(' ')}` };
  });
  const postings = new Map<string, number[]>();
  entries.forEach((entry, i) => {
    for (const word of entry.allWords) {
      const list = postings.get(word);
      if (list) list.push(i);
      else postings.set(word, [i]);
    }
  });
  const sortedWords = [...postings.keys()].sort();
  // A home without a postal code (an HDB block imported without OneMap's addresses) is found by its words only.
  const byPostalCode = entries
    .filter((entry) => entry.property.postalCode)
    .sort((a, b) => a.property.postalCode!.localeCompare(b.property.postalCode!));
  const postalCodes = byPostalCode.map((entry) => entry.property.postalCode!);
  const addressOrder = entries
    .map((_, i) => i)
    .sort((a, b) => BY_TEXT.compare(entries[a].property.address, entries[b].property.address));
  const condoIds = entries.flatMap((entry, i) => (entry.projectWords.length ? [i] : []));
  const marks = { of: new Uint32Array(entries.length), stamp: 0 };
  return { entries, sortedWords, postings, byPostalCode, postalCodes, addressOrder, condoIds, marks };
}

/** The first index in `sorted` whose value is not below `value`. */
export function lowerBound(sorted: readonly string[], value: string): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The range of the sorted words that start with `prefix`, and how many entries they stand in. */
function wordsStartingWith(index: SearchIndex, prefix: string): { from: number; to: number; entries: number } {
  const from = lowerBound(index.sortedWords, prefix);
  let to = from;
  let entries = 0;
  while (to < index.sortedWords.length && index.sortedWords[to].startsWith(prefix))
    entries += index.postings.get(index.sortedWords[to++])!.length;
  return { from, to, entries };
}

/**
 * The entries every query word can match (a superset of the matches, which the rules then decide): those
 * of the rarest word's prefix, kept where each other word starts one of their words.
 */
export function candidates(index: SearchIndex, queryWords: string[]): Candidates {
  const ranges = queryWords.map((word) => ({ word, ...wordsStartingWith(index, word) }));
  const rarest = ranges.reduce((a, b) => (b.entries < a.entries ? b : a));
  const others = queryWords.filter((w) => w !== rarest.word).map((w) => ` ${w}`);
  // A stamp per query in one array the index keeps, instead of a new Set: nothing to allocate or clear.
  if (index.marks.stamp === 0xffffffff) index.marks = { of: new Uint32Array(index.entries.length), stamp: 0 };
  const stamp = ++index.marks.stamp;
  const list: number[] = [];
  for (let k = rarest.from; k < rarest.to; k++)
    for (const i of index.postings.get(index.sortedWords[k])!)
      if (index.marks.of[i] !== stamp && others.every((w) => index.entries[i].wordText.includes(w))) {
        index.marks.of[i] = stamp;
        list.push(i);
      }
  return { list, has: (i) => index.marks.of[i] === stamp };
}

/** A query's candidates: their indexes (each once), and whether an index is one (until the next query). */
export interface Candidates {
  list: number[];
  has(i: number): boolean;
}
