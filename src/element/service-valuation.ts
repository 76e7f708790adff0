import { defineOnce } from '../internal/define.js';
import { ServiceValuation } from './service-valuation.component.js';
import { TAG_NAME } from './tag-name.js';

defineOnce(TAG_NAME, ServiceValuation);

declare global {
  interface HTMLElementTagNameMap {
    'service-valuation': ServiceValuation;
  }
}

export { ServiceValuation, TAG_NAME };
