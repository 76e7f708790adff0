/**
 * Where the widget host finds a widget key, its exact origins, and today's estimate count. The
 * database store serves `npm start` and the tests of the service; the memory store serves the
 * widget host inside a page (MSW), which has no database.
 */
import type { Database } from '../../db/database.js';

export interface WidgetKeyConfig {
  key: string;
  label?: string;
  origins: string[];
  /** Estimates already counted at the start of each day (to test the quota). */
  usedToday?: number;
}

export interface WidgetKeyRecord {
  id: string;
  key: string;
  origins: string[];
  startsDayAt: number;
}

export interface WidgetKeyStore {
  /** The key if it exists and is not revoked. */
  find(key: string): Promise<WidgetKeyRecord | undefined>;
  /** Counts one estimate when the day's count is under `limit`: the count after it, or undefined at the limit. */
  take(record: WidgetKeyRecord, day: string, limit: number): Promise<number | undefined>;
  /** Gives back an estimate that was counted but not answered. */
  release(record: WidgetKeyRecord, day: string): Promise<void>;
}

export function memoryWidgetKeys(configs: WidgetKeyConfig[]): WidgetKeyStore {
  const records = new Map(configs.map((c, i) => [c.key, { id: `wk_memory${i}`, key: c.key, origins: c.origins, startsDayAt: c.usedToday ?? 0 }]));
  const counts = new Map<string, number>();
  return {
    find: async (key) => records.get(key),
    async take(record, day, limit) {
      const id = `${day} ${record.id}`;
      const next = (counts.get(id) ?? record.startsDayAt) + 1;
      if (next > limit) return undefined;
      counts.set(id, next);
      return next;
    },
    async release(record, day) {
      const id = `${day} ${record.id}`;
      counts.set(id, Math.max(0, (counts.get(id) ?? record.startsDayAt) - 1));
    },
  };
}

export function databaseWidgetKeys(db: Database): WidgetKeyStore {
  return {
    async find(key) {
      const rows = await db.query<{ id: string; key: string; starts_day_at: number; origins: string[] | null }>(
        `select k.id, k.key, k.starts_day_at, array_remove(array_agg(o.origin), null) as origins
           from widget_keys k left join widget_key_origins o on o.widget_key_id = k.id
          where k.key = $1 and k.revoked_at is null
          group by k.id`,
        [key],
      );
      const row = rows[0];
      return row && { id: row.id, key: row.key, origins: row.origins ?? [], startsDayAt: row.starts_day_at };
    },
    async take(record, day, limit) {
      if (record.startsDayAt >= limit) return undefined;
      // One statement, so concurrent requests cannot both take the last estimate.
      const rows = await db.query<{ count: number }>(
        `insert into estimate_usage (widget_key_id, day, count) values ($1, $2, $3 + 1)
         on conflict (widget_key_id, day) do update set count = estimate_usage.count + 1 where estimate_usage.count < $4
         returning count`,
        [record.id, day, record.startsDayAt, limit],
      );
      return rows[0]?.count;
    },
    async release(record, day) {
      await db.query('update estimate_usage set count = greatest(count - 1, 0) where widget_key_id = $1 and day = $2', [record.id, day]);
    },
  };
}
