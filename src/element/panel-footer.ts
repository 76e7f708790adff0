import { html, nothing } from 'lit/html.js';
import type { Estimate } from '../api/types.js';
import { safeLink, serviceHomeUrl } from '../internal/links.js';
import { words } from '../words/words.js';

/**
 * The attribution (with the datasets the estimate rests on, as their licences ask) and the disclaimer:
 * in every state, and not a part, so no page can hide them.
 */
export function renderFooter(estimate: Estimate | undefined, baseUrl: string) {
  const href = safeLink(estimate?.attribution.url) ?? serviceHomeUrl(baseUrl);
  return html`<footer>
    <p class="attribution">
      <a href=${href} target="_blank" rel="noopener noreferrer"
        >${estimate?.attribution.text ?? words.attribution}<span class="visually-hidden">${words.newTab}</span></a
      >
    </p>
    ${(estimate?.attribution.sources ?? []).map(
      ({ text, url }) =>
        html`<p class="disclaimer">
          <a href=${safeLink(url) ?? nothing} target="_blank" rel="noopener noreferrer"
            >${text}<span class="visually-hidden">${words.newTab}</span></a
          >
        </p>`,
    )}
    <p class="disclaimer">${estimate?.disclaimer ?? words.disclaimer}</p>
  </footer>`;
}
