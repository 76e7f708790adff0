/** Requests per subject per minute: a fixed window, with the RateLimit headers (IETF draft) to send. */
import { PLATFORM_REQUESTS_PER_MINUTE } from './limits.js';

export function createMinuteWindow(now: () => Date, limit = PLATFORM_REQUESTS_PER_MINUTE) {
  const minutes = new Map<string, number>();
  return {
    /** Counts a request; the headers to send, and whether it is over the limit. */
    request(subject: string) {
      const t = now().getTime();
      const window = Math.floor(t / 60_000);
      const id = `${window} ${subject}`;
      const used = (minutes.get(id) ?? 0) + 1;
      minutes.set(id, used);
      // Earlier windows are never read again.
      if (minutes.size > 10_000)
        for (const key of minutes.keys()) if (!key.startsWith(`${window} `)) minutes.delete(key);
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
