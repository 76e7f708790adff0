/**
 * The translations in the widget host's one file (in place of translations.ts): each a JSON file
 * named by its content, fetched from the widget host only when a panel speaks it, and refused unless
 * it matches the SHA-256 hash written into this script at build time. A pinned snippet's `integrity`
 * covers this script, so every byte the widget runs or shows from the host is checked.
 */
import type { Language } from '../api/types.js';
import type { Words } from './en.js';
import { languageFile, type WordsData, wordsFromData } from './translation-data.js';

/** Language → the SHA-256 hash (base64) of its file, written by the build (vite.config.ts). */
declare const __LANGUAGE_HASHES__: Record<Exclude<Language, 'en'>, string>;
// Read once: the build writes the object wherever the name appears.
const HASHES = __LANGUAGE_HASHES__;

export const TRANSLATED = Object.keys(HASHES);

/**
 * `baseUrl` ends with `/`. Cross-origin, so without cookies. Any answer but the file itself (an error
 * page, a changed byte) fails its hash, so the browser refuses it and reports why.
 */
export async function loadTranslation(language: Exclude<Language, 'en'>, baseUrl: string): Promise<Words> {
  const hash = HASHES[language];
  const response = await fetch(baseUrl + languageFile(language, hash), { integrity: `sha256-${hash}` });
  return wordsFromData((await response.json()) as Record<string, WordsData>);
}
