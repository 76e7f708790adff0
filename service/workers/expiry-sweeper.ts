/**
 * Deletes what has expired, once a minute: console sessions past their lifetime, and visitors'
 * daily estimate counts once their day is over (an address's digest is kept no longer than needed),
 * and the shared limits' counts and MCP sessions once they have expired.
 */
import type { DailyMeter } from '../core/metering/daily-meter.js';
import { utcDay } from '../core/metering/utc-day.js';
import type { Worker } from './runner.js';

export interface Expiring {
  /** Console sessions (shared by the environments: swept by the sandbox's sweeper only). */
  sessions?: { sweep(): Promise<number> };
  meter: DailyMeter;
  /** What several processes share and forget once expired: the limits' counts, MCP sessions. */
  shared?: ({ prune(now: number): Promise<number> } | { sweep(): Promise<number> })[];
}

export const expirySweeper = ({ sessions, meter, shared = [] }: Expiring): Worker => ({
  name: 'expiry-sweeper',
  idleMs: 60_000,
  // Always reports idle: one pass a minute is all the work there is.
  run: async (now) => {
    await sessions?.sweep();
    await meter.forget('visitor_estimate', utcDay(now));
    for (const store of shared) await ('prune' in store ? store.prune(now.getTime()) : store.sweep());
    return 0;
  },
});
