/** What a widget host is made from: its keys, meter, limits and engine, each given or made for it. */
import type { WidgetKeyConfig, WidgetKeyStore } from '../../core/keys/widget-keys.js';
import type { DailyMeter } from '../../core/metering/daily-meter.js';
import type { RateStore } from '../../core/metering/rate-store.js';
import type { VisitorLimit } from '../../core/metering/visitor-limit.js';
import type { MeteredEstimate } from '../../core/valuations/metered-estimate.js';
import type { EngineOptions, EstimateEngine } from '../../core/estimates/engine.js';
import type { components } from '../../../contract/generated/widget-host.js';

/** A documented query or id that makes a sandbox answer with one state on request (its failures, its slowness). */
export interface MagicAnswer {
  error?: components['schemas']['ErrorCode'];
  delayMs?: number;
  suggestions: components['schemas']['Suggestion'][];
  /** For estimates: the real property to value. */
  propertyId?: string;
}
/** The sandbox's magic values, given by whoever serves a sandbox; live has none. */
export interface Magic {
  suggestions(query: string): MagicAnswer | undefined;
  estimate(id: string): MagicAnswer | undefined;
}

export interface HostOptions {
  /** The sandbox's magic values (sandbox/magic.ts), answered before the data; none in live. */
  magic?: Magic;
  /** The other environment's widget keys: their prefix and what to tell their holder (the sandbox's policy by default). */
  foreignKey?: { prefix: string; refusal: string };
  /** Keys in memory (MSW, unit tests), or … */
  keys?: WidgetKeyConfig[];
  /** … the store the service keeps them in (the database). */
  keyStore?: WidgetKeyStore;
  /** Today's estimates per key: the database's meter, or one in memory. */
  meter?: DailyMeter;
  /** Where the service's own pages live; attribution links point here. Ends with `/`. */
  serviceUrl: string;
  now?: () => Date;
  /** What it values: the sandbox's world (sandbox-homes.ts) or the imported files, unless given … */
  data?: Pick<EngineOptions, 'homes' | 'hdb' | 'sources'>;
  /** … the engine to share with the service's other surfaces. */
  engine?: EstimateEngine;
  /** The service's own origin, whose API Console previews any key's widget (not a website: never listed on a key). */
  previewOrigin?: string;
  /** Each visitor address's share of a key's estimates; made on the meter by default, null for none (a QA suite). */
  visitorLimit?: VisitorLimit | null;
  /** Where the suggestion and visitor limits keep their counts: memory by default, the database when processes share them. */
  rates?: RateStore;
  /** The metered estimate every surface gives (the composed service's); one on `meter` otherwise (a page under MSW). */
  estimates?: MeteredEstimate;
  /** Told when a key answers its last estimate of the day (the service records it as an event). */
  onQuotaReached?: (keyId: string, day: string, limit: number) => Promise<void>;
}
