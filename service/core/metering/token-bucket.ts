/**
 * Token buckets by name: each holds `capacity` requests and refills at `perSecond`, so bursts up to
 * the capacity pass and a steady rate up to the refill never runs out.
 */
export function createTokenBuckets(capacity: number, perSecond: number, now: () => Date) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    /** Takes one token for `name`: 0 when it may go ahead, else the seconds until a token is back. */
    take(name: string): number {
      const t = now().getTime();
      const bucket = buckets.get(name) ?? { tokens: capacity, at: t };
      bucket.tokens = Math.min(capacity, bucket.tokens + ((t - bucket.at) / 1000) * perSecond);
      bucket.at = t;
      buckets.set(name, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    },
  };
}
