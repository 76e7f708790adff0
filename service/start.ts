/** `npm start`: the sandbox widget host (with the service's pages), the demo site, the Platform API and the MCP endpoint, each on its own origin. */
import { builtLoader } from './web/built-loader.js';
import { createConsole } from './surfaces/console/console.js';
import { createConsoleStore } from './core/keys/key-admin.js';
import { createWidgetKeyTool } from './surfaces/mcp/create-widget-key.js';
import { createOAuthStore } from './core/grants/oauth-store.js';
import { openServiceDatabase } from './open-database.js';
import { startDemoServer } from '../demo/server.js';
import { startWidgetHostServer } from './servers/widget-host.js';
import { databaseCounter } from './core/metering/daily-meter.js';
import { startMcpServer } from './servers/mcp.js';
import { startPlatformServer } from './servers/platform.js';

const widgetPort = Number(process.env.WIDGET_HOST_PORT ?? 8787);
const demoPort = Number(process.env.DEMO_PORT ?? 5173);
const platformPort = Number(process.env.PLATFORM_PORT ?? 8790);
const mcpPort = Number(process.env.MCP_PORT ?? 8791);

// The embedded database (or DATABASE_URL's server), migrated and seeded at every start.
const database = await openServiceDatabase();
const oauth = createOAuthStore(database.db);
const consoleStore = createConsoleStore(database.db);
// The widget host's base URL is fixed by its port, so the console's confirmation page is known before it starts.
const confirmUrl = (id: string) => `http://127.0.0.1:${widgetPort}/console/mcp/confirm/${id}`;
const createKey = createWidgetKeyTool(database.db, consoleStore, confirmUrl);
const widgetHost = await startWidgetHostServer({
  port: widgetPort,
  keyStore: database.widgetKeys,
  console: (baseUrl) => createConsole({ db: database.db, widgetScriptUrl: `${baseUrl}v1/widget.js`, pinnedLoader: () => builtLoader(), oauth, confirmations: createKey }),
});
const demo = await startDemoServer({ port: demoPort, widgetHostUrl: widgetHost.url });
// One estimate engine behind the widget host, its public valuation pages and the Platform API.
const platform = await startPlatformServer({ port: platformPort, engine: widgetHost.engine, keyStore: database.platformKeys });
const mcp = await startMcpServer({
  port: mcpPort,
  engine: widgetHost.engine,
  usage: databaseCounter(database.db),
  oauth: { store: oauth, keys: consoleStore, consentUrl: (id) => `${widgetHost.url}console/oauth/consent?request=${id}`, createKey },
});

console.log(`Database:            ${database.description}`);
console.log(`Sandbox widget host: ${widgetHost.url}`);
console.log(`Demo site:           ${demo.url}`);
console.log(`API Console:         ${widgetHost.url}console/`);
console.log(`Valuation page:      ${widgetHost.url}valuation/hdb-560102?mode=sale`);
console.log(`Platform API:        ${platform.baseUrl}  (sandbox keys: README, "The Platform API")`);
console.log(`API reference:       ${platform.referenceUrl}`);
console.log(`MCP endpoint:        ${mcp.url}  (Streamable HTTP; OAuth metadata at /.well-known/oauth-authorization-server)`);
console.log('Press Ctrl+C to stop.');

const stop = () => {
  widgetHost.server.close();
  demo.server.close();
  platform.server.close();
  mcp.server.close();
  void database.db.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
