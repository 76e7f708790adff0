/**
 * The catalogue words are read from. English is built in; the other languages are files of their
 * own, fetched only when a page asks for one (`data-lang`; translations.ts). Each element sets its
 * own catalogue (`useWords`) before it renders or words a message, so two panels in two languages
 * share a page.
 */
import type { Language } from '../api/types.js';
import { WidgetError } from '../api/widget-error.js';
import { type AreaUnit, areaIn, formatInteger, formatPerAreaAmount, pricePerArea } from '../format/format.js';
import en, { type Words } from './en.js';
import { isTranslated, loadTranslation } from './translations.js';

export type { Words };
export let words: Words = en;
export const useWords = (catalogue: Words) => void (words = catalogue);

/**
 * `data-lang` as a language the widget speaks: `en`, `zh`, `ms` or `ta` (a region or script after
 * it is ignored, except Traditional Chinese, which the widget does not have), `auto` for the page's
 * `<html lang>`, and English for anything else.
 */
export function resolveLanguage(requested: string, pageLang = document.documentElement.lang): Language {
  const tag = (/^\s*auto\s*$/i.test(requested) ? pageLang : requested).trim().toLowerCase();
  const primary = tag.split(/[-_]/)[0];
  return isTranslated(primary) && !/[-_](hant|tw|hk|mo)\b/.test(tag) ? (primary as Language) : 'en';
}

/**
 * English at once; another language once its file has arrived (in the widget host's file, from
 * `baseUrl`, checked against its hash), or a `language_failed` error when it cannot be had.
 */
export const loadWords = (language: Language, baseUrl: string): Words | Promise<Words> =>
  language === 'en'
    ? en
    : loadTranslation(language, baseUrl).catch(() => {
        throw new WidgetError('language_failed', `The ${language} words could not be loaded.`);
      });

/** The catalogue in use: a default for the helpers below that may be given another (the service's). */
const current = () => words;

// These read the catalogue through a parameter named `words`, as the build's short keys need
// (scripts/short-word-keys.ts renames only properties read on `words`).
/** A unit type ("4-room") in a catalogue's language: its name there, or the data's when it has none. */
export const unitTypeName = (unitType: string, words: Words = current()) => words.unitTypes[unitType] ?? unitType;

/** 1,001 sq ft, or 93 m² */
export const formatArea = (sqm: number, unit: AreaUnit, words: Words = current()) =>
  `${formatInteger(areaIn(sqm, unit))} ${words.unit[unit]}`;
/** S$573 psf, S$6,172 psm or S$3.45 psf (a rent), from a price per square metre */
export const formatPricePerArea = (pricePerSqm: number, unit: AreaUnit) =>
  `${formatPerAreaAmount(pricePerArea(pricePerSqm, unit))} ${words.perUnit[unit]}`;
