/** Checks the key a site owner pasted before anything is sent, so secrets never leave the page. */
import { schemas } from './generated/schemas.js';

export type KeyProblem = 'missing' | 'platform_key' | 'malformed';

const WIDGET_KEY = new RegExp(schemas.WidgetKey.pattern ?? '$^');
const PLATFORM_KEY = /^svcp_(test|live)_/;

export function checkWidgetKey(key: string | null | undefined): KeyProblem | undefined {
  const trimmed = (key ?? '').trim();
  if (!trimmed) return 'missing';
  if (PLATFORM_KEY.test(trimmed)) return 'platform_key';
  return WIDGET_KEY.test(trimmed) ? undefined : 'malformed';
}
