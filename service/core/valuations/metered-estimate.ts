/**
 * The estimate of a property as every surface gives it (the widget host, the Platform API, MCP): the
 * one engine's estimate, counted against its caller's daily limit under the one rule (only answered
 * estimates count). A surface only translates the answer into its own words.
 */
import type { EstimateEngine } from '../estimates/engine.js';
import type { HomeAsked, Mode } from '../estimates/parameters.js';
import { type Count, countAnswered } from '../metering/count-answered.js';
import type { DailyMeter } from '../metering/daily-meter.js';
import { DAILY_LIMITS } from '../metering/limits.js';
import { nextUtcMidnight, secondsToUtcMidnight, utcDay } from '../metering/utc-day.js';

export interface EstimateAsk {
  propertyId: string;
  mode: Mode;
  /** The storey and floor area the asker gave, if any. */
  home?: HomeAsked;
  count: Count;
  /** Told when this is the last estimate of the subject's day (a widget key's `quota_reached` event). */
  onLast?: (day: string, limit: number) => Promise<void>;
}

type Estimated = Extract<ReturnType<EstimateEngine['estimate']>, { estimate: unknown }>;

export type EstimateAnswer =
  | (Estimated & { usedToday: number; limit: number })
  | { problem: 'quota_exceeded'; limit: number; resetAt: string; retryAfter: number }
  | Exclude<ReturnType<EstimateEngine['estimate']>, Estimated>;

export type MeteredEstimate = (ask: EstimateAsk) => Promise<EstimateAnswer>;

export function meteredEstimate({ engine, meter }: { engine: EstimateEngine; meter: DailyMeter }): MeteredEstimate {
  return async (ask) => {
    const now = engine.now();
    const limit = DAILY_LIMITS[ask.count.kind];
    const counted = await countAnswered(
      meter,
      now,
      ask.count,
      () => engine.estimate(ask.propertyId, ask.mode, ask.home),
      (outcome) => 'estimate' in outcome,
    );
    if ('spent' in counted) {
      const resetAt = nextUtcMidnight(now).toISOString();
      return { problem: 'quota_exceeded', limit, resetAt, retryAfter: secondsToUtcMidnight(now) };
    }
    const { result, usedToday } = counted;
    if ('problem' in result) return result;
    if (usedToday === limit) await ask.onLast?.(utcDay(now), limit);
    return { ...result, usedToday, limit };
  };
}
