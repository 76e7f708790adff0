/**
 * React 19's JSX typing for the element: `import 'service-valuation-widget/react'` once, and
 * `<service-valuation data-embed-key="…" data-api-base="…" />` type-checks, wrong values included.
 * Listen to its events in an effect, on a ref (`addEventListener('service-valuation-estimate', …)`);
 * their details are typed by `ServiceValuationEventMap`.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { PublicAttributeValues } from './api/attributes.js';
import type { ServiceValuation } from './element/service-valuation.js';

/** The element's own attributes (src/api/attributes.ts), the key required, beside React's. */
export type ServiceValuationAttributes = DetailedHTMLProps<HTMLAttributes<ServiceValuation>, ServiceValuation> &
  Partial<PublicAttributeValues> &
  Pick<PublicAttributeValues, 'data-embed-key'>;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'service-valuation': ServiceValuationAttributes;
    }
  }
}
