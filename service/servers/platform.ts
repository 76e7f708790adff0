/** The Platform API's origin: `/v1` for the API, `/reference` for its reference, each its surface's routes. */
import type { Server } from 'node:http';
import { Hono } from 'hono';
import type { EstimateEngine } from '../core/estimates/engine.js';
import type { IdempotencyStore } from '../core/idempotency/idempotency-store.js';
import type { PlatformKeyStore } from '../core/keys/platform-key-store.js';
import type { DailyMeter } from '../core/metering/daily-meter.js';
import type { WebhookService } from '../core/webhooks/webhook-service.js';
import { REFERENCE_POLICY, referencePages, SEARCH_PAGE, searchPage } from '../surfaces/docs/reference-pages.js';
import { TRY_IT_PATH, TRY_IT_SCRIPT } from '../surfaces/docs/try-it.js';
import { createPlatformApi } from '../surfaces/platform/api.js';
import platformContract from '../../contract/platform.openapi.json' with { type: 'json' };
import widgetHostContract from '../../contract/widget-host.openapi.json' with { type: 'json' };
import { FAVICON_PATH, faviconResponse } from '../web/favicon.js';
import { routes } from '../web/platform-contract.js';
import { listen } from '../web/serve.js';
import type { RateStore } from '../core/metering/rate-store.js';
import type { ListingArea } from '../surfaces/platform/listing-operations.js';
import type { Readiness } from '../core/organizations/readiness.js';
import type { Inventory } from '../core/inventory/inventory.js';

const PUBLIC = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' };

export interface PlatformServerOptions {
  port: number;
  host?: string;
  /** Where integrators reach this origin when it is behind a balancer; the port on loopback otherwise. */
  publicOrigin?: string;
  /** The per-minute limit's counts: memory for one process, the database (sharedRates) for several. */
  rates?: RateStore;
  engine: EstimateEngine;
  /** The database's keys; the sandbox's platform keys in memory without one. */
  keyStore?: PlatformKeyStore;
  meter?: DailyMeter;
  idempotency?: IdempotencyStore;
  /** The webhook area; without it, webhook operations say they need the database. */
  webhooks?: WebhookService;
  /** An agency's listings and viewings (the database's stores). */
  listingArea?: ListingArea;
  /** Each organization's readiness for live access (the database's). */
  readiness?: Readiness;
  /** A developer's inventory: showflats, batches, price lists and lead routing (the database's). */
  inventory?: Inventory;
  /** The API Console's platform keys page, linked from the reference. */
  consoleUrl?: string;
}

export async function startPlatformServer(
  options: PlatformServerOptions,
): Promise<{ server: Server; baseUrl: string; referenceUrl: string }> {
  const hostname = options.host ?? '127.0.0.1';
  const origin = options.publicOrigin ?? `http://${hostname}:${options.port}`;
  const baseUrl = `${origin}/v1`;
  const referenceUrl = `${origin}/reference`;
  const reference = referencePages(baseUrl, options.consoleUrl);
  const referenceHeaders = { 'Content-Security-Policy': REFERENCE_POLICY };
  const app = new Hono()
    .get('/', (c) => c.redirect('/reference', 302))
    .get(SEARCH_PAGE, (c) => c.html(searchPage(c.req.query('q') ?? ''), 200, referenceHeaders))
    .get('/reference/:page{[a-z-]+}?', (c) => {
      const found = reference.get(c.req.path);
      return found ? c.html(found, 200, referenceHeaders) : c.notFound();
    })
    .get(FAVICON_PATH, () => faviconResponse())
    .get(
      TRY_IT_PATH,
      () =>
        new Response(TRY_IT_SCRIPT, {
          headers: {
            'Content-Type': 'text/javascript; charset=utf-8',
            'Cache-Control': 'no-cache',
            'X-Content-Type-Options': 'nosniff',
          },
        }),
    )
    // The contract itself, and the widget contract its schemas refer to (`./widget-host.openapi.json`).
    .get('/openapi.json', (c) => c.json(platformContract, 200, PUBLIC))
    .get('/widget-host.openapi.json', (c) => c.json(widgetHostContract, 200, PUBLIC))
    // The API's root, what `npm start` prints: where everything is, without a key.
    .get('/v1', (c) =>
      c.json(
        {
          object: 'api',
          name: platformContract.info.title,
          version: platformContract.info.version,
          environment: 'sandbox',
          reference: referenceUrl,
          openapi: `${origin}/openapi.json`,
          authentication: 'Authorization: Bearer svcp_test_… (a platform key from the API Console)',
          operations: routes.map((route) => `${route.method} ${baseUrl}${route.path}`),
        },
        200,
        PUBLIC,
      ),
    )
    .route(
      '/',
      createPlatformApi({
        engine: options.engine,
        keyStore: options.keyStore,
        meter: options.meter,
        idempotency: options.idempotency,
        webhooks: options.webhooks,
        rates: options.rates,
        listingArea: options.listingArea,
        readiness: options.readiness,
        inventory: options.inventory,
        referenceUrl,
      }),
    );
  const server = await listen(app.fetch, options.port, hostname);
  return { server, baseUrl, referenceUrl };
}
