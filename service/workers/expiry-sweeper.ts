/**
 * Deletes what has expired, once a minute: console sessions past their lifetime, and visitors'
 * daily estimate counts once their day is over (an address's digest is kept no longer than needed).
 */
import type { DailyMeter } from '../core/metering/daily-meter.js';
import { utcDay } from '../core/metering/utc-day.js';
import type { Worker } from './runner.js';

export interface Expiring {
  sessions: { sweep(): Promise<number> };
  meter: DailyMeter;
}

export const expirySweeper = ({ sessions, meter }: Expiring): Worker => ({
  name: 'expiry-sweeper',
  idleMs: 60_000,
  // Always reports idle: one pass a minute is all the work there is.
  run: async (now) => {
    await sessions.sweep();
    await meter.forget('visitor_estimate', utcDay(now));
    return 0;
  },
});
