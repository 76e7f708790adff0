/**
 * The console's areas in one environment, on that environment's parts: widget keys, platform keys,
 * webhooks, inventory, leads, distribution, the directory, going live, AI apps, the audit log, and the
 * staff's pages.
 */
import { Hono } from 'hono';
import type { Services } from '../../../core/services/compose.js';
import type { BuiltLoader } from '../../../web/built-loader.js';
import type { ConsoleEnv, ShownEnvironment } from '../context.js';
import { agentRoutes } from './agent-routes.js';
import { aiAppRoutes } from './ai-app-routes.js';
import { auditRoutes } from './audit-routes.js';
import { dataRoutes } from './data-routes.js';
import { distributionRoutes } from './distribution-routes.js';
import { goLiveRoutes } from './go-live-routes.js';
import { inventoryRoutes } from './inventory-routes.js';
import { leadRoutes } from './lead-routes.js';
import { platformKeyRoutes } from './platform-key-routes.js';
import { projectRoutes } from './project-routes.js';
import { reviewRoutes } from './review-routes.js';
import { siteProfileRoutes } from './site-profile-routes.js';
import { webhookRoutes } from './webhook-routes.js';
import { widgetKeyRoutes } from './widget-key-routes.js';

export interface AreaOptions {
  /** The pinned version and its integrity hash, for the pinned form of the snippet (once built). */
  pinnedLoader?: () => Promise<BuiltLoader | undefined>;
  /** Live's parts where this deployment serves live: its hosts for Go live, its data for the staff. */
  live?: Services;
}

export function areaRoutes({ services, widgetScriptUrl }: ShownEnvironment, options: AreaOptions) {
  const app = new Hono<ConsoleEnv>({ strict: false });
  app.route('/', reviewRoutes({ readiness: services.readiness, memberships: services.memberships }));
  // The staff watch live's data where live runs, the sandbox's where it runs alone.
  app.route('/', dataRoutes([options.live ?? services]));
  app.route('/', auditRoutes(services.members));
  app.route(
    '/',
    widgetKeyRoutes({ keys: services.widgetKeyAdmin, widgetScriptUrl, pinnedLoader: options.pinnedLoader }),
  );
  app.route('/', platformKeyRoutes(services.platformKeyAdmin));
  app.route('/', webhookRoutes(services.webhooks, services.environment));
  app.route('/', inventoryRoutes(services.inventory, services.directory.projects));
  app.route('/', leadRoutes(services.inventory.leads, services.directory.projects));
  app.route('/', distributionRoutes(services.listings));
  app.route('/', agentRoutes(services.directory, services.memberships));
  app.route('/', projectRoutes(services.directory.projects));
  app.route('/', siteProfileRoutes(services.directory.partnerSites));
  const liveLinks = options.live?.links;
  app.route(
    '/',
    goLiveRoutes(
      services.readiness,
      services.links.apiReference,
      liveLinks && {
        apiBase: liveLinks.apiBase,
        mcpEndpoint: liveLinks.mcpEndpoint,
        widgetScriptUrl: `${liveLinks.widgetHost}v1/widget.js`,
      },
    ),
  );
  app.route('/', aiAppRoutes(services));
  return app;
}
