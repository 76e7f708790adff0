/**
 * express-rate-limit's store on the service's rate store, for the OAuth routes the MCP SDK serves
 * (registration, authorization, token, revocation): their per-address windows are counted in the
 * database, so every process of the service meets one count.
 */
import type { Options, Store } from 'express-rate-limit';
import type { RateStore } from '../core/metering/rate-store.js';

export function sharedRateLimitStore(rates: RateStore, prefix: string): Store {
  let windowMs = 60_000;
  return {
    localKeys: false,
    prefix,
    init(options: Options) {
      windowMs = options.windowMs;
    },
    async increment(key: string) {
      const start = Math.floor(Date.now() / windowMs) * windowMs;
      const totalHits = await rates.count(`${prefix}:${key}`, start);
      return { totalHits, resetTime: new Date(start + windowMs) };
    },
    // Counts are never taken back: the SDK's routes count every request (no skipped ones).
    async decrement() {},
    async resetKey() {},
  };
}
