/**
 * `npm start`: the one composition root. It opens the database, builds the engine, the stores, the
 * servers (each origin its own: the widget host with the service's pages, the demo site, the Platform
 * API, the MCP endpoint) and the workers, and stops them in order.
 */
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { startDemoServer } from '../demo/server.js';
import { createEstimateEngine } from './core/estimates/engine.js';
import { createIdempotencyStore } from './core/idempotency/idempotency-store.js';
import { createOAuthStore } from './core/grants/oauth-store.js';
import { createKeyRequests } from './core/keys/key-requests.js';
import { databasePlatformKeys } from './core/keys/platform-key-store.js';
import { createWidgetKeyAdmin } from './core/keys/widget-key-admin.js';
import { databaseWidgetKeys } from './core/keys/widget-keys.js';
import { recordQuotaReached } from './core/keys/quota-reached.js';
import { databaseMeter } from './core/metering/daily-meter.js';
import { sharedRates } from './core/metering/shared-rates.js';
import { createListingArea } from './core/listings/listing-area.js';
import { createReadiness } from './core/organizations/readiness.js';
import { createInventory } from './core/inventory/inventory.js';
import { createPendingActions } from './core/organizations/pending-actions.js';
import { pendingWrites } from './surfaces/mcp/pending-writes.js';
import { databaseSessions } from './surfaces/mcp/session-store.js';
import { health, LIVENESS_PATH, READINESS_PATH } from './web/health.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { seed } from './sandbox/seed.js';
import { startMcpServer } from './servers/mcp.js';
import { startPlatformServer } from './servers/platform.js';
import { startWidgetHostServer } from './servers/widget-host.js';
import { createConsole } from './surfaces/console/console.js';
import { createWidgetKeyTool } from './surfaces/mcp/create-widget-key.js';
import { builtLoader } from './web/built-loader.js';
import { createSessions } from './core/organizations/sessions.js';
import { expirySweeper } from './workers/expiry-sweeper.js';
import { idempotencyPruner } from './workers/idempotency-pruner.js';
import { createWorkerRunner } from './workers/runner.js';
import { policyFromEnv } from './core/webhooks/address-guard.js';
import { createSecretBox } from './core/webhooks/secret-box.js';
import { loadSecretsKey } from './core/webhooks/secrets-key.js';
import { createWebhookService } from './core/webhooks/webhook-service.js';
import { webhookWorkers } from './workers/webhook-workers.js';

const widgetPort = Number(process.env.WIDGET_HOST_PORT ?? 8787);
// DEMO_PORT=off: no demo site (a process of a cluster, whose demo runs once beside the balancer).
const demoPort = process.env.DEMO_PORT === 'off' ? undefined : Number(process.env.DEMO_PORT ?? 5173);
const platformPort = Number(process.env.PLATFORM_PORT ?? 8790);
const mcpPort = Number(process.env.MCP_PORT ?? 8791);
// Behind a balancer, each origin is reached at the balancer's address, not at this process's port.
const widgetHostUrl = process.env.WIDGET_HOST_PUBLIC_URL ?? `http://127.0.0.1:${widgetPort}/`;
const platformOrigin = process.env.PLATFORM_PUBLIC_ORIGIN ?? `http://127.0.0.1:${platformPort}`;
const mcpOrigin = process.env.MCP_PUBLIC_ORIGIN ?? `http://127.0.0.1:${mcpPort}`;
const demoOriginPort = Number(process.env.DEMO_PUBLIC_PORT ?? demoPort ?? 5173);

// The embedded database (PGlite in SANDBOX_DATA_DIR), or DATABASE_URL's server; migrated and seeded at every start.
const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.SANDBOX_DATA_DIR ?? fileURLToPath(new URL('../.data/sandbox-db', import.meta.url));
const db = await openDatabase(
  databaseUrl
    ? { url: databaseUrl, poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10) }
    : { dataDir, holder: `npm start, widget host on port ${widgetPort}` },
).catch((error: Error) => {
  // A second process on the same data folder (DataFolderInUse) says who holds it, in one line.
  console.error(error.name === 'DataFolderInUse' ? error.message : `The database did not open: ${error.message}`);
  process.exit(1);
});
await migrate(db);
await seed(db, { demoOrigins: [`http://localhost:${demoOriginPort}`, `http://127.0.0.1:${demoOriginPort}`] });
health.ready(async () => void (await db.query('select 1')));

// One engine and one meter behind the widget host, the valuation pages, the Platform API and MCP.
const engine = createEstimateEngine({ serviceUrl: widgetHostUrl });
const meter = databaseMeter(db);
// Every short-lived limit and MCP session in the database, so any number of processes share them.
const rates = sharedRates(db);
const mcpSessions = databaseSessions(db);
const idempotency = createIdempotencyStore(db);
const oauth = createOAuthStore(db);
const secretsKey = (() => {
  try {
    return loadSecretsKey({ value: process.env.WEBHOOK_SECRETS_KEY, databaseUrl, dataDir });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
})();
const webhooks = createWebhookService(db, createSecretBox(secretsKey), { policy: policyFromEnv() });
const widgetKeyAdmin = createWidgetKeyAdmin(db);
const keyRequests = createKeyRequests(db, widgetKeyAdmin);
const createKey = createWidgetKeyTool({
  keys: widgetKeyAdmin,
  requests: keyRequests,
  idempotency,
  confirmUrl: (id) => `${widgetHostUrl}console/mcp/confirm/${id}`,
});

const inventory = createInventory(db);
const listingArea = createListingArea(db, engine.fixtures.byId);
/** Writes AI apps ask for, waiting for the person on the console's page. */
const actions = createPendingActions(db);
const widgetHost = await startWidgetHostServer({
  port: widgetPort,
  publicUrl: widgetHostUrl,
  rates,
  engine,
  meter,
  keyStore: databaseWidgetKeys(db),
  // A QA suite that asks for hundreds of estimates from one machine turns the per-visitor share off.
  visitorLimits: process.env.SANDBOX_VISITOR_LIMITS !== 'off',
  onQuotaReached: recordQuotaReached(db),
  links: {
    apiReference: `${platformOrigin}/reference`,
    apiBase: `${platformOrigin}/v1`,
    mcpEndpoint: `${mcpOrigin}/mcp`,
  },
  console: (baseUrl) =>
    createConsole({
      db,
      widgetScriptUrl: `${baseUrl}v1/widget.js`,
      pinnedLoader: () => builtLoader(),
      oauth,
      confirmations: keyRequests,
      mcpActions: { actions, writes: pendingWrites({ inventory, viewings: listingArea.viewings }) },
      idempotency,
      webhooks,
      apiReference: `${platformOrigin}/reference`,
    }),
});
const demo =
  demoPort === undefined ? undefined : await startDemoServer({ port: demoPort, widgetHostUrl: widgetHost.url });
const platform = await startPlatformServer({
  port: platformPort,
  publicOrigin: platformOrigin,
  rates,
  engine,
  meter,
  idempotency,
  keyStore: databasePlatformKeys(db),
  webhooks,
  listingArea,
  readiness: createReadiness(db),
  inventory,
  consoleUrl: `${widgetHost.url}console/platform-keys`,
});
const mcp = await startMcpServer({
  port: mcpPort,
  publicOrigin: mcpOrigin,
  shared: { sessions: mcpSessions, rates },
  engine,
  meter,
  oauth: {
    store: oauth,
    keys: widgetKeyAdmin,
    consentUrl: (id) => `${widgetHost.url}console/oauth/consent?request=${id}`,
    createKey,
    webhookArea: { service: webhooks, idempotency, consoleUrl: (path) => `${widgetHost.url}console/${path}` },
    inventory: { stores: inventory, actions },
  },
});
// The outbox's events become webhook deliveries, which the sender posts (any number of processes may run both).
const workers = createWorkerRunner({
  workers: [
    idempotencyPruner(idempotency),
    expirySweeper({ sessions: createSessions(db), meter, shared: [rates, mcpSessions] }),
    ...webhookWorkers(db, webhooks),
  ],
});
workers.start();

console.log(
  `Database:            ${databaseUrl ? `Postgres at ${new URL(databaseUrl).host}` : `PGlite in ${dataDir}`}`,
);
console.log(`Sandbox widget host: ${widgetHost.url}`);
if (demo) console.log(`Demo site:           ${demo.url}`);
console.log(`API Console:         ${widgetHost.url}console/`);
console.log(`Valuation page:      ${widgetHost.url}valuation/hdb-560102?mode=sale`);
console.log(`Platform API:        ${platform.baseUrl}  (sandbox keys: docs/integrators.md)`);
console.log(`API reference:       ${platform.referenceUrl}`);
console.log(
  `MCP endpoint:        ${mcp.url}  (Streamable HTTP; OAuth metadata at /.well-known/oauth-authorization-server)`,
);
console.log('Press Ctrl+C to stop.');

console.log(
  `Health:              ${widgetHost.url.replace(/\/$/, '')}${READINESS_PATH} (and ${LIVENESS_PATH}, on every origin)`,
);

// Stops gracefully: not ready (the balancer stops sending), then no new connections, what is in flight
// finished (at most STOP_TIMEOUT_MS), the workers' current runs finished, the database closed.
const once = <T>(work: () => Promise<T>) => {
  let running: Promise<T> | undefined;
  return () => (running ??= work());
};
const stop = once(async () => {
  health.drain();
  await delay(Number(process.env.DRAIN_DELAY_MS ?? 0));
  const servers = [widgetHost.server, demo?.server, platform.server, mcp.server].filter((s) => s !== undefined);
  const closed = Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  const deadline = delay(Number(process.env.STOP_TIMEOUT_MS ?? 10_000)).then(() => {
    for (const server of servers) server.closeAllConnections(); // long-lived streams (MCP's GET) end here
  });
  await Promise.race([closed, deadline]);
  await workers.stop();
  await db.close();
  process.exit(0);
});
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
