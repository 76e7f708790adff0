/**
 * Token buckets by name: each holds `capacity` requests and refills at `perSecond`, so bursts up to
 * the capacity pass and a steady rate up to the refill never runs out. The counts live in a rate
 * store: this process's memory, or the database that every process shares.
 */
import { memoryRates, type RateStore } from './rate-store.js';

export function createTokenBuckets(
  capacity: number,
  perSecond: number,
  now: () => Date,
  { store = memoryRates(), prefix = '' }: { store?: RateStore; prefix?: string } = {},
) {
  return {
    /** Takes one token for `name`: 0 when it may go ahead, else the seconds until a token is back. */
    take: (name: string): Promise<number> => store.take(prefix + name, capacity, perSecond, now().getTime()),
    /** Returns a token taken for a request that was then refused elsewhere. */
    giveBack: (name: string): Promise<void> => store.giveBack(prefix + name, capacity),
  };
}
