/**
 * Secrets the service hands out (session ids, OAuth codes and tokens, platform keys) are stored and
 * looked up only by their SHA-256; a new one is 32 random bytes.
 */
import { createHash, randomBytes } from 'node:crypto';

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** 32 random bytes as base64url, after `prefix_` when one is given. */
export const newSecret = (prefix?: string) => `${prefix ? `${prefix}_` : ''}${randomBytes(32).toString('base64url')}`;
