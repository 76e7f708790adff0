/**
 * The MCP endpoint with OAuth as the sandbox serves it, for tests over real HTTP: PGlite migrated and
 * seeded, the API Console (sign-in, consent, confirmations) and the MCP server on the given ports, and
 * the helpers a test plays the person and the client with. One per test file.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { type Server } from 'node:http';
import { after, before } from 'node:test';
import { createConsole } from '../surfaces/console/console.js';
import { createWidgetKeyAdmin } from '../core/keys/widget-key-admin.js';
import { createKeyRequests } from '../core/keys/key-requests.js';
import { createIdempotencyStore } from '../core/idempotency/idempotency-store.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../sandbox/seed.js';
import { startWidgetHostServer } from '../servers/widget-host.js';
import { databaseWidgetKeys } from '../core/keys/widget-keys.js';
import { startMcpServer } from '../servers/mcp.js';
import { createWidgetKeyTool } from '../surfaces/mcp/create-widget-key.js';
import { createOAuthStore } from '../core/grants/oauth-store.js';
import { createSecretBox } from '../core/webhooks/secret-box.js';
import { createWebhookService } from '../core/webhooks/webhook-service.js';
import { createInventory } from '../core/inventory/inventory.js';
import { createPendingActions } from '../core/organizations/pending-actions.js';
import { pendingWrites } from '../surfaces/mcp/pending-writes.js';
import { createViewingStore } from '../core/listings/viewing-store.js';
import { ConsoleBrowser } from './console-browser.js';
import { rawMcpClient } from './mcp-raw-client.js';
import { inMemoryProvider, pkce } from './oauth-memory-client.js';

/** Starts the console and the MCP endpoint before the file's tests and stops them after. */
export function mcpOAuthSandbox(ports: { console: number; mcp: number }) {
  const CONSOLE = `http://127.0.0.1:${ports.console}`;
  const MCP = `http://127.0.0.1:${ports.mcp}`;
  const REDIRECT = 'http://127.0.0.1:8899/callback';
  let servers: Server[] = [];
  let db: Awaited<ReturnType<typeof openDatabase>>;
  let webhooks: ReturnType<typeof createWebhookService>;

  before(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
    await seed(db);
    const oauth = createOAuthStore(db);
    const keys = createWidgetKeyAdmin(db);
    const requests = createKeyRequests(db, keys);
    webhooks = createWebhookService(db, createSecretBox(randomBytes(32)), {
      policy: { allowHosts: new Set(['127.0.0.1']) },
    });
    const idempotency = createIdempotencyStore(db);
    const mcpActions = { stores: createInventory(db), actions: createPendingActions(db) };
    const createKey = createWidgetKeyTool({
      keys,
      requests,
      idempotency: createIdempotencyStore(db),
      confirmUrl: (id) => `${CONSOLE}/console/mcp/confirm/${id}`,
    });
    const host = await startWidgetHostServer({
      port: ports.console,
      keyStore: databaseWidgetKeys(db),
      console: (baseUrl) =>
        createConsole({
          db,
          widgetScriptUrl: `${baseUrl}widget.js`,
          oauth,
          confirmations: requests,
          webhooks,
          mcpActions: {
            actions: mcpActions.actions,
            writes: pendingWrites({ inventory: mcpActions.stores, viewings: createViewingStore(db) }),
          },
        }),
    });
    const mcp = await startMcpServer({
      port: ports.mcp,
      engine: host.engine,
      oauth: {
        store: oauth,
        keys,
        consentUrl: (id) => `${CONSOLE}/console/oauth/consent?request=${id}`,
        createKey,
        webhookArea: { service: webhooks, idempotency, consoleUrl: (path) => `${CONSOLE}/console/${path}` },
        inventory: mcpActions,
        registrationsPerHour: 1000,
        // The documents' server in this file is on loopback, which the operator allows as for webhooks.
        clientDocuments: { allowHosts: new Set(['127.0.0.1']) },
      },
    });
    servers = [host.server, mcp.server];
  });
  after(async () => {
    servers.forEach((s) => (s.closeAllConnections(), s.close()));
    await db.close();
  });

  /** The person at the console: a cookie jar, and the CSRF token of the last page. */
  /** The person at the console (a browser-like client of it) who signs in and consents. */
  class Person extends ConsoleBrowser {
    constructor() {
      super(CONSOLE);
    }
    /** Follows an authorization URL through sign-in (as `userId`) to the consent page. */
    async consentPage(authorizationUrl: string, userId: string) {
      const toConsole = await this.get(authorizationUrl);
      assert.equal(toConsole.status, 302, toConsole.text.slice(0, 200));
      let page = await this.get(toConsole.location);
      if (page.text.includes('Sign in to the API Console')) {
        assert.match(page.text, /<strong>[^<]+<\/strong> asks to connect to your account/, 'the sign-in names the app');
        const next = /name="next" value="([^"]+)"/.exec(page.text)![1].replaceAll('&amp;', '&');
        const signedIn = await this.post('/console/sign-in', { user: userId, next });
        page = await this.get(`${CONSOLE}${signedIn.location}`);
      }
      return page;
    }
    /** Follows an authorization URL through sign-in and consent; returns where the browser is sent back. */
    async consent(
      authorizationUrl: string,
      decision: 'allow' | 'deny' = 'allow',
      user = { id: 'usr_siti', name: 'Siti Rahman' },
      workspace?: string,
    ): Promise<URL> {
      let page = await this.consentPage(authorizationUrl, user.id);
      if (workspace)
        page = await this.get(
          `${CONSOLE}/console/oauth/consent?request=${requestOf(page.text)}&workspace=${workspace}`,
        );
      assert.match(page.text, new RegExp(`asks to act for <strong>${user.name}</strong>`));
      const answer = await this.post('/console/oauth/consent', {
        request: requestOf(page.text),
        workspace: /name="workspace" value="([^"]+)"/.exec(page.text)![1]!,
        decision,
      });
      assert.equal(answer.status, 303);
      return new URL(answer.location);
    }
  }

  const requestOf = (page: string) => /name="request" value="([^"]+)"/.exec(page)![1]!;

  const sdkProvider = (person: Person) => inMemoryProvider(person, REDIRECT);

  async function register(redirect = REDIRECT) {
    const response = await fetch(`${MCP}/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Hand-made client',
        redirect_uris: [redirect],
        token_endpoint_auth_method: 'none',
      }),
    });
    assert.equal(response.status, 201);
    return (await response.json()) as { client_id: string };
  }

  function authorizeUrl(clientId: string, challenge: string, extra: Record<string, string> = {}) {
    const url = new URL(`${MCP}/authorize`);
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'organizations.read',
      resource: `${MCP}/mcp`,
      state: 'xyz',
      ...extra,
    }))
      url.searchParams.set(k, v);
    return url.href;
  }

  const token = (fields: Record<string, string>) =>
    fetch(`${MCP}/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as Record<string, string>,
    }));

  async function codeFor(
    person: Person,
    scope = 'organizations.read',
    user?: { id: string; name: string },
    workspace?: string,
  ) {
    const client = await register();
    const { verifier, challenge } = pkce();
    const back = await person.consent(authorizeUrl(client.client_id, challenge, { scope }), 'allow', user, workspace);
    assert.equal(back.searchParams.get('state'), 'xyz');
    return { client, verifier, code: back.searchParams.get('code')! };
  }

  /** The token request a client makes with the code `codeFor` got. */
  const exchange = ({ client, verifier, code }: Awaited<ReturnType<typeof codeFor>>) =>
    token({
      grant_type: 'authorization_code',
      client_id: client.client_id,
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
    });

  const { rpc, callTool, toolNames, resultOf } = rawMcpClient(`${MCP}/mcp`);

  async function tokensFor(person: Person, scope: string, workspace?: string) {
    return (await exchange(await codeFor(person, scope, undefined, workspace))).body;
  }

  return {
    db: () => db,
    webhooks: () => webhooks,
    CONSOLE,
    MCP,
    REDIRECT,
    Person,
    requestOf,
    sdkProvider,
    pkce,
    register,
    authorizeUrl,
    token,
    codeFor,
    exchange,
    rpc,
    callTool,
    toolNames,
    resultOf,
    tokensFor,
  };
}
