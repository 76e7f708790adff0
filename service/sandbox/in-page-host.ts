/**
 * The MSW transport of the sandbox widget host, for component tests and a static demo: the same
 * `handle` as the Node server, reached through MSW instead of a socket. Scenarios are named sets
 * of handlers; most states come from the documented magic values, the rest from faults only a
 * transport can make (a dropped connection, an HTML error page, a broken body).
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { widgetHostApi } from '../surfaces/widget-host/api.js';
import { createWidgetHost, type WidgetKeyConfig } from '../surfaces/widget-host/host.js';
import { SANDBOX_MAGIC } from './magic.js';
import { sandboxWorld } from './sandbox-homes.js';
import keys from './widget-keys.json' with { type: 'json' };

export const DEMO_KEY = keys.keys[0].key;
export const QUOTA_SPENT_KEY = keys.keys[1].key;
export const OTHER_SITE_KEY = keys.keys[2].key;

const SUGGESTIONS = '*/v1/suggestions';
const ESTIMATES = '*/v1/estimates';

/** Under MSW the page itself is the website, so the demo keys also list the page's origin. */
function keysForThisPage(): WidgetKeyConfig[] {
  return keys.keys.map((k) =>
    k.origins.includes('http://localhost:5173') ? { ...k, origins: [...k.origins, location.origin] } : k,
  );
}

/**
 * The sandbox host's behaviour, exactly as the Node server runs it: its `/v1` routes, called in the page,
 * on the sandbox's world read by the importer's readers in the page.
 */
export async function sandboxHandlers(): Promise<HttpHandler[]> {
  const { homes, hdb, sources } = await sandboxWorld();
  const host = createWidgetHost({
    keys: keysForThisPage(),
    serviceUrl: `${location.origin}/`,
    data: { homes, hdb, sources },
    magic: SANDBOX_MAGIC,
  });
  const api = widgetHostApi(host, { defaultOrigin: location.origin });
  // The API's base may sit under a path (a test's `data-api-base` is `…/public/`): the routes start at `/v1/`.
  const resolve = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    url.pathname = url.pathname.slice(url.pathname.indexOf('/v1/'));
    return api.fetch(new Request(url, request));
  };
  return [http.get(SUGGESTIONS, resolve), http.get(ESTIMATES, resolve)];
}

/** Faults no real host would choose to send; each is one handler that overrides the sandbox. */
export const faults = {
  offline: [http.get(SUGGESTIONS, () => HttpResponse.error()), http.get(ESTIMATES, () => HttpResponse.error())],
  htmlErrorPage: [
    http.get(
      ESTIMATES,
      () =>
        new HttpResponse('<html><body>502 Bad Gateway</body></html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        }),
    ),
  ],
  truncatedJson: [
    http.get(
      ESTIMATES,
      () => new HttpResponse('{"mode":"sale","value":12', { headers: { 'Content-Type': 'application/json' } }),
    ),
  ],
  offContract: [http.get(ESTIMATES, () => HttpResponse.json({ mode: 'sale', value: 'a lot' }))],
} satisfies Record<string, HttpHandler[]>;
