/**
 * Token buckets by name: each holds `capacity` requests and refills at `perSecond`, so bursts up to
 * the capacity pass and a steady rate up to the refill never runs out. A bucket that has refilled is
 * the same as none, so those are forgotten when there are many (a flood of addresses cannot grow it).
 */
const FORGET_ABOVE = 20_000;

export function createTokenBuckets(capacity: number, perSecond: number, now: () => Date) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const level = (bucket: { tokens: number; at: number }, t: number) =>
    Math.min(capacity, bucket.tokens + ((t - bucket.at) / 1000) * perSecond);
  return {
    /** Takes one token for `name`: 0 when it may go ahead, else the seconds until a token is back. */
    take(name: string): number {
      const t = now().getTime();
      if (buckets.size > FORGET_ABOVE) for (const [n, b] of buckets) if (level(b, t) >= capacity) buckets.delete(n);
      const bucket = buckets.get(name) ?? { tokens: capacity, at: t };
      bucket.tokens = level(bucket, t);
      bucket.at = t;
      buckets.set(name, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    },
    /** Returns a token taken for a request that was then refused elsewhere. */
    giveBack(name: string) {
      const bucket = buckets.get(name);
      if (bucket) bucket.tokens = Math.min(capacity, bucket.tokens + 1);
    },
  };
}
