/**
 * When a failed delivery is tried again: Svix's published schedule, counted from the first attempt's
 * failure (at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). A receiver's `Retry-After` may ask
 * for later, up to the schedule's following step: a receiver can slow its retries down, never park them
 * for years. After the last, the delivery has failed for good.
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
 * `retryAfterMs` (the receiver's header) can only move it later, and at most to the following step's wait.
 */
export function nextAttemptAt(attempts: number, failedAt: Date, retryAfterMs?: number): Date | undefined {
  if (attempts >= MAX_ATTEMPTS) return undefined;
  const scheduled = RETRY_SCHEDULE_MS[attempts - 1];
  const cap = RETRY_SCHEDULE_MS[attempts] ?? scheduled;
  const asked = retryAfterMs !== undefined && retryAfterMs > 0 ? Math.min(retryAfterMs, cap) : 0;
  return new Date(failedAt.getTime() + Math.max(scheduled, asked));
}

/** `Retry-After` as milliseconds from `at`: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined otherwise. */
export function retryAfterMs(header: string | undefined, at: Date): number | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * SECOND;
  // An HTTP date names its day and month ("Wed, 21 Oct 2026 07:28:00 GMT"); Date.parse alone takes "-5" for a year.
  const date = /^[A-Za-z]{3}, /.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(date) ? undefined : date - at.getTime();
}
