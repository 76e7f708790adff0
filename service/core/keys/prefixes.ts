/**
 * The service's key formats: the prefix says what a key is and where it works. Widget keys are
 * publishable (a site's pages carry them); platform keys are secrets. The widget contract's
 * `WidgetKey` pattern and the widget's own check agree with these (a test holds them together).
 */
import { randomBytes } from 'node:crypto';

export const KEY_PREFIXES = {
  widgetSandbox: 'svce_test_',
  widgetLive: 'svce_live_',
  platformSandbox: 'svcp_test_',
  platformLive: 'svcp_live_',
} as const;

/** A sandbox platform key as a request presents it. */
export const SANDBOX_PLATFORM_KEY = new RegExp(`^${KEY_PREFIXES.platformSandbox}[A-Za-z0-9_]{16,64}$`);

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** `length` characters from the alphabet, uniformly (rejection of the bytes that would bias it). */
function randomBody(length: number): string {
  let body = '';
  while (body.length < length) {
    for (const byte of randomBytes(length * 2)) if (byte < 252 && body.length < length) body += ALPHABET[byte % 36];
  }
  return body;
}

export const newRecordId = (prefix: string) => `${prefix}_${randomBody(16)}`;
export const newWidgetKey = () => `${KEY_PREFIXES.widgetSandbox}${randomBody(24)}`;
export const newPlatformKey = () => `${KEY_PREFIXES.platformSandbox}${randomBody(32)}`;
