/**
 * The service's own origin: the widget host (loader, element, `/v1` API), the API Console, the
 * public valuation pages and the console-message reference, each a route table of its surface.
 */
import type { Server } from 'node:http';
import { Hono } from 'hono';
import { MESSAGES_PATH } from '../../src/api/console-messages.js';
import type { EstimateEngine } from '../core/estimates/engine.js';
import type { WidgetKeyStore } from '../core/keys/widget-keys.js';
import type { DailyMeter } from '../core/metering/daily-meter.js';
import widgetHostContract from '../../contract/widget-host.openapi.json' with { type: 'json' };
import { indexPage, mcpPage, type ServiceLinks } from '../surfaces/docs/index-page.js';
import { messagesPage } from '../surfaces/docs/messages-page.js';
import { FAVICON_PATH, faviconResponse } from '../web/favicon.js';
import { clientAddress } from '../web/client-address.js';
import { SUGGESTION_LIMITS } from '../core/metering/limits.js';
import { memoryMeter } from '../core/metering/memory-meter.js';
import { memoryRates, type RateStore } from '../core/metering/rate-store.js';
import { createTokenBuckets } from '../core/metering/token-bucket.js';
import { createVisitorLimit } from '../core/metering/visitor-limit.js';
import { valuationPages } from '../surfaces/valuation-pages/valuation-page.js';
import { createWidgetHost, type HostOptions, type WidgetKeyConfig } from '../surfaces/widget-host/host.js';
import { ASSET_HEADERS, widgetHostRoutes } from '../surfaces/widget-host/routes.js';
import { DEFAULT_DIST } from '../web/built-loader.js';
import { PAGE_HEADERS } from '../web/layout.js';
import { listen } from '../web/serve.js';
import { fileResponse } from '../web/static-files.js';

export interface WidgetHostServerOptions {
  port: number;
  host?: string;
  /** Where visitors reach this origin when it is behind a balancer (ends with `/`); the port on loopback otherwise. */
  publicUrl?: string;
  /** The limits' counts: memory for one process, the database (sharedRates) for several. */
  rates?: RateStore;
  /** Keys in memory, or the store the service keeps them in (its database). */
  keys?: WidgetKeyConfig[];
  keyStore?: WidgetKeyStore;
  meter?: DailyMeter;
  /** Each visitor address's share of estimates, on the widget host and the valuation pages; false for none (a QA suite). */
  visitorLimits?: boolean;
  /** The estimate engine every surface shares; one is made otherwise. */
  engine?: EstimateEngine;
  /** Told when a key answers its last estimate of the day. */
  onQuotaReached?: HostOptions['onQuotaReached'];
  /** Built widget files (vite build output). */
  distDir?: string;
  /** The service's other origins, linked from this one's front page and docs. */
  links?: ServiceLinks;
  /** The API Console, served on this origin (the service's own), given the origin's base URL. */
  console?: (baseUrl: string) => { fetch(request: Request, env?: unknown): Response | Promise<Response> };
}

export async function startWidgetHostServer(
  options: WidgetHostServerOptions,
): Promise<{ server: Server; url: string; engine: EstimateEngine }> {
  const hostname = options.host ?? '127.0.0.1';
  const baseUrl = options.publicUrl ?? `http://${hostname}:${options.port}/`;
  const meter = options.meter ?? memoryMeter();
  const now = options.engine?.now ?? (() => new Date());
  const rates = options.rates ?? memoryRates();
  const visitorLimit = options.visitorLimits === false ? null : createVisitorLimit(meter, now, { store: rates });
  const widgetHost = createWidgetHost({
    keys: options.keys,
    keyStore: options.keyStore,
    meter,
    visitorLimit,
    engine: options.engine,
    serviceUrl: baseUrl,
    previewOrigin: new URL(baseUrl).origin,
    onQuotaReached: options.onQuotaReached,
    rates,
  });
  const distDir = options.distDir ?? DEFAULT_DIST;
  const consoleApp = options.console?.(baseUrl);
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
  if (consoleApp)
    app
      .all('/console/*', (c) => consoleApp.fetch(c.req.raw, c.env))
      .all('/console', (c) => consoleApp.fetch(c.req.raw, c.env));
  const links = options.links ?? {};
  const htmlPage = (html: unknown, cache = 'no-cache') =>
    new Response(String(html), { headers: { ...PAGE_HEADERS, 'Cache-Control': cache } });
  app.get('/', () => htmlPage(indexPage(baseUrl, links)));
  app.get(FAVICON_PATH, () => faviconResponse());
  app.get('/openapi.json', (c) => c.json(widgetHostContract, 200, { 'Access-Control-Allow-Origin': '*' }));
  if (links.apiReference) app.get('/docs/api', (c) => c.redirect(links.apiReference!, 302));
  if (links.mcpEndpoint) app.get('/docs/mcp', () => htmlPage(mcpPage(links.mcpEndpoint!)));
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
    console.error('[service] request failed:', error instanceof Error ? error.message : 'unknown error');
    return c.text('Sandbox error', 500);
  });

  const server = await listen(app.fetch, options.port, hostname);
  return { server, url: baseUrl, engine: widgetHost.engine };
}
