/**
 * Writes a translation (zh.ts, ms.ts, ta.ts) as data (src/words/translation-data.ts): each function
 * of the catalogue is called with placeholders for its free arguments and with every value of each
 * choice it takes, and its sentences become templates; its dates, written by the locale's Intl
 * here, become a template per month, so the widget needs no Intl for them. ARGUMENTS names what
 * each function takes; a function missing from it stops the build, and language-data.test.ts checks
 * that the data gives back what the module does, for every choice, count and day.
 */
import type { Mode } from '../src/api/types.js';
import type { SortChoice } from '../src/words/en.js';
import type { Template, WordsData } from '../src/words/translation-data.js';

/**
 * A free argument (a formatted value), a count (one, or any other number), the values of a choice,
 * or a day (`YYYY-MM-DD`), which the data reads as year, month and day.
 */
type Argument = 'text' | 'count' | 'day' | readonly string[];

const MODES: readonly Mode[] = ['sale', 'rent'];
const SORT_CHOICES: readonly SortChoice[] = ['date', 'price', 'perArea', 'area', 'distance', 'address'];

/** What each function of the catalogue takes, by its path. */
export const ARGUMENTS: Record<string, readonly Argument[]> = {
  month: ['day'],
  date: ['day'],
  noMatches: ['text'],
  announceSuggestions: ['count'],
  modeValue: [MODES],
  estimateHeading: [MODES],
  announceEstimate: [MODES, 'text', 'count'],
  range: ['text', 'text'],
  per: ['text'],
  transactionCount: ['count'],
  postal: ['text'],
  tableCaption: ['count', MODES],
  'column.area': ['text'],
  'column.price': [MODES],
  sortChoice: [SORT_CHOICES, MODES, 'text'],
  showAll: ['count'],
  away: ['text'],
  widerWithin: [MODES, 'text', 'text'],
  widerArea: [MODES, 'text'],
  floorArea: ['text'],
  chartKeyComparables: [MODES, 'text'],
  chartSummary: ['count', MODES, 'text', 'text', 'text', 'text', 'text', 'text'],
};
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1));
/** A year and a day no month's name contains. */
const [YEAR, DAY] = ['2026', '27'];

const placeholder = (i: number) => `\uE000${i}\uE000`;
/**
 * Any count but one, standing for the argument: a number to a plural rule (`count === 1` is false,
 * `count > 1` true), the argument's placeholder where it is written.
 */
const manyCount = (i: number) => ({ valueOf: () => 2, toString: () => placeholder(i) });
/** The case a count's switch falls back to (translation-data.ts): any count but one. */
const MANY = 'n';

/** The template of `fn` with the choices in `fixed` made; a switch on the first choice still open. */
function template(
  path: string,
  fn: (...args: unknown[]) => string,
  spec: readonly Argument[],
  fixed: unknown[],
): Template {
  const open = spec.findIndex((argument, i) => argument !== 'text' && fixed[i] === undefined);
  if (open >= 0) {
    const argument = spec[open];
    const values = argument === 'count' ? [1, manyCount(open)] : (argument as readonly string[]);
    const cases = Object.fromEntries(
      values.map((value) => {
        const next = [...fixed];
        next[open] = value;
        return [typeof value === 'object' ? MANY : String(value), template(path, fn, spec, next)];
      }),
    );
    const [first, ...others] = Object.values(cases).map((c) => JSON.stringify(c));
    // A sentence the same for every value needs no switch; nor a count whose "one" is its "many" with 1 written.
    if (others.every((c) => c === first)) return Object.values(cases)[0];
    if (argument === 'count' && JSON.stringify(cases[MANY]).replaceAll(`{${open}}`, '1') === JSON.stringify(cases[1]))
      return cases[MANY];
    return [open, cases];
  }
  const text = fn(...spec.map((argument, i) => (argument === 'text' ? placeholder(i) : fixed[i])));
  if (/[{}]/.test(text)) throw new Error(`language-data: ${path} has a brace, which a template cannot hold`);
  return text.replace(/\uE000(\d)\uE000/g, '{$1}');
}

/** A day's words as a switch on its month (argument 1), each case with the year `{0}` and the day `{2}`. */
function dayTemplate(path: string, fn: (day: string) => string): [Template, 1] {
  const once = (text: string, part: string, i: number) => {
    if (text.split(part).length > 2) throw new Error(`language-data: ${path} writes ${part} twice`);
    return text.replace(part, `{${i}}`);
  };
  const cases = MONTHS.map((month) => {
    const text = fn(`${YEAR}-${month.padStart(2, '0')}-${DAY}`);
    if (/[{}]/.test(text)) throw new Error(`language-data: ${path} has a brace, which a template cannot hold`);
    return [month, once(once(text, YEAR, 0), DAY, 2)];
  });
  return [[1, Object.fromEntries(cases)], 1];
}

function data(value: unknown, path: string): WordsData {
  if (typeof value === 'string') return value;
  if (typeof value === 'function') {
    const spec = ARGUMENTS[path];
    if (!spec) throw new Error(`language-data: add what ${path} takes to ARGUMENTS`);
    const fn = value as (...args: unknown[]) => string;
    return spec[0] === 'day' ? dayTemplate(path, fn) : [template(path, fn, spec, [])];
  }
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, data(inner, path ? `${path}.${key}` : key)]),
    );
  throw new Error(`language-data: ${path} is neither words nor a sentence`);
}

/** A translation module's catalogue as the data the widget host serves. */
export const translationData = (words: object) => data(words, '') as Record<string, WordsData>;
