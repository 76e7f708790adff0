/**
 * The widget's word catalogues for the service's own answers (a suggestion's second line): English at
 * once, another language imported when a request first asks for it, so a page that runs the widget host
 * (the sandbox under MSW) loads no language it does not use.
 */
import type { Language } from '../../../src/api/types.js';
import en from '../../../src/words/en.js';
import type { Words } from '../../../src/words/words.js';

const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Words }>> = {
  zh: () => import('../../../src/words/zh.js'),
  ms: () => import('../../../src/words/ms.js'),
  ta: () => import('../../../src/words/ta.js'),
};

export const catalogueFor = async (language: Language): Promise<Words> =>
  language === 'en' ? en : (await LOADERS[language]()).default;
