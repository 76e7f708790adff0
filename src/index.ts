/** Package entry for bundler users: defines <service-valuation> and exports its types. */
export { ServiceValuation, TAG_NAME } from './element/service-valuation.js';
export type { Estimate, Mode, Suggestion, Comparable } from './api/types.js';
