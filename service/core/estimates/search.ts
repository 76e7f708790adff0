import type { components } from '../../../contract/generated/widget-host.js';
import en from '../../../src/words/en.js';
import { formatArea, unitTypeName, type Words } from '../../../src/words/words.js';
import type { AreaUnit } from '../../../src/format/format.js';
import type { Fixtures, PropertyRecord } from '../../sandbox/fixtures/generate.js';

type Suggestion = components['schemas']['Suggestion'];

export const MAX_SUGGESTIONS = 8;

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
}

export function buildIndex(fixtures: Fixtures): Indexed[] {
  return fixtures.properties.map((property) => ({
    property,
    addressWords: words(`${property.address} ${property.town}`),
    projectWords: property.project ? words(property.project) : [],
  }));
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
  index: Indexed[],
  query: string,
  limit = MAX_SUGGESTIONS,
  unit: AreaUnit = 'sqft',
  said: Words = en,
): Suggestion[] {
  const digits = query.replace(/\s+/g, '');
  if (/^[0-9]{2,6}$/.test(digits)) {
    return index
      .filter((entry) => entry.property.postalCode.startsWith(digits))
      .sort((a, b) => a.property.postalCode.localeCompare(b.property.postalCode))
      .slice(0, limit)
      .map((entry) => toSuggestion(entry.property, 'postal_code', unit, [], said));
  }
  const queryWords = words(query);
  if (queryWords.length === 0) return [];
  const results: { suggestion: Suggestion; rank: number }[] = [];
  for (const entry of index) {
    if (
      entry.projectWords.length &&
      everyPrefixed(queryWords, [...entry.projectWords, ...words(entry.property.town)])
    ) {
      results.push({ suggestion: toSuggestion(entry.property, 'condo', unit, queryWords, said), rank: 0 });
    } else if (everyPrefixed(queryWords, entry.addressWords)) {
      const exactBlock = entry.addressWords[0] === queryWords[0] ? 0 : 1;
      results.push({
        suggestion: toSuggestion(entry.property, 'address', unit, queryWords, said),
        rank: 1 + exactBlock,
      });
    }
  }
  return results
    .sort((a, b) => a.rank - b.rank || a.suggestion.text.localeCompare(b.suggestion.text, 'en', { numeric: true }))
    .slice(0, limit)
    .map((r) => r.suggestion);
}
