/**
 * Street names as HDB's files abbreviate them ("ANG MO KIO AVE 10", "C'WEALTH CL") and as OneMap writes
 * them in full ("ANG MO KIO AVENUE 10", "COMMONWEALTH CLOSE"): one key both give, so that a block in
 * HDB's files finds its postal code and coordinates, and the name in full for people to read.
 */
import { HDB_ABBREVIATIONS as ABBREVIATIONS } from '../../estimates/street-abbreviations.js';

const TO_SHORT = new Map(ABBREVIATIONS.map(([short, full]) => [full, short]));
const TO_FULL = new Map(ABBREVIATIONS);

const wordsOf = (street: string) => street.toUpperCase().replace(/[’`]/g, "'").split(/\s+/).filter(Boolean);

/**
 * Whether a word is Saint: SAINT, ST., or ST before a name ("ST GEORGE'S RD"); ST is Street as the last
 * word or before a number ("MARKET ST", "BEDOK NTH ST 3").
 */
function isSaint(word: string, rest: string[]): boolean {
  if (word === 'SAINT' || word === 'ST.') return rest.length > 0;
  return word === 'ST' && rest.length > 0 && !rest.every((w) => /^\d+[A-Z]?$/.test(w));
}

/**
 * The key a street has in either spelling: capitals, HDB's abbreviation of each word, and "ST." for
 * Saint (as in ST. GEORGE'S RD, which OneMap spells SAINT GEORGE'S ROAD).
 */
export function streetKey(street: string): string {
  return wordsOf(street)
    .map((word, i, all) => (isSaint(word, all.slice(i + 1)) ? 'ST.' : (TO_SHORT.get(word) ?? word)))
    .join(' ');
}

/**
 * An HDB street in full, as people read it: "ANG MO KIO AVE 10" is "Ang Mo Kio Avenue 10". Saint keeps
 * the abbreviation the official name keeps: "ST. GEORGE'S RD" is "St. George's Road".
 */
export function streetInFull(street: string): string {
  return wordsOf(street)
    .map((word, i, all) => (isSaint(word, all.slice(i + 1)) ? 'St.' : titleCase(TO_FULL.get(word) ?? word)))
    .join(' ');
}

/**
 * "TOA PAYOH" is "Toa Payoh"; "ST. GEORGE'S" keeps its apostrophe's s small, "D'LEEDON" is "D'Leedon",
 * and a name's small words stay small within it ("Reflections at Keppel Bay").
 */
export const titleCase = (text: string) =>
  text
    .toLowerCase()
    .replace(/(^|[\s(/-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase())
    .replace(
      /(^|[\s(/-])([A-Z])'([a-z])/g,
      (_, before: string, first: string, next: string) => `${before}${first}'${next.toUpperCase()}`,
    )
    .replace(/(?<=\S )(At|Of|The|By|On|And|In)(?= )/g, (word: string) => word.toLowerCase());
