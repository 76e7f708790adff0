import type { components } from '../../../contract/generated/widget-host.js';
import en from '../../../src/words/en.js';
import { formatArea, unitTypeName, type Words } from '../../../src/words/words.js';
import type { AreaUnit } from '../../../src/format/format.js';
import type { PropertyRecord } from './homes.js';
import {
  BY_TEXT,
  type Candidates,
  candidates,
  type Indexed,
  lowerBound,
  type SearchIndex,
  words,
} from './search-index.js';

export { buildIndex, candidates, type SearchIndex, words } from './search-index.js';

type Suggestion = components['schemas']['Suggestion'];

export const MAX_SUGGESTIONS = 8;

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
      : [
          property.town,
          `${said.propertyType[property.propertyType]} ${unitType}`,
          ...(property.postalCode ? [said.postal(property.postalCode)] : []),
        ].join(' · '),
    ...(property.postalCode ? { postalCode: property.postalCode } : {}),
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
      .filter((entry) => entry.property.postalCode!.startsWith(digits))
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
