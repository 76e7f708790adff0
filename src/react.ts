/**
 * React 19's JSX typing for the element: `import 'service-valuation-widget/react'` once, and
 * `<service-valuation data-embed-key="…" data-api-base="…" />` type-checks, wrong values included.
 * Listen to its events in an effect, on a ref (`addEventListener('service-valuation-estimate', …)`);
 * their details are typed by `ServiceValuationEventMap`.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { ServiceValuation } from './element/service-valuation.js';

export interface ServiceValuationAttributes extends DetailedHTMLProps<HTMLAttributes<ServiceValuation>, ServiceValuation> {
  /** The site's publishable widget key, `svce_test_…` or `svce_live_…`. */
  'data-embed-key': string;
  /** The widget host, e.g. `https://<widget host>/`: a bundled element cannot know it. */
  'data-api-base'?: string;
  'data-theme'?: 'light' | 'dark' | 'auto';
  'data-mode'?: 'sale' | 'rent';
  /** A search to fill in, e.g. a listing's postal code. */
  'data-query'?: string;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'service-valuation': ServiceValuationAttributes;
    }
  }
}
