/**
 * The widget host's language files: zh, ms and ta as data (language-data.ts), with the build's short
 * catalogue keys, each named by its content (`languages/zh-<hash>.json`) and hashed for
 * `fetch(url, { integrity })`. The widget's build writes the names and hashes into widget.js.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as ms from '../src/words/ms.js';
import * as ta from '../src/words/ta.js';
import * as zh from '../src/words/zh.js';
import { languageFile } from '../src/words/translation-data.js';
import { translationData } from './language-data.js';
import { keyNamesIn, shortenDataKeys } from './short-word-keys.js';

export interface LanguageFile {
  language: string;
  file: string;
  /** SHA-256, base64: what widget.js carries, and the name is made of. */
  sha256: string;
  content: string;
}

export async function languageFiles(): Promise<LanguageFile[]> {
  const names = keyNamesIn(await readFile(fileURLToPath(new URL('../src/words/en.ts', import.meta.url)), 'utf8'));
  return Object.entries({ zh, ms, ta }).map(([language, module]) => {
    const content = JSON.stringify(shortenDataKeys(translationData(module.default), names));
    const sha256 = createHash('sha256').update(content).digest('base64');
    return { language, file: languageFile(language, sha256), sha256, content };
  });
}
