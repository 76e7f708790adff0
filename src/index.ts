/**
 * The npm package's entry, for bundler users. In a browser, importing it defines
 * <service-valuation> (`defined` resolves when it is); during server rendering, where there is no
 * HTMLElement, it defines nothing and touches nothing, so any SSR framework can import it.
 *
 * Once bundled, the widget's own URL no longer points at the widget host: give every element its
 * host with `data-api-base="https://<widget host>/"`.
 */
export { TAG_NAME } from './element/tag-name.js';
export type { ServiceValuation } from './element/service-valuation.js';
export type { Comparable, Estimate, Language, Mode, Suggestion } from './api/types.js';
export type {
  ErrorDetail,
  EstimateDetail,
  ModeChangeDetail,
  SearchDetail,
  ServiceValuationEventMap,
} from './events/events.js';

/** Resolves once <service-valuation> is defined; at once where there is nothing to define. */
export const defined: Promise<void> =
  typeof customElements === 'undefined'
    ? Promise.resolve()
    : import('./element/service-valuation.js').then(() => undefined);
