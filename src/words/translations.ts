/**
 * The translations as modules, for a bundler (the npm package) and the tests; a module that cannot be
 * loaded leaves the panel in English. The widget host's build puts translation-files.ts in place of
 * this file: there each language is data, fetched and checked against the hash its script carries.
 */
import type { Language } from '../api/types.js';
import en, { type Words } from './en.js';

const MODULES: Record<Exclude<Language, 'en'>, () => Promise<{ default: Words }>> = {
  zh: () => import('./zh.js'),
  ms: () => import('./ms.js'),
  ta: () => import('./ta.js'),
};

export const isTranslated = (language: string) => Object.hasOwn(MODULES, language);

export const loadTranslation = (language: Exclude<Language, 'en'>, _baseUrl: string): Promise<Words> =>
  MODULES[language]().then(
    (module) => module.default,
    () => en,
  );
