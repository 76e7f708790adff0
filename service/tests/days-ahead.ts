/**
 * Dates a test writes, counted from the clock it is given (the real one by default), never spelled
 * out: a written date passes one day, and the test with it. The service reads Singapore's day, so a
 * day is Singapore's, not UTC's, whatever the hour.
 */
const SINGAPORE_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The Singapore day `days` after now's, as YYYY-MM-DD. */
export const singaporeDayAhead = (days: number, now = new Date()) =>
  new Date(now.getTime() + SINGAPORE_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);

/** The instant `time` (HH:MM, Singapore) on the Singapore day `days` after now's, as an ISO string in UTC. */
export const singaporeTimeAhead = (days: number, time: string, now = new Date()) =>
  new Date(`${singaporeDayAhead(days, now)}T${time}:00+08:00`).toISOString();
