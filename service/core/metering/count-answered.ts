/**
 * The one "only answered work counts" rule behind every daily limit: one is counted before the work,
 * in one step (concurrent requests cannot pass a limit together), and given back when the work was not
 * answered or failed. Web-standard only: the widget host also runs in a page (MSW).
 */
import type { DailyMeter } from './daily-meter.js';
import type { MeterKind } from './limits.js';
import { utcDay } from './utc-day.js';

export interface Count {
  kind: MeterKind;
  /** Who it counts against: a widget key, a platform key, an MCP client. */
  subject: string;
  /** Where the subject's count begins each day (the sandbox's magic keys). */
  startsAt?: number;
}

export async function countAnswered<T>(
  meter: DailyMeter,
  now: Date,
  count: Count,
  work: () => T | Promise<T>,
  answered: (result: T) => boolean,
): Promise<{ spent: true } | { result: T; usedToday: number }> {
  const day = utcDay(now);
  const usedToday = await meter.take(count.kind, count.subject, day, count.startsAt);
  if (usedToday === undefined) return { spent: true };
  const result = await keepIfAnswered(work, answered, () => meter.giveBack(count.kind, count.subject, day));
  return { result, usedToday };
}

/** Runs work that something was taken for, and gives that back when the work throws or is not answered. */
export async function keepIfAnswered<T>(
  work: () => T | Promise<T>,
  answered: (result: T) => boolean,
  giveBack: () => Promise<void>,
): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    // The work's own error is the one to report, even when giving back fails too.
    await giveBack().catch((failed: Error) =>
      console.error(`[metering] a count was not given back: ${failed.message}`),
    );
    throw error;
  }
  if (!answered(result)) await giveBack();
  return result;
}
