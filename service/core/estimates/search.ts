import type { components } from '../../../contract/generated/widget-host.js';
import en from '../../../src/words/en.js';
import { formatArea, unitTypeName, type Words } from '../../../src/words/words.js';
import type { AreaUnit } from '../../../src/format/format.js';
import type { Fixtures, PropertyRecord } from '../../sandbox/fixtures/generate.js';

type Suggestion = components['schemas']['Suggestion'];

export const MAX_SUGGESTIONS = 8;
/** Suggestions with the same rank read in this order (block 9 before block 10). */
const BY_TEXT = new Intl.Collator('en', { numeric: true });

/** How Singaporeans shorten addresses, mapped to the words the fixtures use. */
const ABBREVIATIONS: Record<string, string> = {
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

/** Lower-cases, strips punctuation and expands abbreviations into searchable words. */
export function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2019']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w && !NOISE_WORDS.has(w))
    .flatMap((w) => (ABBREVIATIONS[w] ?? w).split(' '));
}

interface Indexed {
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

export function buildIndex(fixtures: Pick<Fixtures, 'properties'>): SearchIndex {
  const entries = fixtures.properties.map((property) => {
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
  const byPostalCode = [...entries].sort((a, b) => a.property.postalCode.localeCompare(b.property.postalCode));
  const postalCodes = byPostalCode.map((entry) => entry.property.postalCode);
  const addressOrder = entries
    .map((_, i) => i)
    .sort((a, b) => BY_TEXT.compare(entries[a].property.address, entries[b].property.address));
  const condoIds = entries.flatMap((entry, i) => (entry.projectWords.length ? [i] : []));
  const marks = { of: new Uint32Array(entries.length), stamp: 0 };
  return { entries, sortedWords, postings, byPostalCode, postalCodes, addressOrder, condoIds, marks };
}

/** The first index in `sorted` whose value is not below `value`. */
function lowerBound(sorted: readonly string[], value: string): number {
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

/** Past this many candidates, walking the addresses in order beats sorting the candidates. */
const WALK_FROM = 400;

/**
 * The same answer as `rank` for a query that matches many entries: the condo names and the exact block
 * numbers (both few) sorted, then the other addresses read in their precomputed order until enough.
 */
export function rankInOrder(
  index: SearchIndex,
  ids: Candidates,
  queryWords: string[],
  limit = MAX_SUGGESTIONS,
  unit: AreaUnit = 'sqft',
  said: Words = en,
): Suggestion[] {
  const { entries } = index;
  const condos = index.condoIds
    .filter((i) => ids.has(i) && everyPrefixed(queryWords, [...entries[i].projectWords, ...entries[i].townWords]))
    .map((i) => entries[i])
    .sort((a, b) => BY_TEXT.compare(a.property.project!, b.property.project!));
  const named = new Set(condos);
  const isAddress = (entry: Indexed) => !named.has(entry) && everyPrefixed(queryWords, entry.addressWords);
  const exact = (index.postings.get(queryWords[0]) ?? [])
    .filter((i) => entries[i].addressWords[0] === queryWords[0] && ids.has(i) && isAddress(entries[i]))
    .map((i) => entries[i])
    .sort((a, b) => BY_TEXT.compare(a.property.address, b.property.address));
  const found: [Indexed, Suggestion['kind']][] = [
    ...condos.map((e) => [e, 'condo'] as [Indexed, Suggestion['kind']]),
    ...exact.map((e) => [e, 'address'] as [Indexed, Suggestion['kind']]),
  ];
  for (const i of index.addressOrder) {
    if (found.length >= limit) break;
    const entry = entries[i];
    if (ids.has(i) && entry.addressWords[0] !== queryWords[0] && isAddress(entry)) found.push([entry, 'address']);
  }
  return found.slice(0, limit).map(([entry, kind]) => toSuggestion(entry.property, kind, unit, queryWords, said));
}

function everyPrefixed(query: string[], target: string[]): boolean {
  return query.every((q) => target.some((t) => t.startsWith(q)));
}

/** Where the query's (expanded) words start words of `text`: `amk` emphasises Ang, Mo and Kio. */
export function matchRanges(text: string, queryWords: string[]): Suggestion['matches'] {
  const ranges: Suggestion['matches'] = [];
  for (const token of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const lower = token[0].toLowerCase();
    const longest = Math.max(0, ...queryWords.filter((w) => lower.startsWith(w)).map((w) => w.length));
    if (longest > 0) ranges.push({ offset: token.index ?? 0, length: longest });
  }
  return ranges.slice(0, 20);
}

function toSuggestion(
  property: PropertyRecord,
  kind: Suggestion['kind'],
  unit: AreaUnit,
  queryWords: string[] = [],
  said: Words = en,
): Suggestion {
  const text = kind === 'condo' && property.project ? property.project : property.address;
  const unitType = unitTypeName(property.unitType, said);
  return {
    id: property.id,
    kind,
    text,
    matches: matchRanges(text, queryWords),
    secondaryText: property.project
      ? `${kind === 'condo' ? property.address : property.project} · ${unitType}, ${formatArea(property.floorAreaSqm, unit, said)}`
      : `${property.town} · ${said.propertyType[property.propertyType]} ${unitType} · ${said.postal(property.postalCode)}`,
    postalCode: property.postalCode,
  };
}

/**
 * Matches addresses, postal codes (by prefix) and condo names (any word, by prefix), best first, each
 * one's second line in the widget's words of the request's language (`said`: catalogues.ts), so it
 * reads as its estimate will: "组屋 4房式", not "HDB 4-room".
 */
export function suggest(
  index: SearchIndex,
  query: string,
  limit = MAX_SUGGESTIONS,
  unit: AreaUnit = 'sqft',
  said: Words = en,
): Suggestion[] {
  const digits = query.replace(/\s+/g, '');
  if (/^[0-9]{2,6}$/.test(digits)) {
    const first = lowerBound(index.postalCodes, digits);
    return index.byPostalCode
      .slice(first, first + limit)
      .filter((entry) => entry.property.postalCode.startsWith(digits))
      .map((entry) => toSuggestion(entry.property, 'postal_code', unit, [], said));
  }
  const queryWords = words(query);
  if (queryWords.length === 0) return [];
  const ids = candidates(index, queryWords);
  if (ids.list.length > WALK_FROM) return rankInOrder(index, ids, queryWords, limit, unit, said);
  const found = ids.list.sort((a, b) => a - b).map((i) => index.entries[i]);
  return rank(found, queryWords, limit, unit, said);
}

/** The matches among `entries`, best first: condo names, then addresses (an exact block number first). */
export function rank(
  entries: Indexed[],
  queryWords: string[],
  limit = MAX_SUGGESTIONS,
  unit: AreaUnit = 'sqft',
  said: Words = en,
): Suggestion[] {
  // Ranked by what is shown first (a condo's name, else the address); only the first `limit` are made
  // into suggestions, so a short query that matches thousands costs a sort, not thousands of them.
  const results: { entry: Indexed; kind: Suggestion['kind']; text: string; rank: number }[] = [];
  for (const entry of entries) {
    const { property } = entry;
    if (entry.projectWords.length && everyPrefixed(queryWords, [...entry.projectWords, ...entry.townWords])) {
      results.push({ entry, kind: 'condo', text: property.project ?? property.address, rank: 0 });
    } else if (everyPrefixed(queryWords, entry.addressWords)) {
      const exactBlock = entry.addressWords[0] === queryWords[0] ? 0 : 1;
      results.push({ entry, kind: 'address', text: property.address, rank: 1 + exactBlock });
    }
  }
  return results
    .sort((a, b) => a.rank - b.rank || BY_TEXT.compare(a.text, b.text))
    .slice(0, limit)
    .map((r) => toSuggestion(r.entry.property, r.kind, unit, queryWords, said));
}
