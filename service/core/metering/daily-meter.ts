/** The MCP endpoint's daily valuation count per client: in the database, or in memory without one. */
import type { Database } from '../../db/database.js';

export const MCP_VALUATIONS_PER_DAY = 2000;

export interface DailyCounter {
  /** Counts one when the day's count is under `limit`: the count after it, or undefined at the limit. */
  take(client: string, day: string, limit: number): Promise<number | undefined>;
}

export function memoryCounter(): DailyCounter {
  const counts = new Map<string, number>();
  return {
    async take(client, day, limit) {
      const next = (counts.get(`${day} ${client}`) ?? 0) + 1;
      if (next > limit) return undefined;
      counts.set(`${day} ${client}`, next);
      return next;
    },
  };
}

export function databaseCounter(db: Database): DailyCounter {
  return {
    async take(client, day, limit) {
      const rows = await db.query<{ count: number }>(
        `insert into mcp_valuation_usage (client, day, count) values ($1, $2, 1)
         on conflict (client, day) do update set count = mcp_valuation_usage.count + 1 where mcp_valuation_usage.count < $3
         returning count`,
        [client, day, limit],
      );
      return rows[0]?.count;
    },
  };
}
