/**
 * Where the widget host finds a widget key and its exact origins (its daily count is the meter's).
 * The database store serves `npm start` and the tests of the service; the memory store serves the
 * widget host inside a page (MSW), which has no database.
 */
import type { Database } from '../../db/database.js';

export interface WidgetKeyConfig {
  key: string;
  label?: string;
  origins: string[];
  /** Estimates already counted at the start of each day (to test the quota): the meter's `startsAt`. */
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
}

export function memoryWidgetKeys(configs: WidgetKeyConfig[]): WidgetKeyStore {
  const records = new Map(
    configs.map((c, i) => [
      c.key,
      { id: `wk_memory${i}`, key: c.key, origins: c.origins, startsDayAt: c.usedToday ?? 0 },
    ]),
  );
  return { find: async (key) => records.get(key) };
}

export function databaseWidgetKeys(db: Database): WidgetKeyStore {
  return {
    async find(key) {
      const rows = await db.query<{ id: string; key: string; starts_day_at: number; origins: string[] | null }>(
        `select k.id, k.key, k.starts_day_at, array_remove(array_agg(o.origin), null) as origins
           from widget_keys k left join widget_key_origins o on o.widget_key_id = k.id
          where k.revoked_at is null
            and (k.key = $1 or k.id = (select p.widget_key_id from widget_key_previous_values p where p.key = $1 and p.expires_at > now()))
          group by k.id`,
        [key],
      );
      const row = rows[0];
      return row && { id: row.id, key: row.key, origins: row.origins ?? [], startsDayAt: row.starts_day_at };
    },
  };
}
