/**
 * The MCP endpoint with OAuth as the sandbox serves it, for tests over real HTTP: PGlite migrated and
 * seeded, the API Console (sign-in, consent, confirmations) and the MCP server on the given ports, and
 * the helpers a test plays the person and the client with. One per test file.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { type Server } from 'node:http';
import { after, before } from 'node:test';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
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
  class Person {
    cookie = '';
    csrf = '';
    async open(url: string, init: RequestInit = {}) {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), Cookie: this.cookie },
      });
      const setCookie = response.headers.get('set-cookie');
      if (setCookie) this.cookie = setCookie.split(';')[0];
      const text = await response.text();
      this.csrf = /name="csrf" value="([^"]+)"/.exec(text)?.[1] ?? this.csrf;
      return { status: response.status, location: response.headers.get('location') ?? '', text };
    }
    submit(path: string, fields: Record<string, string>) {
      return this.open(`${CONSOLE}${path}`, {
        method: 'POST',
        body: new URLSearchParams({ ...fields, csrf: this.csrf }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
    }
    /** Follows an authorization URL through sign-in (as `userId`) to the consent page. */
    async consentPage(authorizationUrl: string, userId: string) {
      const toConsole = await this.open(authorizationUrl);
      assert.equal(toConsole.status, 302, toConsole.text.slice(0, 200));
      let page = await this.open(toConsole.location);
      if (page.text.includes('Sign in to the API Console')) {
        const next = /name="next" value="([^"]+)"/.exec(page.text)![1].replaceAll('&amp;', '&');
        const signedIn = await this.submit('/console/sign-in', { user: userId, next });
        page = await this.open(`${CONSOLE}${signedIn.location}`);
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
        page = await this.open(
          `${CONSOLE}/console/oauth/consent?request=${requestOf(page.text)}&workspace=${workspace}`,
        );
      assert.match(page.text, new RegExp(`asks to act for <strong>${user.name}</strong>`));
      const answer = await this.submit('/console/oauth/consent', {
        request: requestOf(page.text),
        workspace: /name="workspace" value="([^"]+)"/.exec(page.text)![1]!,
        decision,
      });
      assert.equal(answer.status, 303);
      return new URL(answer.location);
    }
  }

  const requestOf = (page: string) => /name="request" value="([^"]+)"/.exec(page)![1]!;

  /** The SDK's OAuth client interface, remembering in memory; the person consents through `person`. */
  function sdkProvider(person: Person): OAuthClientProvider & { codes: Promise<string> } {
    let information: OAuthClientInformationMixed | undefined;
    let tokens: OAuthTokens | undefined;
    let verifier = '';
    let resolveCode!: (code: string) => void;
    let rejectCode!: (error: unknown) => void;
    const codes = new Promise<string>((resolve, reject) => ((resolveCode = resolve), (rejectCode = reject)));
    return {
      codes,
      get redirectUrl() {
        return REDIRECT;
      },
      get clientMetadata(): OAuthClientMetadata {
        return {
          client_name: 'Test assistant',
          redirect_uris: [REDIRECT],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
        };
      },
      clientInformation: () => information,
      saveClientInformation: (info) => void (information = info),
      tokens: () => tokens,
      saveTokens: (t) => void (tokens = t),
      async redirectToAuthorization(url) {
        try {
          const back = await person.consent(url.href);
          resolveCode(back.searchParams.get('code')!);
        } catch (error) {
          rejectCode(error);
        }
      },
      saveCodeVerifier: (v) => void (verifier = v),
      codeVerifier: () => verifier,
    };
  }

  const pkce = () => {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  };

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

  const rpc = (message: object, accessToken?: string, sessionId?: string) =>
    fetch(`${MCP}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
        ...(sessionId ? { 'Mcp-Session-Id': sessionId } : {}),
      },
      body: JSON.stringify(message),
    });

  /** A tool call in a session of its own, as a client makes it: initialize, then call. */
  async function callTool(name: string, accessToken?: string, args: Record<string, unknown> = {}) {
    const init = await rpc(
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      },
      accessToken,
    );
    if (init.status !== 200) return init;
    await init.text();
    const sessionId = init.headers.get('mcp-session-id') ?? undefined;
    await rpc({ jsonrpc: '2.0', method: 'notifications/initialized' }, accessToken, sessionId);
    const answer = await rpc(
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      accessToken,
      sessionId,
    );
    // Read, then the session ended at once: an address holds at most 20 sessions (mcp-sessions.test.ts).
    const body = await answer.text();
    await fetch(`${MCP}/mcp`, {
      method: 'DELETE',
      headers: { ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}), 'Mcp-Session-Id': sessionId! },
    });
    return new Response(body, { status: answer.status, headers: answer.headers });
  }

  /** The names tools/list gives a token (and the client's headers), in a session of its own. */
  async function toolNames(accessToken: string, headers: Record<string, string> = {}) {
    const send = (message: object, sessionId?: string) =>
      fetch(`${MCP}/mcp`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          Authorization: `Bearer ${accessToken}`,
          ...(sessionId ? { 'Mcp-Session-Id': sessionId } : {}),
          ...headers,
        },
        body: JSON.stringify(message),
      });
    const init = await send({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    await init.text();
    const sessionId = init.headers.get('mcp-session-id') ?? undefined;
    await send({ jsonrpc: '2.0', method: 'notifications/initialized' }, sessionId);
    const listed = (await resultOf(
      await send({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, sessionId),
    )) as unknown as {
      tools: { name: string }[];
    };
    // Ended at once: an address holds at most 20 sessions (mcp-sessions.test.ts).
    await fetch(`${MCP}/mcp`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${accessToken}`, 'Mcp-Session-Id': sessionId! },
    });
    return listed.tools.map((t) => t.name);
  }

  /** The JSON-RPC result in an answer sent as JSON or as a server-sent event. */
  async function resultOf(
    response: Response,
  ): Promise<{ isError?: boolean; structuredContent?: Record<string, unknown>; content: { text: string }[] }> {
    const text = await response.text();
    const json = text.trimStart().startsWith('{') ? text : /^data: (.*)$/m.exec(text)![1];
    return JSON.parse(json).result;
  }

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
