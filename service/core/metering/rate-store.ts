/**
 * Where the short-lived limits keep their counts: token buckets (bursts, then a steady rate) and
 * fixed windows (requests per minute). In memory for one process (MSW, unit tests), or in the
 * database (shared-rates.ts) so that every process of the service sees one count. Web platform only:
 * the widget host also runs in a page.
 */
export interface RateStore {
  /** Takes one token from bucket `name`: 0 when it may go ahead, else the seconds until a token is back. */
  take(name: string, capacity: number, perSecond: number, at: number): Promise<number>;
  /** Returns a token taken for a request that was then refused elsewhere. */
  giveBack(name: string, capacity: number): Promise<void>;
  /** Counts one in `name`'s fixed window that began at `windowStart` (epoch ms): the count so far, this one included. */
  count(name: string, windowStart: number): Promise<number>;
}

/** A bucket that has refilled is the same as none, so those are forgotten when there are many. */
const FORGET_ABOVE = 20_000;

export function memoryRates(): RateStore {
  const buckets = new Map<string, { tokens: number; at: number; capacity: number; perSecond: number }>();
  const windows = new Map<string, number>();
  const level = (b: { tokens: number; at: number; capacity: number; perSecond: number }, t: number) =>
    Math.min(b.capacity, b.tokens + (Math.max(0, t - b.at) / 1000) * b.perSecond);
  return {
    async take(name, capacity, perSecond, t) {
      if (buckets.size > FORGET_ABOVE) for (const [n, b] of buckets) if (level(b, t) >= b.capacity) buckets.delete(n);
      const bucket = buckets.get(name) ?? { tokens: capacity, at: t, capacity, perSecond };
      bucket.tokens = level(bucket, t);
      bucket.at = Math.max(bucket.at, t);
      buckets.set(name, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return waitFor(bucket.tokens, perSecond);
    },
    async giveBack(name, capacity) {
      const bucket = buckets.get(name);
      if (bucket) bucket.tokens = Math.min(capacity, bucket.tokens + 1);
    },
    async count(name, windowStart) {
      const id = `${windowStart} ${name}`;
      const used = (windows.get(id) ?? 0) + 1;
      windows.set(id, used);
      // Earlier windows are never read again.
      if (windows.size > 10_000)
        for (const key of windows.keys()) if (!key.startsWith(`${windowStart} `)) windows.delete(key);
      return used;
    },
  };
}

/** Seconds until a bucket holding `tokens` has one whole token again. */
export const waitFor = (tokens: number, perSecond: number) => Math.max(1, Math.ceil((1 - tokens) / perSecond));
