/**
 * The service's own origin: the widget host (loader, element, `/v1` API), the API Console, the
 * public valuation pages and the console-message reference, each a route table of its surface.
 */
import type { Server } from 'node:http';
import { Hono } from 'hono';
import { MESSAGES_PATH } from '../../src/api/console-messages.js';
import type { Services } from '../core/services/compose.js';
import { createConsole, type ConsoleOptions } from '../surfaces/console/console.js';
import widgetHostBundled from '../../contract/bundled/widget-host.openapi.json' with { type: 'json' };
import widgetHostContract from '../../contract/widget-host.openapi.json' with { type: 'json' };
import { indexPage, mcpPage } from '../surfaces/docs/index-page.js';
import { messagesPage } from '../surfaces/docs/messages-page.js';
import { FAVICON_PATH, faviconResponse } from '../web/favicon.js';
import { clientAddress } from '../web/client-address.js';
import { SUGGESTION_LIMITS } from '../core/metering/limits.js';
import { createTokenBuckets } from '../core/metering/token-bucket.js';
import { createVisitorLimit } from '../core/metering/visitor-limit.js';
import { valuationPages } from '../surfaces/valuation-pages/valuation-page.js';
import { createWidgetHost } from '../surfaces/widget-host/host.js';
import { SANDBOX_MAGIC } from '../sandbox/magic.js';
import { ASSET_HEADERS, widgetHostRoutes } from '../surfaces/widget-host/routes.js';
import { builtLoader, DEFAULT_DIST } from '../web/built-loader.js';
import { PAGE_HEADERS } from '../web/layout.js';
import { serveFetch } from '../web/serve.js';
import { fileResponse } from '../web/static-files.js';
import { logFailure, newRequestId } from '../web/log-failure.js';
import { servedData } from './served-data.js';

export interface WidgetHostServerOptions {
  /** Where it answers: a server already listening (serve.ts's openServer). */
  server: Server;
  services: Services;
  /** Built widget files (vite build output). */
  distDir?: string;
  /** The pinned version and its integrity hash, for the console's pinned snippet: the built loader's by default. */
  pinnedLoader?: ConsoleOptions['pinnedLoader'];
  /** Live's parts, whose console this origin also serves (to a person switched to live). */
  live?: Services;
}

export function startWidgetHostServer(options: WidgetHostServerOptions): { server: Server; url: string } {
  const { services } = options;
  const baseUrl = services.links.widgetHost;
  const { meter, rates, now } = services;
  const visitorLimit = services.settings.visitorLimits ? createVisitorLimit(meter, now, { store: rates }) : null;
  // The console is on the service's own origin (the sandbox's widget host), whichever environment it shows.
  const consoleOrigin = new URL(services.links.consolePage('')).origin;
  const widgetHost = createWidgetHost({
    foreignKey: services.environment.foreignWidgetKey,
    magic: services.environment.makesUpData ? SANDBOX_MAGIC : undefined,
    keyStore: services.widgetKeys,
    meter,
    visitorLimit,
    engine: services.engine,
    estimates: services.estimates,
    serviceUrl: baseUrl,
    previewOrigin: consoleOrigin,
    onQuotaReached: services.quotaReached,
    rates,
  });
  const distDir = options.distDir ?? DEFAULT_DIST;
  const consoleApp = createConsole(services, {
    widgetScriptUrl: `${baseUrl}v1/widget.js`,
    pinnedLoader: options.pinnedLoader ?? (() => builtLoader(distDir)),
    live: options.live && { services: options.live, widgetScriptUrl: `${options.live.links.widgetHost}v1/widget.js` },
  });
  const consoleHere = consoleOrigin === new URL(baseUrl).origin;
  const pages = valuationPages({
    engine: widgetHost.engine,
    visitorLimit,
    searches: createTokenBuckets(SUGGESTION_LIMITS.perAddress.burst, SUGGESTION_LIMITS.perAddress.perSecond, now, {
      store: rates,
      prefix: 'pages:search:',
    }),
  });

  const app = new Hono();
  app.route('/', widgetHostRoutes(widgetHost, distDir));
  const { links } = services;
  if (consoleHere)
    app
      .all('/console/*', (c) => consoleApp.fetch(c.req.raw, c.env as object))
      .all('/console', (c) => consoleApp.fetch(c.req.raw, c.env as object));
  else
    app
      .get('/console', (c) => c.redirect(links.consolePage(''), 302))
      .get('/console/*', (c) => c.redirect(links.consolePage(''), 302));
  const htmlPage = (html: unknown, cache = 'no-cache') =>
    new Response(String(html), { headers: { ...PAGE_HEADERS, 'Cache-Control': cache } });
  app.get('/', (c) =>
    consoleHere
      ? htmlPage(indexPage(baseUrl, links, servedData(services.engine.homes)))
      : c.redirect(links.consolePage(''), 302),
  );
  app.get(FAVICON_PATH, () => faviconResponse());
  app.get('/openapi.json', (c) => c.json(widgetHostContract, 200, { 'Access-Control-Allow-Origin': '*' }));
  // Already one file: served under the bundled name too, as the Platform API's is.
  app.get('/openapi.bundled.json', (c) => c.json(widgetHostBundled, 200, { 'Access-Control-Allow-Origin': '*' }));
  app.get('/docs/api', (c) => c.redirect(links.apiReference, 302));
  app.get('/docs/mcp', () => htmlPage(mcpPage(links.mcpEndpoint)));
  app.get(`/${MESSAGES_PATH}`, () => htmlPage(messagesPage(), 'public, max-age=300'));
  app.get('/valuation/*', async (c, next) => {
    const page = await pages(new URL(c.req.url), clientAddress(c));
    if (!page) return next();
    return new Response(String(page.html), {
      status: page.status,
      headers: { ...PAGE_HEADERS, 'Cache-Control': 'no-store', ...page.headers },
    });
  });
  app.get(
    '*',
    async (c) =>
      (await fileResponse(distDir, c.req.path, {
        headers: ASSET_HEADERS,
        acceptEncoding: c.req.header('accept-encoding'),
      })) ?? c.notFound(),
  );
  app.notFound((c) =>
    c.text(c.req.path === '/widget.js' ? 'widget.js is not built yet: run npm run build.' : 'Not found', 404, {
      ...ASSET_HEADERS,
      'Content-Type': 'text/plain; charset=utf-8',
    }),
  );
  app.onError((error, c) => {
    const requestId = newRequestId();
    logFailure('widget-host', requestId, error);
    return c.text(`Something went wrong on our side. Quote request id ${requestId} when asking for help.`, 500, {
      'Request-Id': requestId,
      'Cache-Control': 'no-store',
    });
  });

  return { server: serveFetch(options.server, app.fetch), url: baseUrl };
}
