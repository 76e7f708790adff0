import { defineOnce } from '../internal/define.js';
import { ServiceValuation } from './service-valuation.component.js';

export const TAG_NAME = 'service-valuation';

defineOnce(TAG_NAME, ServiceValuation);

declare global {
  interface HTMLElementTagNameMap {
    'service-valuation': ServiceValuation;
  }
}

export { ServiceValuation };
