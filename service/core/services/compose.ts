/**
 * The service's parts, built once from the database and the settings: every process (`npm start`, a
 * cluster's), benchmark and test composes the service here, and the servers and surfaces receive the
 * whole object. A part is made once, so two surfaces never hold two copies of one store.
 */
import type { Database } from '../../db/database.js';
import { createInvitations } from '../accounts/invitations.js';
import { createDatasetImports } from '../datasets/official/dataset-imports.js';
import { replaceableEngine } from '../estimates/replaceable-engine.js';
import { createIdempotencyStore } from '../idempotency/idempotency-store.js';
import { databaseMeter } from '../metering/daily-meter.js';
import { sharedRates } from '../metering/shared-rates.js';
import { createOAuthStore } from '../grants/oauth-store.js';
import { databaseSessions } from '../grants/mcp-session-store.js';
import { createInventory } from '../inventory/inventory.js';
import { createDirectory } from '../directory/directory.js';
import { createListingArea } from '../listings/listing-area.js';
import { createJourneyStore } from '../mortgages/journey-store.js';
import { createServiceOrderStore } from '../service-orders/service-order-store.js';
import { createMembers } from '../organizations/members.js';
import { createMemberships } from '../organizations/memberships.js';
import { createPendingActions } from '../organizations/pending-actions.js';
import { createReadiness } from '../organizations/readiness.js';
import { reviewMail } from '../accounts/review-mail.js';
import { createSecretBox } from '../webhooks/secret-box.js';
import { createWebhookService } from '../webhooks/webhook-service.js';
import { createPlatformKeyAdmin } from '../keys/platform-key-admin.js';
import { databasePlatformKeys } from '../keys/platform-key-store.js';
import { recordQuotaReached } from '../keys/quota-reached.js';
import { createWidgetKeyAdmin } from '../keys/widget-key-admin.js';
import { databaseWidgetKeys } from '../keys/widget-keys.js';
import { meteredEstimate } from '../valuations/metered-estimate.js';
import { aiWrites } from '../writes/write-kinds.js';
import { linksOf, type ServiceSettings } from './settings.js';
import { environmentPolicy } from './environment-policy.js';
import { composeIdentity, type Identity } from './identity.js';
import { currentData } from './current-data.js';
import { createOfficialFetch } from '../datasets/fetch/official-fetch.js';
import { createFreshness } from '../datasets/freshness.js';

/**
 * The parts of one environment: `database` is read as `settings.environment` sees it (the sandbox by
 * default). `shared.identity`: the identity another environment's services composed (identity.ts), so
 * both hold one; composed here when not given.
 */
export function composeServices(database: Database, given: ServiceSettings, shared: { identity?: Identity } = {}) {
  const settings = { ...given, environment: given.environment ?? 'sandbox' };
  const db = database.in(settings.environment);
  const now = settings.now ?? (() => new Date());
  const { homes, hdb, sources, fixtures } = settings.data;
  const engine = replaceableEngine({ serviceUrl: settings.urls.widgetHost, now, homes, hdb, sources });
  const environment = environmentPolicy(settings.environment, settings);
  const widgetKeyAdmin = createWidgetKeyAdmin(db, now, environment.widgetOrigins);
  const meter = databaseMeter(db);
  const secretBox = createSecretBox(settings.secretsKey);
  const webhooks = createWebhookService(db, secretBox, {
    // Live calls no loopback or private receiver, whatever the deployment allows its sandbox.
    policy: environment.callableHosts,
    clock: now,
    schemes: environment.webhookSchemes,
  });
  const directory = createDirectory(db, environment.partnerSites, now);
  // The homes of the engine's current data: they are replaced when new data are imported.
  const homesNow = { get: (id: string) => engine.homes.byId.get(id), has: (id: string) => engine.homes.byId.has(id) };
  const listings = createListingArea(db, homesNow, fixtures.restore, directory);
  const inventory = createInventory(db, now);
  const links = linksOf(settings.urls, settings.environment);
  const rates = sharedRates(db);
  const identity = shared.identity ?? composeIdentity(db, settings, { now, secretBox, consolePage: links.consolePage });
  const { mailOutbox, personRates, vetPassword } = identity;
  const data = currentData(settings.data, engine);
  const officialFetch = settings.fetch && createOfficialFetch(db, settings.fetch, { now, onImported: data.refresh });
  return {
    db,
    settings,
    /** This environment's rules (environment-policy.ts): every surface and server asks them here. */
    environment,
    now,
    links,
    /** One engine behind the widget host, the valuation pages, the Platform API and MCP; replaced whole when new data are imported. */
    engine,
    /** The data served now, and their reload when the imports change. */
    data,
    /** The official sources fetched by this environment itself (settings.fetch), or undefined. */
    officialFetch,
    /** How current each dataset is: its newest month, last and next fetch, and whether it is stale. */
    freshness: createFreshness(db, environment.valuedOrigins, { now, fetch: officialFetch }),
    /** Daily counts and short-lived limits, in the database so that every process shares them. */
    meter,
    /** The estimate as every surface gives it, counted under the one rule (only answered estimates count). */
    estimates: meteredEstimate({ engine, meter }),
    rates,
    idempotency: createIdempotencyStore(db, now),
    oauth: createOAuthStore(db, now),
    mcpSessions: databaseSessions(db),
    widgetKeys: databaseWidgetKeys(db),
    widgetKeyAdmin,
    quotaReached: recordQuotaReached(db),
    platformKeys: databasePlatformKeys(db),
    platformKeyAdmin: createPlatformKeyAdmin(db),
    webhooks,
    /** Who each organization is and what it sells: agents, teams, projects, unit types, partner sites. */
    directory,
    listings,
    inventory,
    /** Buyers' mortgage journeys, on the published rules the MCP affordability tool answers from. */
    mortgages: createJourneyStore(db, now),
    /** Service operations: the work agencies arrange for the homes they list. */
    serviceOrders: createServiceOrderStore(db, now),
    /** The official files loaded (npm run data:import). */
    datasetImports: createDatasetImports(db, environment.dataOrigins),
    readiness: createReadiness(db, now, reviewMail(mailOutbox, links.consolePage)),
    /** Writes AI apps ask for, waiting for the person on the console's page, and what each kind does. */
    actions: createPendingActions(db, now),
    writes: aiWrites({
      inventory,
      viewings: listings.viewings,
      widgetKeys: widgetKeyAdmin,
      webhooks,
      projectOf: (organizationId, projectId) => directory.projects.get(organizationId, String(projectId)),
      directory,
    }),
    /** Who people are: accounts, sessions, second steps, mail and a person's limits, one for both environments. */
    identity,
    ...identity,
    /** An owner's invitations to join, by e-mail with a role (recorded in this environment's audit log). */
    invitations: createInvitations(db, {
      mail: mailOutbox,
      consolePage: links.consolePage,
      rates: personRates,
      vetPassword,
    }),
    members: createMembers(db),
    memberships: createMemberships(db),
  };
}

export type Services = ReturnType<typeof composeServices>;
