/**
 * The rate store in the database, shared by every process: one statement per take, so requests spread
 * over several processes meet one count. A bucket row holds its level and when it was read; the
 * update computes the refill, the grant and the new level from the old row at once (no read, then
 * write). Buckets untouched for an hour are full again; they and past windows are pruned by the expiry sweeper.
 */
import type { Database } from '../../db/database.js';
import { type RateStore, waitFor } from './rate-store.js';

/** Where the counts are: an environment's own tables, or the person's, shared by both (migration 048). */
export interface RateTables {
  buckets: string;
  windows: string;
}
export const ENVIRONMENT_RATES: RateTables = { buckets: 'rate_buckets', windows: 'rate_windows' };
export const PERSON_RATES: RateTables = {
  buckets: 'public.person_rate_buckets',
  windows: 'public.person_rate_windows',
};

export function sharedRates(
  db: Pick<Database, 'query'>,
  tables: RateTables = ENVIRONMENT_RATES,
): RateStore & { prune(now: number): Promise<number> } {
  const { buckets, windows } = tables;
  return {
    async take(name, capacity, perSecond, at) {
      const [row] = await db.query<{ granted: boolean; tokens: number }>(
        `insert into ${buckets} as b (name, tokens, at_ms, granted) values ($1, $2::float8 - 1, $4::float8, true)
         on conflict (name) do update set
           granted = least($2::float8, b.tokens + greatest(0, $4::float8 - b.at_ms) / 1000 * $3::float8) >= 1,
           tokens = least($2::float8, b.tokens + greatest(0, $4::float8 - b.at_ms) / 1000 * $3::float8)
             - case when least($2::float8, b.tokens + greatest(0, $4::float8 - b.at_ms) / 1000 * $3::float8) >= 1 then 1 else 0 end,
           at_ms = greatest(b.at_ms, $4::float8)
         returning granted, tokens`,
        [name, capacity, perSecond, at],
      );
      return row!.granted ? 0 : waitFor(row!.tokens, perSecond);
    },
    async giveBack(name, capacity) {
      await db.query(`update ${buckets} set tokens = least($2::float8, tokens + 1) where name = $1`, [name, capacity]);
    },
    async count(name, windowStart) {
      const [row] = await db.query<{ used: number }>(
        `insert into ${windows} as w (name, window_start, used) values ($1, $2, 1)
         on conflict (name, window_start) do update set used = w.used + 1 returning used`,
        [name, windowStart],
      );
      return row!.used;
    },
    async prune(now) {
      const pruned = await db.query(`delete from ${buckets} where at_ms < $1 returning 1`, [now - 3_600_000]);
      // The longest window is an hour (client registrations).
      const past = await db.query(`delete from ${windows} where window_start < $1 returning 1`, [now - 7_200_000]);
      return pruned.length + past.length;
    },
  };
}
