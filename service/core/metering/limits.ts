/** Every limit the service enforces, in one place: what the specification and the contracts promise. */

/** What a daily meter counts; each kind has one subject (a widget key, a platform key, an MCP client). */
export type MeterKind = 'widget_estimate' | 'platform_estimate' | 'mcp_estimate';

/** Answered estimates per subject per UTC day, on every surface (the specification's 2,000 per key). */
export const DAILY_LIMITS: Record<MeterKind, number> = {
  widget_estimate: 2000,
  platform_estimate: 2000,
  mcp_estimate: 2000,
};

/** Platform API requests per key per minute (a fixed window). */
export const PLATFORM_REQUESTS_PER_MINUTE = 120;

/** Suggestions per visitor address and per widget key (as the contract's RateLimited response states): a burst, then a steady rate. */
export const SUGGESTION_LIMITS = { perAddress: { burst: 30, perSecond: 4 }, perKey: { burst: 600, perSecond: 40 } };
