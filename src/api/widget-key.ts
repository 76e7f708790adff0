/** Checks the key a site owner pasted before anything is sent, so secrets never leave the page. */
import * as problemIn from './generated/checks.js';

/** Named as the `service-valuation-error` event reports them. */
export type KeyProblem = 'missing_key' | 'platform_key' | 'malformed_key';

const PLATFORM_KEY = /^svcp_(test|live)_/;

export function checkWidgetKey(key: string | null | undefined): KeyProblem | undefined {
  const trimmed = (key ?? '').trim();
  if (!trimmed) return 'missing_key';
  if (PLATFORM_KEY.test(trimmed)) return 'platform_key';
  return problemIn.WidgetKey(trimmed) ? 'malformed_key' : undefined;
}
