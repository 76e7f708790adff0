/**
 * The one daily counter behind every "N per day" limit: take one before the work, give it back when
 * the work was not answered, by kind, subject and UTC day. The database meter takes in one statement,
 * so concurrent requests cannot pass a limit together.
 */
import type { Database } from '../../db/database.js';
import { DAILY_LIMITS, type MeterKind } from './limits.js';

export interface DailyMeter {
  /**
   * Counts one for `subject` when its count for `day` is under the kind's limit: the count after it,
   * or undefined at the limit. `startsAt` is where the count begins each day (sandbox magic keys).
   */
  take(kind: MeterKind, subject: string, day: string, startsAt?: number): Promise<number | undefined>;
  /** Gives back one that was counted but not answered. */
  giveBack(kind: MeterKind, subject: string, day: string): Promise<void>;
  /** The count so far (for the console's "today" column). */
  count(kind: MeterKind, subject: string, day: string, startsAt?: number): Promise<number>;
  /** Forgets a kind's counts for days before `day` (visitors' counts are kept no longer than needed). */
  forget(kind: MeterKind, before: string): Promise<number>;
}

export function databaseMeter(db: Pick<Database, 'query'>): DailyMeter {
  return {
    async take(kind, subject, day, startsAt = 0) {
      const limit = DAILY_LIMITS[kind];
      if (startsAt >= limit) return undefined;
      const rows = await db.query<{ count: number }>(
        `insert into daily_usage (kind, subject, day, count) values ($1, $2, $3, $4 + 1)
         on conflict (kind, subject, day) do update set count = daily_usage.count + 1 where daily_usage.count < $5
         returning count`,
        [kind, subject, day, startsAt, limit],
      );
      return rows[0]?.count;
    },
    async giveBack(kind, subject, day) {
      await db.query(
        'update daily_usage set count = greatest(count - 1, 0) where kind = $1 and subject = $2 and day = $3',
        [kind, subject, day],
      );
    },
    async count(kind, subject, day, startsAt = 0) {
      const [row] = await db.query<{ count: number }>(
        'select count from daily_usage where kind = $1 and subject = $2 and day = $3',
        [kind, subject, day],
      );
      return row?.count ?? startsAt;
    },
    async forget(kind, before) {
      const rows = await db.query('delete from daily_usage where kind = $1 and day < $2 returning 1', [kind, before]);
      return rows.length;
    },
  };
}
