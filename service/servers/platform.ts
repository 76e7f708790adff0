/** The Platform API's origin: `/v1` for the API, `/reference` for its reference, each its surface's routes. */
import type { Server } from 'node:http';
import { Hono } from 'hono';
import type { Services } from '../core/services/compose.js';
import { BUNDLED_PATH, POSTMAN_COLLECTION_PATH, POSTMAN_ENVIRONMENT_PATH } from '../surfaces/docs/reference-paths.js';
import { REFERENCE_POLICY, referencePages, SEARCH_PAGE, searchPage } from '../surfaces/docs/reference-pages.js';
import { TRY_IT_PATH, TRY_IT_SCRIPT } from '../surfaces/docs/try-it.js';
import { createPlatformApi } from '../surfaces/platform/api.js';
import platformContract from '../../contract/platform.openapi.json' with { type: 'json' };
import widgetHostContract from '../../contract/widget-host.openapi.json' with { type: 'json' };
import bundledContract from '../../contract/bundled/platform.openapi.json' with { type: 'json' };
import postmanCollection from '../../contract/postman/platform.postman_collection.json' with { type: 'json' };
import sandboxEnvironment from '../../contract/postman/sandbox.postman_environment.json' with { type: 'json' };
import liveEnvironment from '../../contract/postman/live.postman_environment.json' with { type: 'json' };
import { FAVICON_PATH, faviconResponse } from '../web/favicon.js';
import { routes } from '../web/platform-contract.js';
import { serveFetch } from '../web/serve.js';

const PUBLIC = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' };

export interface PlatformServerOptions {
  /** Where it answers: a server already listening (serve.ts's openServer). */
  server: Server;
  services: Services;
}

export function startPlatformServer(options: PlatformServerOptions): {
  server: Server;
  baseUrl: string;
  referenceUrl: string;
} {
  const { services } = options;
  // Where integrators reach this origin: behind a balancer, or this port on loopback.
  const origin = services.settings.urls.platform;
  const { apiBase: baseUrl, apiReference: referenceUrl } = services.links;
  const reference = referencePages(baseUrl, services.links.consolePage('platform-keys'));
  const referenceHeaders = { 'Content-Security-Policy': REFERENCE_POLICY };
  // Postman's environment for this deployment: its own base URL, the key left for the reader to set.
  const environment = { live: liveEnvironment, sandbox: sandboxEnvironment }[services.environment.name];
  const postmanEnvironment = {
    ...environment,
    values: environment.values.map((v) => (v.key === 'baseUrl' ? { ...v, value: baseUrl } : v)),
  };
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
    // The same contract in one file (no cross-file references), for converters and code generators.
    .get(BUNDLED_PATH, (c) => c.json(bundledContract, 200, PUBLIC))
    .get(POSTMAN_COLLECTION_PATH, (c) => c.json(postmanCollection, 200, PUBLIC))
    .get(POSTMAN_ENVIRONMENT_PATH, (c) => c.json(postmanEnvironment, 200, PUBLIC))
    // The API's root, what `npm start` prints: where everything is, without a key.
    .get('/v1', (c) =>
      c.json(
        {
          object: 'api',
          name: platformContract.info.title,
          version: platformContract.info.version,
          environment: services.settings.environment,
          reference: referenceUrl,
          openapi: `${origin}/openapi.json`,
          openapiBundled: `${origin}${BUNDLED_PATH}`,
          postman: {
            collection: `${origin}${POSTMAN_COLLECTION_PATH}`,
            environment: `${origin}${POSTMAN_ENVIRONMENT_PATH}`,
          },
          authentication: `Authorization: Bearer ${services.environment.keys.platform}… (a platform key from the API Console)`,
          operations: routes.map((route) => `${route.method} ${baseUrl}${route.path}`),
        },
        200,
        PUBLIC,
      ),
    )
    .route('/', createPlatformApi(services, referenceUrl));
  return { server: serveFetch(options.server, app.fetch), baseUrl, referenceUrl };
}
