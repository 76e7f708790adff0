/**
 * Singapore's calendar (UTC+8, no daylight saving), where the service counts its days: a price list's
 * first day, a showflat's, a mortgage approval's, the sources' schedules. Always from the clock the
 * part was given, never from the machine's own day, which is UTC's until 08:00 in Singapore.
 */
export const SINGAPORE_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The day in Singapore at `at`, as YYYY-MM-DD. */
export const singaporeDay = (at: Date) => new Date(at.getTime() + SINGAPORE_OFFSET_MS).toISOString().slice(0, 10);

/** The calendar day `days` after `day` (YYYY-MM-DD), across months and years. */
export const addDays = (day: string, days: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
