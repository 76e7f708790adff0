/** Every limit the service enforces, in one place: what the specification and the contracts promise. */

/** What a daily meter counts; each kind has one subject (a widget key, a platform key, an MCP client). */
export type MeterKind = 'widget_estimate' | 'platform_estimate' | 'mcp_estimate' | 'mcp_discovery' | 'visitor_estimate';

/**
 * Estimates one visitor address may have in a day: on a widget key (a tenth of the key's day, so a
 * script from one address cannot spend the site's quota), and on the public valuation pages. A burst,
 * then a steady rate: a person comparing homes for an afternoon (100 in a few hours) is never refused.
 */
export const VISITOR_ESTIMATE_LIMITS = { burst: 40, perSecond: 1 / 20, perDay: 200 };

/** Answered estimates per subject per UTC day, on every surface (the specification's 2,000 per key). */
export const DAILY_LIMITS: Record<MeterKind, number> = {
  widget_estimate: 2000,
  platform_estimate: 2000,
  mcp_estimate: 2000,
  /** MCP's public market and finance answers per client: no bulk collection through discovery either. */
  mcp_discovery: 2000,
  visitor_estimate: VISITOR_ESTIMATE_LIMITS.perDay,
};

/** Platform API requests per key per minute (a fixed window). */
export const PLATFORM_REQUESTS_PER_MINUTE = 120;

/** Suggestions per visitor address and per widget key (as the contract's RateLimited response states): a burst, then a steady rate. */
export const SUGGESTION_LIMITS = { perAddress: { burst: 30, perSecond: 4 }, perKey: { burst: 600, perSecond: 40 } };

/**
 * MCP sessions held in memory: per client address and in all, each closed after it sits idle. A full
 * table refuses a new session (429 for one address, 503 for all) rather than grow without bound.
 */
export const MCP_SESSION_LIMITS = { perAddress: 20, total: 1000, idleMs: 10 * 60_000, evictableAfterMs: 60_000 };
