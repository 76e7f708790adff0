/**
 * The service, started: its database opened, migrated and seeded, its parts composed once
 * (core/services/compose.ts), the origins asked for served, and its workers run. `npm start` (and so
 * each process of a cluster), the benchmarks and the tests start it here. Each origin listens before
 * the parts are composed, so port 0 (a free one the system picks) works everywhere.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { composeServices, type Services } from '../core/services/compose.js';
import type { DeploymentData, ServiceSettings } from '../core/services/settings.js';
import { type Database, type DatabaseOptions, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { testTemplate } from '../db/templates.js';
import { importSandboxWorld } from '../sandbox/import-sandbox-world.js';
import { sandboxData, sandboxOnImportedHomes } from '../sandbox/sandbox-data.js';
import { seed, type SeedOptions } from '../sandbox/seed.js';
import { createWorkerRunner } from '../workers/runner.js';
import { liveWorkers, serviceWorkers } from '../workers/service-workers.js';
import { liveData } from '../core/services/live-data.js';
import { openServer, originOf } from '../web/serve.js';
import { type McpServerOptions, startMcpServer } from './mcp.js';
import { startPlatformServer } from './platform.js';
import { startWidgetHostServer, type WidgetHostServerOptions } from './widget-host.js';

export type Origin = 'widgetHost' | 'platform' | 'mcp';

export interface StartServiceOptions {
  /** The database to open (PGlite in memory by default), or one already open, which the caller closes. */
  database?: DatabaseOptions | Database;
  /** The origins to serve, each on its port: 0 (the default) for a free one. An origin left out is not started. */
  origins: Partial<Record<Origin, number>>;
  /** Where people reach an origin when it is not this process's port (behind a balancer). */
  publicUrls?: Partial<ServiceSettings['urls']>;
  /** The rest of the settings; a random secrets key, no private receivers and visitor limits on by default. */
  settings?: Partial<Omit<ServiceSettings, 'urls'>>;
  seed?: SeedOptions;
  /**
   * The homes valued: the sandbox's generated world, imported on start through the official files'
   * importer (the default), or the official files an operator imported into the database.
   */
  homes?: 'sandbox' | 'imported';
  /** Runs the workers (the outbox, webhook deliveries, expiry); a test that drives them itself leaves them off. */
  workers?: boolean;
  /** Replaces parts after composing: a test's limits, say. */
  adjust?: (services: Services) => Services;
  widgetHost?: Pick<WidgetHostServerOptions, 'distDir' | 'pinnedLoader'>;
  /**
   * Live beside the sandbox: its own origins (a widget host for svce_live_ keys, a Platform API, an MCP
   * endpoint), its own tables (db/environments.ts), the official data only. People reach its console
   * on the sandbox's widget host, switched to live (identity is shared).
   */
  live?: {
    origins: Partial<Record<Origin, number>>;
    publicUrls?: Partial<ServiceSettings['urls']>;
    /** Live widget keys may list loopback origins (a deployment for development). */
    loopbackOrigins?: boolean;
    /** The official sources live fetches by itself, on schedule (workers/data-fetcher.ts). */
    fetch?: ServiceSettings['fetch'];
  };
  mcp?: Pick<McpServerOptions, 'sessionLimits' | 'allowedOrigins' | 'registrationsPerHour'>;
}

export interface StartedService {
  services: Services;
  /** Live's parts, origins and servers, when started. */
  live?: { services: Services; urls: ServiceSettings['urls']; servers: Partial<Record<Origin, Server>> };
  /** Why the deployment cannot serve yet (live with no data), for its readiness: read again each time, as data arrive. */
  notReady?: string;
  db: Database;
  /** Each origin's public URL: the widget host's ends with `/`; an origin not started is under `.invalid`. */
  urls: ServiceSettings['urls'];
  servers: Partial<Record<Origin, Server>>;
  /**
   * Closes the servers (what is in flight may finish for `graceMs`; then open streams, such as MCP's
   * GET, are ended), stops the workers after their current run, and closes a database it opened.
   */
  stop(graceMs?: number): Promise<void>;
}

const isDatabase = (value: StartServiceOptions['database']): value is Database =>
  value !== undefined && 'query' in value;

export async function startService(options: StartServiceOptions): Promise<StartedService> {
  const given = options.database;
  // In a test run, a database in memory starts as the sandbox already started once (db/templates.ts).
  const template = given || options.homes === 'imported' ? undefined : await testTemplate('world');
  const db = isDatabase(given) ? given : await openDatabase(given ?? { dataDir: 'memory://', from: template });
  const servers: Partial<Record<Origin, Server>> = {};
  const liveServers: Partial<Record<Origin, Server>> = {};
  const closeServers = async (graceMs: number) => {
    const open = [...Object.values(servers), ...Object.values(liveServers)];
    const closed = Promise.all(open.map((server) => new Promise((resolve) => server.close(resolve))));
    await Promise.race([closed, delay(graceMs)]);
    for (const server of open) server.closeAllConnections(); // long-lived streams (MCP's GET) end here
    await closed;
  };
  // A start that fails part way (a migration, a port in use) leaves nothing open behind it.
  let data: DeploymentData;
  let live: DeploymentData | undefined;
  try {
    await migrate(db);
    // A copy of the seeded template (a test run's) holds what seed() would write again, row for row.
    if (!template || options.seed) await seed(db, options.seed);
    if (options.homes === 'imported') data = await sandboxOnImportedHomes(db);
    else {
      await importSandboxWorld(db);
      data = await sandboxData(db);
    }
    if (options.live) live = await liveData(db.in('live'));
    for (const [origin, port] of Object.entries(options.origins) as [Origin, number][])
      servers[origin] = await openServer(port);
    for (const [origin, port] of Object.entries(options.live?.origins ?? {}) as [Origin, number][])
      liveServers[origin] = await openServer(port);
  } catch (error) {
    await closeServers(0);
    if (!isDatabase(given)) await db.close();
    throw error;
  }
  const urlsOf = (
    started: Partial<Record<Origin, Server>>,
    publicUrls: Partial<ServiceSettings['urls']> = {},
    invalid = '',
  ) => {
    const urlOf = (origin: Origin, notStarted: string) =>
      publicUrls[origin] ?? (started[origin] ? originOf(started[origin]) : notStarted);
    return {
      widgetHost: publicUrls.widgetHost ?? `${urlOf('widgetHost', `http://${invalid}widget-host.invalid`)}/`,
      platform: urlOf('platform', `http://${invalid}platform.invalid`),
      mcp: urlOf('mcp', `http://${invalid}mcp.invalid`),
    };
  };
  const urls = urlsOf(servers, options.publicUrls);
  const settings: ServiceSettings = {
    urls,
    secretsKey: randomBytes(32),
    addresses: { allowHosts: new Set() },
    visitorLimits: true,
    data,
    ...options.settings,
  };
  const composed = composeServices(db, settings);
  const services = options.adjust?.(composed) ?? composed;
  const liveUrls = options.live && {
    ...urlsOf(liveServers, options.live.publicUrls, 'live.'),
    console: urls.widgetHost,
  };
  const liveComposed =
    live &&
    liveUrls &&
    composeServices(
      db,
      {
        ...settings,
        environment: 'live',
        urls: liveUrls,
        data: live,
        loopbackOrigins: options.live?.loopbackOrigins,
        fetch: options.live?.fetch,
      },
      // Who people are is one part for both environments (core/services/identity.ts).
      { identity: services.identity },
    );
  const liveServices = liveComposed && (options.adjust?.(liveComposed) ?? liveComposed);

  const hostOptions = { ...options.widgetHost, live: liveServices };
  if (servers.widgetHost) startWidgetHostServer({ server: servers.widgetHost, services, ...hostOptions });
  if (servers.platform) startPlatformServer({ server: servers.platform, services });
  if (servers.mcp) startMcpServer({ server: servers.mcp, services, ...options.mcp });
  if (liveServices) {
    const { widgetHost, platform, mcp } = liveServers;
    if (widgetHost) startWidgetHostServer({ server: widgetHost, services: liveServices, ...options.widgetHost });
    if (platform) startPlatformServer({ server: platform, services: liveServices });
    if (mcp) startMcpServer({ server: mcp, services: liveServices, ...options.mcp });
  }
  const workers = options.workers
    ? createWorkerRunner({
        workers: [...serviceWorkers(services), ...(liveServices ? liveWorkers(liveServices) : [])],
      })
    : undefined;
  workers?.start();

  let stopping: Promise<void> | undefined;
  return {
    services,
    live: liveServices && liveUrls && { services: liveServices, urls: liveUrls, servers: liveServers },
    get notReady() {
      return liveServices?.data.notReady();
    },
    db,
    urls,
    servers,
    stop(graceMs = 0) {
      stopping ??= (async () => {
        try {
          await closeServers(graceMs);
          await workers?.stop();
        } finally {
          if (!isDatabase(given)) await db.close();
        }
      })();
      return stopping;
    },
  };
}
