/**
 * When a failed delivery is tried again: Svix's published schedule, counted from the first attempt's
 * failure (at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), or later when the receiver's
 * `Retry-After` asks for more. After the last, the delivery has failed for good.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait before each attempt after the first. */
export const RETRY_SCHEDULE_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

/** Attempts in all: the first, at once, and one per step of the schedule. */
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;

/**
 * When attempt `attempts + 1` is due after `attempts` failed ones, or undefined when none is left.
 * `retryAfterSeconds` (the receiver's header) can only move it later, never sooner.
 */
export function nextAttemptAt(attempts: number, failedAt: Date, retryAfterSeconds?: number): Date | undefined {
  if (attempts >= MAX_ATTEMPTS) return undefined;
  const scheduled = RETRY_SCHEDULE_MS[attempts - 1];
  const asked = retryAfterSeconds !== undefined && retryAfterSeconds > 0 ? retryAfterSeconds * SECOND : 0;
  return new Date(failedAt.getTime() + Math.max(scheduled, asked));
}
