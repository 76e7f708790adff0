/** New keys and record ids: random, from the prefixes' one list. */
import { randomBytes } from 'node:crypto';
import { type KeyEnvironment, platformKeyPrefix, widgetKeyPrefix } from './prefixes.js';

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
export const newWidgetKey = (environment: KeyEnvironment = 'sandbox') =>
  `${widgetKeyPrefix(environment)}${randomBody(24)}`;
export const newPlatformKey = (environment: KeyEnvironment = 'sandbox') =>
  `${platformKeyPrefix(environment)}${randomBody(32)}`;
