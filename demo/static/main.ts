// Static demo: the sandbox host runs in the page through MSW, then the element is defined.
// The page's own origin plays the widget host, serving the font and logo from public/.
import { setupWorker } from 'msw/browser';
import { sandboxHandlers } from '../../service/sandbox/in-page-host.js';

await setupWorker(...(await sandboxHandlers())).start({ onUnhandledRequest: 'bypass', quiet: true });
for (const widget of document.querySelectorAll('service-valuation'))
  widget.setAttribute('data-api-base', `${location.origin}/`);
await import('../../src/element/service-valuation.js');
