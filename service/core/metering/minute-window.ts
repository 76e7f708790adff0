/** Requests per subject per minute: a fixed window in a rate store, with the RateLimit headers (IETF draft) to send. */
import { PLATFORM_REQUESTS_PER_MINUTE } from './limits.js';
import { memoryRates, type RateStore } from './rate-store.js';

export function createMinuteWindow(
  now: () => Date,
  store: RateStore = memoryRates(),
  limit = PLATFORM_REQUESTS_PER_MINUTE,
) {
  return {
    /** Counts a request; the headers to send, and whether it is over the limit. */
    async request(subject: string) {
      const t = now().getTime();
      const used = await store.count(`minute:${subject}`, Math.floor(t / 60_000) * 60_000);
      const reset = 60 - Math.floor((t % 60_000) / 1000);
      return {
        limited: used > limit,
        retryAfter: reset,
        headers: {
          'RateLimit-Limit': String(limit),
          'RateLimit-Remaining': String(Math.max(0, limit - used)),
          'RateLimit-Reset': String(reset),
        },
      };
    },
  };
}
