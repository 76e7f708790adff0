/**
 * The two environments, always isolated. Identity (people, organizations, memberships, sessions, the
 * integration review) and the official data are shared, in the `public` schema; everything an
 * environment owns (keys, webhooks, listings, inventory, leads, usage, idempotency keys, AI apps'
 * grants, the audit of those objects) has a table of the same name in that environment's schema. A
 * connection of one environment reads `<environment>, public`, so the same SQL serves both and a query
 * can only reach its own environment's rows: isolation is decided where a connection is made
 * (database.ts), not in each query.
 */
export const ENVIRONMENTS = ['sandbox', 'live'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Whether an organization reaches the environment only once its integration review is approved. */
export const AFTER_REVIEW: Record<Environment, boolean> = { sandbox: false, live: true };

/** Whether `text` (a query's, a form's) names an environment. */
export const isEnvironment = (text: unknown): text is Environment => ENVIRONMENTS.includes(text as Environment);

/** What a connection of `environment` reads, first to last. */
export const searchPathOf = (environment: Environment) => `${environment}, public`;
