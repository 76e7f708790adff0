/** The daily meter in memory: for the widget host inside a page (MSW) and tests that need no database. */
import type { DailyMeter } from './daily-meter.js';
import { DAILY_LIMITS } from './limits.js';

export function memoryMeter(): DailyMeter {
  const counts = new Map<string, number>();
  const id = (kind: string, subject: string, day: string) => `${kind} ${subject} ${day}`;
  return {
    async take(kind, subject, day, startsAt = 0) {
      const next = (counts.get(id(kind, subject, day)) ?? startsAt) + 1;
      if (next > DAILY_LIMITS[kind]) return undefined;
      counts.set(id(kind, subject, day), next);
      return next;
    },
    async giveBack(kind, subject, day) {
      // Only after a take, so the count is there.
      counts.set(id(kind, subject, day), Math.max(0, (counts.get(id(kind, subject, day)) ?? 0) - 1));
    },
    count: async (kind, subject, day, startsAt = 0) => counts.get(id(kind, subject, day)) ?? startsAt,
    async forget(kind, before) {
      let forgotten = 0;
      for (const key of counts.keys()) {
        const [k, , day] = key.split(' ');
        if (k === kind && day < before && counts.delete(key)) forgotten++;
      }
      return forgotten;
    },
  };
}
