/**
 * One visitor address's share of estimates (limits.ts): a burst bucket in memory, then a daily count
 * in the meter. A refusal here spends nothing from the shared budgets that are taken after it. Web
 * Crypto only (no Node built-ins): the widget host also runs in a page (MSW).
 */
import type { DailyMeter } from './daily-meter.js';
import { VISITOR_ESTIMATE_LIMITS } from './limits.js';
import type { RateStore } from './rate-store.js';
import { keepIfAnswered } from './count-answered.js';
import { createTokenBuckets } from './token-bucket.js';
import { secondsToUtcMidnight, utcDay } from './utc-day.js';

/** A visitor whose share is spent: wait `retryAfter` seconds (a burst) or until the next UTC day. */
export interface VisitorRefusal {
  refused: { retryAfter: number; spent: 'burst' | 'day' };
}

export type VisitorLimit = ReturnType<typeof createVisitorLimit>;

export function createVisitorLimit(
  meter: DailyMeter,
  now: () => Date,
  { limits = VISITOR_ESTIMATE_LIMITS, store }: { limits?: typeof VISITOR_ESTIMATE_LIMITS; store?: RateStore } = {},
) {
  const buckets = createTokenBuckets(limits.burst, limits.perSecond, now, { store, prefix: 'visitor:' });
  return {
    limits,
    /**
     * Runs one estimate's work within `address`'s share in `scope` (a widget key, the valuation pages),
     * under the one rule: counted before the work, given back when it is not answered.
     */
    async within<T>(
      scope: string,
      address: string,
      work: () => Promise<T>,
      answered: (result: T) => boolean,
    ): Promise<VisitorRefusal | { result: T }> {
      const subject = `${scope}:${await addressDigest(address)}`;
      const wait = await buckets.take(subject);
      if (wait) return { refused: { retryAfter: wait, spent: 'burst' } };
      const day = utcDay(now());
      if ((await meter.take('visitor_estimate', subject, day)) === undefined) {
        await buckets.giveBack(subject);
        return { refused: { retryAfter: secondsToUtcMidnight(now()), spent: 'day' } };
      }
      const result = await keepIfAnswered(work, answered, async () => {
        await buckets.giveBack(subject);
        await meter.giveBack('visitor_estimate', subject, day);
      });
      return { result };
    },
  };
}

/** Addresses are counted by digest, never stored as they are. */
async function addressDigest(address: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(address));
  return btoa(String.fromCharCode(...new Uint8Array(digest).slice(0, 12)));
}
