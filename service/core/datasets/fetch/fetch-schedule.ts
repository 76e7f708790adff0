/**
 * When the service fetches an official source by itself. HDB updates its data.gov.sg datasets monthly
 * (../shared/guides/OFFICIAL-DATA-APIS.md), and the latest months fill in afterwards: the service reads
 * them on the 10th of each month at 03:00 in Singapore, a few days after the usual update, and each
 * run re-reads what changed. URA's data are fetched weekly (its clients assume updates twice a week).
 * A failed run is tried again a day later. How old the data may grow before
 * they are stale: 45 days past the next expected run.
 */
import { SINGAPORE_OFFSET_MS } from '../../calendar/singapore-day.js';
const DAY_MS = 86_400_000;
export const FETCH_DAY_OF_MONTH = 10;
export const RETRY_AFTER_FAILURE_MS = DAY_MS;
export const STALE_AFTER_DAYS = 45;

export interface LastRun {
  startedAt: Date;
  status: 'running' | 'imported' | 'unchanged' | 'failed';
}

/** The first scheduled moment (the 10th, 03:00 Singapore) after `after`. */
export function scheduledAfter(after: Date): Date {
  const local = new Date(after.getTime() + SINGAPORE_OFFSET_MS);
  let year = local.getUTCFullYear();
  let month = local.getUTCMonth();
  const at = (y: number, m: number) => new Date(Date.UTC(y, m, FETCH_DAY_OF_MONTH, 3) - SINGAPORE_OFFSET_MS);
  if (at(year, month) <= after) [year, month] = month === 11 ? [year + 1, 0] : [year, month + 1];
  return at(year, month);
}

/** When the next run is due: now if there was none, a day after a failure, else the next scheduled day. */
export function nextFetchAt(last: LastRun | undefined, now: Date): Date {
  if (!last) return now;
  if (last.status === 'failed') return new Date(last.startedAt.getTime() + RETRY_AFTER_FAILURE_MS);
  return scheduledAfter(last.startedAt);
}

/** URA's weekly fetch: a week after the last round, a day after a failure, now if there was none. */
export function nextWeeklyFetchAt(last: LastRun | undefined, now: Date): Date {
  if (!last) return now;
  return new Date(last.startedAt.getTime() + (last.status === 'failed' ? RETRY_AFTER_FAILURE_MS : 7 * DAY_MS));
}

/** Since when data last fetched (or imported) at `lastSuccessAt` count as stale; undefined while fresh. */
export function staleSince(lastSuccessAt: Date | undefined, now: Date): Date | undefined {
  if (!lastSuccessAt) return undefined;
  const since = new Date(scheduledAfter(lastSuccessAt).getTime() + STALE_AFTER_DAYS * DAY_MS);
  return since <= now ? since : undefined;
}
