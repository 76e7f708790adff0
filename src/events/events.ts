/**
 * Events a host page can listen to on the container or the document. They bubble, cross shadow
 * roots, and carry only what the visitor chose: never what they typed, never who they are.
 */
import type { Estimate, Mode, Suggestion } from '../api/types.js';
import type { WidgetErrorCode } from '../api/widget-error.js';
import type { KeyProblem } from '../api/widget-key.js';

export interface SearchDetail {
  /** The chosen suggestion's id and kind. */
  id: string;
  kind: Suggestion['kind'];
}
export interface EstimateDetail {
  propertyId: string;
  mode: Mode;
  currency: 'SGD';
  value: number;
  low: number;
  high: number;
  confidence: Estimate['confidence'];
}
export interface ModeChangeDetail {
  mode: Mode;
}
export interface ErrorDetail {
  code: WidgetErrorCode | KeyProblem;
  /** Whether the site owner (rather than the visitor) has something to fix. */
  forSiteOwner: boolean;
}

export interface ServiceValuationEventMap {
  'service-valuation-search': CustomEvent<SearchDetail>;
  'service-valuation-estimate': CustomEvent<EstimateDetail>;
  'service-valuation-mode-change': CustomEvent<ModeChangeDetail>;
  'service-valuation-error': CustomEvent<ErrorDetail>;
}

export function emit<K extends keyof ServiceValuationEventMap>(
  target: EventTarget,
  type: K,
  detail: ServiceValuationEventMap[K]['detail'],
): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends ServiceValuationEventMap {}
}
