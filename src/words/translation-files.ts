/**
 * The translations in the widget host's one file (in place of translations.ts): each a JSON file
 * named by its content, fetched from the widget host only when a panel speaks it, and refused unless
 * it matches the SHA-256 hash written into this script at build time. A pinned snippet's `integrity`
 * covers this script, so every byte of code the widget runs, and every word it shows, is checked.
 */
import type { Language } from '../api/types.js';
import type { Words } from './en.js';
import { languageFile, type WordsData, wordsFromData } from './translation-data.js';

/** Language → the SHA-256 hash (base64) of its file, written by the build (vite.config.ts). */
declare const __LANGUAGE_HASHES__: Record<Exclude<Language, 'en'>, string>;
// Read once: the build writes the object wherever the name appears.
const HASHES = __LANGUAGE_HASHES__;

export const isTranslated = (language: string) => Object.hasOwn(HASHES, language);

/** One fetch per file, shared by every panel and every choice of the language; a failed one may be asked again. */
const loaded: Record<string, Promise<Words>> = {};

/**
 * `baseUrl` ends with `/`. Cross-origin, so without cookies. Any answer but the file itself (an error
 * page, a changed byte) fails its hash, so the browser refuses it and reports why.
 */
export function loadTranslation(language: Exclude<Language, 'en'>, baseUrl: string): Promise<Words> {
  const hash = HASHES[language];
  const url = baseUrl + languageFile(language, hash);
  return (loaded[url] ??= fetch(url, { integrity: `sha256-${hash}` })
    .then((response) => response.json())
    .then(
      (data: Record<string, WordsData>) => wordsFromData(data),
      (error: unknown) => {
        delete loaded[url];
        throw error;
      },
    ));
}
