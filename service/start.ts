/**
 * `npm start`: the sandbox, as one process (with SERVICE_LIVE=on, live beside it: npm run start:live). It starts the service (servers/start-service.ts: the
 * database, the parts composed once, the widget host with the service's pages, the Platform API, the
 * MCP endpoint and the workers), the demo site beside it, and stops them in order.
 */
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { startDemoServer } from '../demo/server.js';
import { policyFromEnv } from './core/webhooks/address-guard.js';
import { loadSecretsKey } from './core/webhooks/secrets-key.js';
import { passwordCostFrom } from './core/accounts/password-cost.js';
import { startService } from './servers/start-service.js';
import { startMailReceiver } from './mail/mail-receiver.js';
import { DEFAULT_FROM } from './core/mail/mail-settings.js';
import { health, LIVENESS_PATH, NotReady, READINESS_PATH } from './web/health.js';
import { servedData } from './servers/served-data.js';
import { fetchSettingsFromEnv } from './core/datasets/fetch/fetch-settings.js';
import { startSandboxSources } from './sandbox/official-apis/sandbox-sources.js';

const widgetPort = Number(process.env.WIDGET_HOST_PORT ?? 8787);
// DEMO_PORT=off: no demo site (a process of a cluster, whose demo runs once beside the balancer).
const demoPort = process.env.DEMO_PORT === 'off' ? undefined : Number(process.env.DEMO_PORT ?? 5173);
const demoOriginPort = Number(process.env.DEMO_PUBLIC_PORT ?? demoPort ?? 5173);

// The embedded database (PGlite in SANDBOX_DATA_DIR), or DATABASE_URL's server; migrated and seeded at every start.
const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.SANDBOX_DATA_DIR ?? fileURLToPath(new URL('../.data/sandbox-db', import.meta.url));
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};
// The test-only password cost never reaches a deployment that serves live or shares a PostgreSQL server.
try {
  passwordCostFrom(process.env);
} catch (error) {
  fail((error as Error).message);
}
const secretsKey = (() => {
  try {
    return loadSecretsKey({ value: process.env.WEBHOOK_SECRETS_KEY, databaseUrl, dataDir });
  } catch (error) {
    return fail((error as Error).message);
  }
})();

// Mail leaves through MAIL_SMTP_URL; without one, the sandbox's own receiver keeps it on this machine.
const receiver = process.env.MAIL_SMTP_URL
  ? undefined
  : await startMailReceiver({
      smtp: Number(process.env.MAIL_SMTP_PORT ?? 0),
      inbox: Number(process.env.MAIL_INBOX_PORT ?? 8025),
    }).catch((error: NodeJS.ErrnoException) =>
      // Another sandbox holds 8025: a free port (MAIL_INBOX_PORT asked for one port, and gets it or nothing).
      error.code === 'EADDRINUSE' && !process.env.MAIL_INBOX_PORT ? startMailReceiver() : Promise.reject(error),
    );
const mail = {
  smtpUrl: process.env.MAIL_SMTP_URL ?? receiver!.smtpUrl,
  from: process.env.MAIL_FROM ?? DEFAULT_FROM,
  inboxUrl: receiver?.inboxUrl ?? process.env.MAIL_INBOX_URL,
};

// SERVICE_LIVE=on: live beside the sandbox, on its own origins and tables, valuing the official files only.
const livePort = (name: string, port: number) => Number(process.env[name] ?? port);
const live =
  process.env.SERVICE_LIVE === 'on'
    ? {
        origins: {
          widgetHost: livePort('LIVE_WIDGET_HOST_PORT', 8797),
          platform: livePort('LIVE_PLATFORM_PORT', 8798),
          mcp: livePort('LIVE_MCP_PORT', 8799),
        },
        publicUrls: {
          widgetHost: process.env.LIVE_WIDGET_HOST_PUBLIC_URL,
          platform: process.env.LIVE_PLATFORM_PUBLIC_ORIGIN,
          mcp: process.env.LIVE_MCP_PUBLIC_ORIGIN,
        },
        // Only a deployment for development lets live widget keys list http://localhost and the like.
        loopbackOrigins: process.env.LIVE_LOOPBACK_ORIGINS === 'on',
        // Live fetches HDB's datasets from data.gov.sg on schedule (DATA_FETCH=off: only npm run data:import).
        fetch: fetchSettingsFromEnv(process.env),
      }
    : undefined;

// The sandbox fetches its world from stand-ins of the official sources, as live fetches the real ones
// (SANDBOX_FETCH=off: a process of a cluster, or a test server, serves the world as imported at start).
const sandboxSources = process.env.SANDBOX_FETCH === 'off' ? undefined : await startSandboxSources();

const service = await startService({
  live,
  database: databaseUrl
    ? { url: databaseUrl, poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10) }
    : { dataDir, holder: 'npm start' },
  origins: {
    widgetHost: widgetPort,
    platform: Number(process.env.PLATFORM_PORT ?? 8790),
    mcp: Number(process.env.MCP_PORT ?? 8791),
  },
  // Behind a balancer, each origin is reached at the balancer's address, not at this process's port.
  publicUrls: {
    widgetHost: process.env.WIDGET_HOST_PUBLIC_URL,
    platform: process.env.PLATFORM_PUBLIC_ORIGIN,
    mcp: process.env.MCP_PUBLIC_ORIGIN,
  },
  settings: {
    secretsKey,
    addresses: policyFromEnv(),
    // A QA suite that asks for hundreds of estimates from one machine turns the per-visitor share off.
    visitorLimits: process.env.SANDBOX_VISITOR_LIMITS !== 'off',
    mail,
    fetch: sandboxSources?.settings,
  },
  seed: { demoOrigins: [`http://localhost:${demoOriginPort}`, `http://127.0.0.1:${demoOriginPort}`] },
  // SERVICE_HOMES=imported: value the official files loaded with npm run data:import (docs/data.md).
  homes: process.env.SERVICE_HOMES === 'imported' ? 'imported' : 'sandbox',
  workers: true,
}).catch((error: Error) =>
  // A second process on the same data folder (DataFolderInUse) says who holds it, in one line.
  fail(error.name === 'DataFolderInUse' ? error.message : `The service did not start: ${error.message}`),
);
health.ready(async () => {
  await service.db.query('select 1');
  if (service.notReady) throw new NotReady(service.notReady);
  // Stale data keep the process ready (it answers from what it holds), and it says so.
  const stale = (await (service.live?.services ?? service.services).freshness.list()).filter((each) => each.stale);
  if (stale.length) return { data: stale.map((each) => `${each.dataset}: data stale since ${each.staleSince}`) };
});
const { links } = service.services;
const demo =
  demoPort === undefined ? undefined : await startDemoServer({ port: demoPort, widgetHostUrl: links.widgetHost });

console.log(
  `Database:            ${databaseUrl ? `Postgres at ${new URL(databaseUrl).host}` : `PGlite in ${dataDir}`}`,
);
console.log(`Sandbox widget host: ${links.widgetHost}`);
if (demo) console.log(`Demo site:           ${demo.url}`);
console.log(`API Console:         ${links.consolePage('')}`);
if (receiver)
  console.log(`Sandbox inbox:       ${receiver.inboxUrl}  (mail the service sends; MAIL_SMTP_URL sends it elsewhere)`);
const served = servedData(service.services.engine.homes);
console.log(`Data:                ${served.line}`);
if (sandboxSources)
  console.log(
    `Sandbox sources:     stand-ins of data.gov.sg (${sandboxSources.hosts.dataGovSg}), URA and OneMap, fetched on start and on schedule`,
  );
console.log(`Valuation page:      ${links.widgetHost}${served.valuationPath}`);
console.log(`Platform API:        ${links.apiBase}  (sandbox keys: docs/integrators.md)`);
console.log(`API reference:       ${links.apiReference}`);
console.log(
  `MCP endpoint:        ${links.mcpEndpoint}  (Streamable HTTP; OAuth metadata at /.well-known/oauth-authorization-server)`,
);
if (service.live) {
  const liveLinks = service.live.services.links;
  console.log(`Live widget host:    ${liveLinks.widgetHost}  (svce_live_ keys)`);
  console.log(`Live Platform API:   ${liveLinks.apiBase}  (svcp_live_ keys)`);
  console.log(`Live MCP endpoint:   ${liveLinks.mcpEndpoint}`);
  console.log('Live console:        the API Console, switched to live (after an approved integration review)');
  if (service.notReady) console.log(`Live is not ready:   ${service.notReady}`);
}
console.log('Press Ctrl+C to stop.');

console.log(
  `Health:              ${links.widgetHost.replace(/\/$/, '')}${READINESS_PATH} (and ${LIVENESS_PATH}, on every origin)`,
);

// Stops gracefully: not ready (the balancer stops sending), then no new connections, what is in flight
// finished (at most STOP_TIMEOUT_MS), the workers' current runs finished, the database closed.
let stopping: Promise<void> | undefined;
const stop = () =>
  (stopping ??= (async () => {
    health.drain();
    await delay(Number(process.env.DRAIN_DELAY_MS ?? 0));
    demo?.server.close();
    await service.stop(Number(process.env.STOP_TIMEOUT_MS ?? 10_000));
    process.exit(0);
  })());
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
