/** Requests per key per minute (a fixed window, in memory), and the daily valuation limit the key store counts. */
export const REQUESTS_PER_MINUTE = 120;
export const VALUATIONS_PER_DAY = 2000;

export function createRateLimits(now: () => Date) {
  const minutes = new Map<string, number>();

  const minuteWindow = () => Math.floor(now().getTime() / 60_000);
  const secondsToNextMinute = () => 60 - Math.floor((now().getTime() % 60_000) / 1000);
  const nextUtcMidnight = () => {
    const t = now();
    return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate() + 1));
  };

  return {
    /** Counts a request; the headers to send, and whether it is over the limit. */
    request(keyId: string) {
      const id = `${minuteWindow()} ${keyId}`;
      const used = (minutes.get(id) ?? 0) + 1;
      minutes.set(id, used);
      const reset = secondsToNextMinute();
      return {
        limited: used > REQUESTS_PER_MINUTE,
        retryAfter: reset,
        headers: {
          'RateLimit-Limit': String(REQUESTS_PER_MINUTE),
          'RateLimit-Remaining': String(Math.max(0, REQUESTS_PER_MINUTE - used)),
          'RateLimit-Reset': String(reset),
        },
      };
    },
    nextUtcMidnight,
    secondsToMidnight: () => Math.ceil((nextUtcMidnight().getTime() - now().getTime()) / 1000),
  };
}
