/**
 * OAuth for the MCP endpoint, end to end over HTTP: discovery, registration, PKCE authorization with
 * the person's consent in the API Console, tokens, a private tool, revocation in the console, and
 * each way a request can be wrong. The SDK's own client and its OAuth flow drive the happy path.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
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
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createWidgetKeyTool } from '../surfaces/mcp/create-widget-key.js';
import { createOAuthStore } from '../core/grants/oauth-store.js';
import { createSecretBox } from '../core/webhooks/secret-box.js';
import { createWebhookService } from '../core/webhooks/webhook-service.js';
import { webhookSender } from '../workers/webhook-sender.js';
import { createInventory } from '../core/inventory/inventory.js';
import { createPendingActions } from '../core/organizations/pending-actions.js';
import { pendingWrites } from '../surfaces/mcp/pending-writes.js';
import { createViewingStore } from '../core/listings/viewing-store.js';
import { ORGANIZATIONS } from '../sandbox/organizations.js';
import { startReceiver } from './webhook-receiver.js';

const CONSOLE = 'http://127.0.0.1:8819';
const MCP = 'http://127.0.0.1:8820';
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
    port: 8819,
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
    port: 8820,
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
      page = await this.open(`${CONSOLE}/console/oauth/consent?request=${requestOf(page.text)}&workspace=${workspace}`);
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

describe('MCP OAuth', { timeout: 60_000 }, () => {
  it('publishes its metadata and answers a private tool without a token with 401 pointing at it (RFC 9728)', async () => {
    const metadata = await (await fetch(`${MCP}/.well-known/oauth-authorization-server`)).json();
    assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
    assert.ok(metadata.registration_endpoint);
    const resource = await (await fetch(`${MCP}/.well-known/oauth-protected-resource/mcp`)).json();
    assert.equal(resource.resource, `${MCP}/mcp`);
    const answer = await callTool('list_widget_keys');
    assert.equal(answer.status, 401);
    assert.match(
      answer.headers.get('www-authenticate') ?? '',
      new RegExp(`resource_metadata="${MCP}/.well-known/oauth-protected-resource/mcp"`),
    );
  });

  it('runs the SDK client through registration, PKCE, consent and token to a private tool; revoking in the console stops it at once', async () => {
    const person = new Person();
    const provider = sdkProvider(person);
    let transport = new StreamableHTTPClientTransport(new URL(`${MCP}/mcp`), { authProvider: provider });
    const client = new Client({ name: 'Test assistant', version: '1.0.0' });
    await client.connect(transport);
    // Public tools need no sign-in; the first private call starts the OAuth flow.
    await assert.rejects(client.callTool({ name: 'list_widget_keys', arguments: {} }));
    await transport.finishAuth(await provider.codes);
    transport = new StreamableHTTPClientTransport(new URL(`${MCP}/mcp`), { authProvider: provider });
    const signedIn = new Client({ name: 'Test assistant', version: '1.0.0' });
    await signedIn.connect(transport);
    const keys = await signedIn.callTool({ name: 'list_widget_keys', arguments: {} });
    assert.ok(
      (keys.structuredContent as { data: { key: string }[] }).data.some(
        (k) => k.key === 'svce_test_demo0000000000000001',
      ),
    );
    assert.equal(JSON.stringify(keys).includes('svcp_'), false, 'no secret in a tool result');

    const apps = await person.open(`${CONSOLE}/console/connected-apps`);
    assert.match(apps.text, /Test assistant/);
    assert.match(apps.text, /widget_keys\.read/);
    const clientId = /connected-apps\/([^/]+)\/revoke/.exec(apps.text)![1];
    assert.equal((await person.submit(`/console/connected-apps/${clientId}/revoke`, {})).status, 303);
    assert.equal((await callTool('list_widget_keys', (await provider.tokens())!.access_token)).status, 401);
    await signedIn.close();
    await client.close();
  });

  it('refuses plain PKCE, a missing challenge and a redirect URI it was not given', async () => {
    const client = await register();
    const cases: Record<string, string>[] = [
      { code_challenge_method: 'plain' },
      { code_challenge: '' },
      { redirect_uri: 'https://evil.example/callback' },
    ];
    for (const params of cases) {
      const answer = await fetch(authorizeUrl(client.client_id, 'x'.repeat(43), params), { redirect: 'manual' });
      const location = answer.headers.get('location') ?? '';
      assert.ok(
        answer.status === 400 || /error=invalid_request/.test(location),
        `${JSON.stringify(params)}: ${answer.status} ${location}`,
      );
      assert.ok(!location.startsWith('https://evil.example'), 'never redirects to an unregistered URI');
    }
    const plain = await fetch(authorizeUrl(client.client_id, 'x'.repeat(43), { code_challenge_method: 'plain' }), {
      redirect: 'manual',
    });
    const said = new URL(plain.headers.get('location')!).searchParams.get('error_description');
    assert.equal(said, 'Only S256 is supported as code_challenge_method (PKCE); plain is refused.');
  });

  it('refuses a wrong verifier, then a reused code (revoking what it gave), and a token for another resource', async () => {
    const person = new Person();
    const wrong = await codeFor(person);
    assert.equal(
      (
        await token({
          grant_type: 'authorization_code',
          client_id: wrong.client.client_id,
          code: wrong.code,
          code_verifier: pkce().verifier,
          redirect_uri: REDIRECT,
        })
      ).body.error,
      'invalid_grant',
    );

    const { client, verifier, code } = await codeFor(person);
    const first = await token({
      grant_type: 'authorization_code',
      client_id: client.client_id,
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      resource: `${MCP}/mcp`,
    });
    assert.equal(first.status, 200);
    const again = await token({
      grant_type: 'authorization_code',
      client_id: client.client_id,
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
    });
    assert.equal(again.body.error, 'invalid_grant');
    assert.equal(
      (await callTool('get_organization', first.body.access_token)).status,
      401,
      'tokens from a reused code are revoked',
    );

    const other = await codeFor(person);
    const foreign = await token({
      grant_type: 'authorization_code',
      client_id: other.client.client_id,
      code: other.code,
      code_verifier: other.verifier,
      redirect_uri: REDIRECT,
      resource: 'https://other.example/mcp',
    });
    assert.equal(foreign.body.error, 'invalid_target');
  });

  it('refuses an expired token, a token of another resource, and a missing scope (403 naming it), and refreshes', async () => {
    const person = new Person();
    const { client, verifier, code } = await codeFor(person);
    const tokens = (
      await token({
        grant_type: 'authorization_code',
        client_id: client.client_id,
        code,
        code_verifier: verifier,
        redirect_uri: REDIRECT,
      })
    ).body;
    assert.equal((await callTool('get_organization', tokens.access_token)).status, 200);

    const scoped = await callTool('list_widget_keys', tokens.access_token);
    assert.equal(scoped.status, 403);
    assert.match(scoped.headers.get('www-authenticate') ?? '', /error="insufficient_scope".*scope="widget_keys.read"/);

    const hash = createHash('sha256').update(tokens.access_token).digest('hex');
    await db.query(`update oauth_tokens set resource = 'https://other.example/mcp' where token_sha256 = $1`, [hash]);
    assert.match(
      (await callTool('get_organization', tokens.access_token)).headers.get('www-authenticate') ?? '',
      /invalid_token/,
    );
    await db.query(
      `update oauth_tokens set resource = $2, expires_at = now() - interval '1 second' where token_sha256 = $1`,
      [hash, `${MCP}/mcp`],
    );
    assert.equal((await callTool('get_organization', tokens.access_token)).status, 401, 'expired');

    const refreshed = await token({
      grant_type: 'refresh_token',
      client_id: client.client_id,
      refresh_token: tokens.refresh_token,
    });
    assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
    assert.equal((await callTool('get_organization', refreshed.body.access_token)).status, 200);
    assert.equal(
      (await token({ grant_type: 'refresh_token', client_id: client.client_id, refresh_token: tokens.refresh_token }))
        .body.error,
      'invalid_grant',
      'a refresh token is used once',
    );
  });

  it("creates a widget key only after the person confirms on the service's page, once per idempotency key", async () => {
    const person = new Person();
    const { access_token } = await tokensFor(person, 'widget_keys.write');
    const args = { name: 'Made by an assistant', origins: ['https://Shop.Example'], idempotencyKey: 'assistant-0001' };
    const first = await resultOf(await callTool('create_widget_key', access_token, args));
    assert.equal(first.structuredContent?.status, 'awaiting_confirmation');
    const confirmUrl = String(first.structuredContent?.confirmUrl);
    const page = await person.open(confirmUrl);
    assert.match(page.text, /Made by an assistant/);
    assert.match(page.text, /https:\/\/shop\.example/);
    assert.equal((await person.submit(new URL(confirmUrl).pathname, { decision: 'allow' })).status, 303);
    const again = await resultOf(await callTool('create_widget_key', access_token, args));
    assert.equal(again.structuredContent?.status, 'created');
    const made = again.structuredContent?.widgetKey as { key: string; origins: string[] };
    assert.match(made.key, /^svce_test_/);
    assert.deepEqual(made.origins, ['https://shop.example']);
    const twice = await resultOf(await callTool('create_widget_key', access_token, args));
    assert.equal(
      (twice.structuredContent?.widgetKey as { key: string }).key,
      made.key,
      'the same key and arguments: the same widget key',
    );
    const other = await resultOf(
      await callTool('create_widget_key', access_token, { ...args, name: 'Something else' }),
    );
    assert.equal(other.isError, true);
    assert.match(other.content[0].text, /already used with other arguments/);
    const rows = await db.query<{ n: number }>(
      `select count(*)::int as n from widget_keys where name = 'Made by an assistant'`,
    );
    assert.equal(rows[0].n, 1);
    const audit = await db.query<{ user_id: string }>(
      `select user_id from audit_log where action = 'widget_key.created' and detail->>'name' = 'Made by an assistant'`,
    );
    assert.deepEqual(
      audit.map((r) => r.user_id),
      ['usr_siti'],
    );
  });

  it('refuses a blank or over-long name, and bad origins, exactly as the console does', async () => {
    const person = new Person();
    const { access_token } = await tokensFor(person, 'widget_keys.write');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ', origins: ['https://shop.example'] }, 'Give the key a name you will recognise.'],
      [
        { name: ` ${'n'.repeat(99)} ${'x'.repeat(10)}`, origins: ['https://shop.example'] },
        "Keep the key's name to 100 characters (this one has 110).",
      ],
      [{ name: 'Fine', origins: ['https://*.example.com'] }, 'Wildcards are not allowed'],
    ];
    for (const [i, [args, message]] of cases.entries()) {
      const refused = await resultOf(
        await callTool('create_widget_key', access_token, { ...args, idempotencyKey: `refused-name-${i}` }),
      );
      assert.equal(refused.isError, true, message);
      assert.ok(refused.content[0].text.includes(message), refused.content[0].text);
      // The console's form says the same words.
      const form = await person.submit('/console/widget-keys', {
        name: String(args.name),
        origins: (args.origins as string[]).join('\n'),
      });
      assert.equal(form.status, 422);
      assert.ok(form.text.includes(message.replaceAll("'", '&#39;')), message);
    }
    const rows = await db.query<{ n: number }>(
      `select count(*)::int as n from idempotency_keys where key like 'refused-name-%'`,
    );
    assert.equal(rows[0].n, 0, 'a refused call keeps no idempotency key');
  });

  it("never lets a client answer its own confirmation: elicitation only shows the service's page", async () => {
    const person = new Person();
    const tokens = (await tokensFor(person, 'widget_keys.write')) as unknown as OAuthTokens;
    for (const capabilities of [{ elicitation: { form: {}, url: {} } }, { elicitation: {} }]) {
      const client = new Client({ name: 'Eliciting assistant', version: '1.0.0' }, { capabilities });
      const asked: { mode?: string; url?: string; message: string }[] = [];
      // A client that says yes to anything it is asked, as a hostile or careless one would.
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push(request.params as { mode?: string; url?: string; message: string });
        return { action: 'accept', content: { confirm: true } };
      });
      const transport = new StreamableHTTPClientTransport(new URL(`${MCP}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${tokens.access_token}` } },
      });
      await client.connect(transport);
      const name = `Elicited ${asked.length}${Object.keys(capabilities.elicitation).join('')}`;
      const args = {
        name,
        origins: ['https://attacker.example'],
        idempotencyKey: `elicit-${name.replaceAll(' ', '-')}`,
      };
      const result = await client.callTool({ name: 'create_widget_key', arguments: args });
      const answer = result.structuredContent as { status: string; confirmUrl: string };
      assert.equal(answer.status, 'awaiting_confirmation');
      assert.equal((await db.query('select 1 from widget_keys where name = $1', [name])).length, 0, 'no key yet');
      if ('url' in capabilities.elicitation) {
        assert.equal(asked.length, 1);
        assert.equal(asked[0].mode, 'url');
        assert.equal(asked[0].url, answer.confirmUrl, "the client is shown the service's own page");
      } else assert.equal(asked.length, 0, 'a form-only client is asked nothing');

      // The person decides on the page; only then does the key exist.
      assert.equal((await person.submit(new URL(answer.confirmUrl).pathname, { decision: 'allow' })).status, 303);
      const again = await client.callTool({ name: 'create_widget_key', arguments: args });
      assert.equal((again.structuredContent as { status: string }).status, 'created');
      assert.equal((await db.query('select 1 from widget_keys where name = $1', [name])).length, 1);
      await client.close();
    }
  });

  it("lists deliveries, and replays one only after the person presses Replay on the service's page", async () => {
    const receiver = await startReceiver();
    try {
      const person = new Person();
      const { access_token } = await tokensFor(person, 'webhooks.read webhooks.write');
      const [{ organization_id: org }] = await db.query<{ organization_id: string }>(
        `select organization_id from users where id = 'usr_siti'`,
      );
      const endpoint = (await webhooks.endpoints.create({ organizationId: org, url: `${receiver.base}/mcp` }))!;
      const deliveryId = await webhooks.deliveries.queueTest(endpoint.id, 'widget_key.created', new Date());
      const send = webhookSender({
        deliveries: webhooks.deliveries,
        endpoints: webhooks.endpoints,
        policy: webhooks.policy,
      });
      while ((await send.run(new Date())) > 0);

      const listed = await resultOf(
        await callTool('list_webhook_deliveries', access_token, { endpointId: endpoint.id }),
      );
      assert.deepEqual(
        (listed.structuredContent?.data as { id: string; status: string }[]).map((d) => [d.id, d.status]),
        [[deliveryId, 'succeeded']],
      );
      const args = { deliveryId, idempotencyKey: 'replay-0001' };
      const asked = await resultOf(await callTool('replay_webhook_delivery', access_token, args));
      assert.equal(asked.structuredContent?.status, 'awaiting_confirmation');
      while ((await send.run(new Date())) > 0);
      assert.equal(receiver.at('/mcp').length, 1, 'nothing is sent before the person decides');
      const confirmUrl = String(asked.structuredContent?.confirmUrl);
      const page = await person.open(confirmUrl);
      assert.match(page.text, /Replay<\/button>/);
      assert.equal((await person.submit(`${new URL(confirmUrl).pathname}/replay`, {})).status, 303);
      while ((await send.run(new Date())) > 0);
      const [first, second] = receiver.at('/mcp');
      assert.equal(second.id, first.id, 'the same webhook-id');
      const done = await resultOf(await callTool('replay_webhook_delivery', access_token, args));
      assert.deepEqual(done.structuredContent, { status: 'replayed', deliveryId, outcome: 'answered 200' });
      const other = await resultOf(
        await callTool('replay_webhook_delivery', access_token, { ...args, deliveryId: 'msg_0000000000000000' }),
      );
      assert.equal(other.isError, true);
    } finally {
      receiver.close();
    }
  });

  it('lists only the tools a token can call; read-only leaves out the writes', async () => {
    const { access_token } = await tokensFor(new Person(), 'organizations.read widget_keys.write');
    const names = await toolNames(access_token);
    assert.ok(names.includes('get_organization') && names.includes('create_widget_key'), names.join());
    assert.ok(!names.includes('list_widget_keys') && !names.includes('list_webhook_deliveries'), names.join());
    assert.ok(names.includes('get_valuation'), 'public tools stay');
    const readOnly = await toolNames(access_token, { 'X-MCP-Readonly': 'true' });
    assert.ok(!readOnly.includes('create_widget_key') && readOnly.includes('get_organization'), readOnly.join());
    assert.deepEqual(await toolNames(access_token, { 'X-MCP-Toolsets': 'organization' }), ['get_organization']);
  });

  it('lets a person give an app only what their role allows: a developer cannot give an owner-only scope', async () => {
    const wei = new Person();
    const { challenge } = pkce();
    const client = await register();
    const page = await wei.consentPage(
      authorizeUrl(client.client_id, challenge, { scope: 'organizations.read widget_keys.write' }),
      'usr_wei',
    );
    assert.match(
      page.text,
      /<strong>Lim Wei Jie<\/strong> \(developer\) in the workspace of <strong>Lion City Homes<\/strong>/,
    );
    assert.match(page.text, /cannot give an app <code>widget_keys.write<\/code>: only an owner can/);
    assert.ok(!page.text.includes('value="allow"'), 'no Allow past the role');
    const forced = await wei.submit('/console/oauth/consent', { request: requestOf(page.text), decision: 'allow' });
    assert.equal(forced.status, 403, 'a form sent anyway is refused');
    const within = await codeFor(wei, 'organizations.read webhooks.read', { id: 'usr_wei', name: 'Lim Wei Jie' });
    assert.ok(within.code, 'what the role allows is given');
  });

  it('acts only in the workspace the person connected the app for', async () => {
    const siti = new Person();
    const scope = 'organizations.read inventory.read';
    const page = await siti.consentPage(
      authorizeUrl((await register()).client_id, pkce().challenge, { scope }),
      'usr_siti',
    );
    assert.match(
      page.text,
      /Connect it for another workspace instead: <a href="[^"]+workspace=org_marinaheights">Marina Heights Development<\/a> \(developer\)/,
    );
    const notHers = await siti.open(
      `${CONSOLE}/console/oauth/consent?request=${requestOf(page.text)}&workspace=org_lionrealty`,
    );
    assert.equal(notHers.status, 403, 'a workspace the person does not belong to');

    const developer = (await tokensFor(siti, scope, 'org_marinaheights')).access_token;
    const org = await resultOf(await callTool('get_organization', developer));
    assert.equal(org.structuredContent?.name, 'Marina Heights Development');
    const batches = await resultOf(await callTool('list_inventory_batches', developer));
    assert.equal(batches.isError, undefined, batches.content[0]?.text);
    assert.deepEqual(
      (batches.structuredContent?.data as { id: string }[]).map((b) => b.id),
      ['bat_0001', 'bat_0002', 'bat_0003'],
    );

    const partner = (await tokensFor(siti, scope)).access_token; // her own workspace: Lion City Homes
    const refused = await resultOf(await callTool('list_inventory_batches', partner));
    assert.equal(refused.isError, true);
    assert.match(
      refused.content[0]!.text,
      /connected for Lion City Homes, which is a partner site: inventory belongs to a developer's workspace/,
    );
  });

  it('books a showflat visit only when the person confirms on the service page, and once', async () => {
    const arjun = new Person();
    const { access_token } = (
      await exchange(await codeFor(arjun, 'inventory.write', { id: 'usr_arjun', name: 'Arjun Nair' }))
    ).body;
    const at = new Date();
    at.setUTCDate(at.getUTCDate() + 9);
    at.setUTCHours(6, 30, 0, 0);
    const args = {
      projectId: 'proj_0002',
      startsAt: at.toISOString(),
      visitorName: 'Ong Bee Lian',
      idempotencyKey: 'book-e2e-0001',
    };
    const bookings = () => db.query(`select id from showflat_bookings where starts_at = $1`, [at]);
    const asked = await resultOf(await callTool('book_showflat_slot', access_token, args));
    assert.equal(asked.structuredContent?.status, 'awaiting_confirmation', asked.content[0]?.text);
    const preview = asked.structuredContent?.preview as Record<string, string>;
    assert.deepEqual(
      [preview.Project, preview.Visitor],
      [ORGANIZATIONS.org_marinaheights!.projects[1]!.name, 'Ong Bee Lian'],
    );
    assert.match(preview.When!, /\(Singapore\)$/);
    assert.equal((await bookings()).length, 0, 'nothing changes until the person confirms');
    const again = await resultOf(await callTool('book_showflat_slot', access_token, args));
    assert.equal(again.structuredContent?.actionId, asked.structuredContent?.actionId, 'the same key, the same action');
    const other = await resultOf(
      await callTool('book_showflat_slot', access_token, { ...args, visitorName: 'Someone else' }),
    );
    assert.match(other.content[0]!.text, /already used with other arguments/);

    const confirmUrl = String(asked.structuredContent?.confirmUrl);
    const page = await arjun.open(confirmUrl);
    assert.match(page.text, /Ong Bee Lian/);
    assert.match(page.text, /Nothing is done until you confirm/);
    const path = new URL(confirmUrl).pathname;
    const done = await arjun.submit(path, { decision: 'allow' });
    assert.match(done.text, /Done: <code>sfb_/);
    await arjun.submit(path, { decision: 'allow' }); // a second click does nothing more
    const made = await bookings();
    assert.equal(made.length, 1, 'booked exactly once');
    const [audit] = await db.query<{ user_id: string }>(
      `select user_id from audit_log where action = 'showflat.booked' and target = $1`,
      [made[0]!.id],
    );
    assert.equal(audit?.user_id, 'usr_arjun', "in the audit log under the person's name");
    const booked = await resultOf(await callTool('book_showflat_slot', access_token, args));
    assert.equal(booked.structuredContent?.status, 'done');
    assert.equal((booked.structuredContent?.result as { id: string }).id, made[0]!.id);
  });

  it('passes on a lead only when the person confirms, routed by the developer’s rules, as them', async () => {
    const arjun = new Person();
    const { access_token } = (
      await exchange(await codeFor(arjun, 'leads.write', { id: 'usr_arjun', name: 'Arjun Nair' }))
    ).body;
    const args = {
      projectId: 'proj_0002',
      budget: 2_500_000,
      contactName: 'Goh Kai Wen',
      contactEmail: 'kaiwen@example.com',
      idempotencyKey: 'lead-e2e-0001',
    };
    const leads = () => db.query(`select id, routed_team from leads where contact_email = 'kaiwen@example.com'`);
    const asked = await resultOf(await callTool('submit_lead', access_token, args));
    assert.equal(asked.structuredContent?.status, 'awaiting_confirmation', asked.content[0]?.text);
    assert.equal((await leads()).length, 0);
    const path = new URL(String(asked.structuredContent?.confirmUrl)).pathname;
    assert.match((await arjun.open(`${CONSOLE}${path}`)).text, /Goh Kai Wen &lt;kaiwen@example.com&gt;/);
    await arjun.submit(path, { decision: 'allow' });
    const [lead] = await leads();
    assert.equal(lead?.routed_team, 'Premier sales');
    const done = await resultOf(await callTool('submit_lead', access_token, args));
    assert.match(done.content[0]!.text, /routed to Premier sales/);
    const declined = await resultOf(
      await callTool('submit_lead', access_token, { ...args, idempotencyKey: 'lead-e2e-0002' }),
    );
    const declinedPath = new URL(String(declined.structuredContent?.confirmUrl)).pathname;
    await arjun.open(`${CONSOLE}${declinedPath}`);
    await arjun.submit(declinedPath, { decision: 'deny' });
    const after = await resultOf(
      await callTool('submit_lead', access_token, { ...args, idempotencyKey: 'lead-e2e-0002' }),
    );
    assert.equal(after.structuredContent?.status, 'declined');
    assert.equal((await leads()).length, 1, 'a declined request does nothing');
  });

  it('holds a token to the role the person has now, and to their staying in the workspace', async () => {
    const siti = new Person();
    const token = (await tokensFor(siti, 'organizations.read inventory.read', 'org_marinaheights')).access_token;
    assert.equal((await callTool('list_inventory_batches', token)).status, 200);
    const setRole = (role: string) =>
      db.query(
        `update memberships set role = $1 where user_id = 'usr_siti' and organization_id = 'org_marinaheights'`,
        [role],
      );
    try {
      await setRole('agent'); // an agent may not give inventory.read: the token no longer holds it
      const demoted = await callTool('list_inventory_batches', token);
      assert.equal(demoted.status, 403);
      assert.match(demoted.headers.get('www-authenticate') ?? '', /insufficient_scope.*scope="inventory.read"/);
      assert.equal((await callTool('get_organization', token)).status, 200, 'what the role still allows works');
      await db.query(`delete from memberships where user_id = 'usr_siti' and organization_id = 'org_marinaheights'`);
      assert.equal((await callTool('get_organization', token)).status, 401, 'gone from the workspace: no valid token');
    } finally {
      await db.query(
        `insert into memberships (user_id, organization_id, role) values ('usr_siti', 'org_marinaheights', 'developer')
         on conflict (user_id, organization_id) do update set role = 'developer'`,
      );
    }
  });

  it('requests a viewing in an agency’s workspace only when the person confirms, as them', async () => {
    const meiling = new Person();
    const { access_token } = (
      await exchange(await codeFor(meiling, 'viewings.write', { id: 'usr_meiling', name: 'Tan Mei Ling' }))
    ).body;
    const at = new Date();
    at.setUTCDate(at.getUTCDate() + 11);
    at.setUTCHours(7, 45, 0, 0);
    const args = {
      listingId: 'lst_0001',
      startsAt: at.toISOString(),
      attendeeName: 'Lee Jia Hui',
      idempotencyKey: 'view-e2e-0001',
    };
    const asked = await resultOf(await callTool('request_viewing', access_token, args));
    assert.equal(asked.structuredContent?.status, 'awaiting_confirmation', asked.content[0]?.text);
    const path = new URL(String(asked.structuredContent?.confirmUrl)).pathname;
    assert.equal((await db.query(`select 1 from viewings where attendee_name = 'Lee Jia Hui'`)).length, 0);
    await meiling.open(`${CONSOLE}${path}`);
    await meiling.submit(path, { decision: 'allow' });
    const [viewing] = await db.query<{ id: string }>(`select id from viewings where attendee_name = 'Lee Jia Hui'`);
    assert.ok(viewing, 'requested once confirmed');
    const [audit] = await db.query<{ user_id: string }>(
      `select user_id from audit_log where action = 'viewing.requested' and target = $1`,
      [viewing!.id],
    );
    assert.equal(audit?.user_id, 'usr_meiling');
    const done = await resultOf(await callTool('request_viewing', access_token, args));
    assert.equal(done.structuredContent?.status, 'done');
  });

  it('on a step-up, marks what the app already holds so the person sees just the new scope', async () => {
    const siti = new Person();
    const client = await register();
    const { verifier, challenge } = pkce();
    const back = await siti.consent(authorizeUrl(client.client_id, challenge, { scope: 'organizations.read' }));
    await exchange({ client, verifier, code: back.searchParams.get('code')! }); // connected: it holds a token
    const again = await siti.consentPage(
      authorizeUrl(client.client_id, pkce().challenge, { scope: 'organizations.read widget_keys.read' }),
      'usr_siti',
    );
    assert.match(again.text, /<code>organizations.read<\/code>: [^<]+<span class="hint">\(already given\)<\/span>/);
    assert.match(again.text, /<code>widget_keys.read<\/code>: [^<]+<strong>\(new\)<\/strong>/);
  });

  it('lets the person deny, and keeps tokens and codes only as hashes', async () => {
    const client = await register();
    const back = await new Person().consent(authorizeUrl(client.client_id, pkce().challenge), 'deny');
    assert.equal(back.searchParams.get('error'), 'access_denied');
    const stored =
      JSON.stringify(await db.query('select * from oauth_tokens')) +
      JSON.stringify(await db.query('select * from oauth_codes'));
    assert.ok(!/mcpat_|mcprt_|mcpac_/.test(stored));
  });
});

describe('MCP OAuth defences', { timeout: 60_000 }, () => {
  const registerWith = (metadata: Record<string, unknown>) =>
    fetch(`${MCP}/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'Registrant', token_endpoint_auth_method: 'none', ...metadata }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, string> }));

  it('registers only https or loopback redirect URIs, and only https URLs it would show a person', async () => {
    for (const redirect of [
      'http://app.evil.example/callback',
      'file:///etc/passwd',
      'ftp://files.example/cb',
      'javascript:alert(1)',
      'https://user:pass@app.example/cb',
    ]) {
      const refused = await registerWith({ redirect_uris: [redirect] });
      assert.equal(refused.status, 400, redirect);
      assert.equal(refused.body.error, 'invalid_client_metadata', redirect);
    }
    for (const field of ['policy_uri', 'client_uri', 'logo_uri', 'tos_uri']) {
      const refused = await registerWith({ redirect_uris: [REDIRECT], [field]: 'javascript:alert(document.domain)' });
      assert.equal(refused.status, 400, field);
      assert.equal(refused.body.error, 'invalid_client_metadata', field);
      const plain = await registerWith({ redirect_uris: [REDIRECT], [field]: 'http://app.example/page' });
      assert.equal(plain.status, 400, `${field} over http`);
      assert.match(plain.body.error_description, new RegExp(`${field} must be an https URL`));
    }
    for (const redirect of [
      'https://app.example/cb',
      'http://127.0.0.1:7777/cb',
      'http://localhost/cb',
      'http://[::1]:9/cb',
    ])
      assert.equal((await registerWith({ redirect_uris: [redirect] })).status, 201, redirect);
  });

  it("answers OAuth's routes only for its own host name, as /mcp does", async () => {
    const { request } = await import('node:http');
    const statusFor = (path: string, host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: 8820, path, headers: { Host: host } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of ['/.well-known/oauth-authorization-server', '/authorize?client_id=x', '/mcp']) {
      assert.equal(await statusFor(path, 'rebound.evil.example'), 403, path);
    }
    assert.equal(await statusFor('/.well-known/oauth-authorization-server', '127.0.0.1:8820'), 200);
  });

  it('revokes the whole grant when a used refresh token comes back (a stolen copy)', async () => {
    const person = new Person();
    const granted = await codeFor(person);
    const { client } = granted;
    const first = (await exchange(granted)).body;
    const refreshed = (
      await token({ grant_type: 'refresh_token', client_id: client.client_id, refresh_token: first.refresh_token })
    ).body;
    assert.equal((await callTool('get_organization', refreshed.access_token)).status, 200);
    // A minute later (not a client's retry within seconds): the stolen copy comes back.
    await db.query(`update oauth_tokens set used_at = used_at - interval '1 minute' where token_sha256 = $1`, [
      createHash('sha256').update(first.refresh_token).digest('hex'),
    ]);
    const replay = await token({
      grant_type: 'refresh_token',
      client_id: client.client_id,
      refresh_token: first.refresh_token,
    });
    assert.equal(replay.body.error, 'invalid_grant');
    assert.equal((await callTool('get_organization', refreshed.access_token)).status, 401, 'the family is revoked');
  });

  it('exchanges one code once when twenty requests race for it', async () => {
    const granted = await codeFor(new Person());
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchange(granted)));
    assert.equal(answers.filter((a) => a.status === 200).length, 1);
  });

  it('takes a client described by its metadata document (client_id is its URL), and refuses documents that do not fit', async () => {
    const documents: Record<string, unknown> = {};
    const documentServer = createServer((req, res) => {
      const document = documents[req.url ?? ''];
      res.writeHead(document ? 200 : 404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(document ?? {}));
    });
    await new Promise<void>((resolve) => documentServer.listen(8898, '127.0.0.1', resolve));
    try {
      const base = 'http://127.0.0.1:8898';
      const good = `${base}/assistant/client.json`;
      documents['/assistant/client.json'] = {
        client_id: good,
        client_name: 'Document assistant',
        redirect_uris: [REDIRECT],
      };
      const metadata = (await (await fetch(`${MCP}/.well-known/oauth-authorization-server`)).json()) as Record<
        string,
        unknown
      >;
      assert.equal(metadata.client_id_metadata_document_supported, true);

      const { verifier, challenge } = pkce();
      const back = await new Person().consent(authorizeUrl(good, challenge, { scope: 'organizations.read' }));
      const tokens = await token({
        grant_type: 'authorization_code',
        client_id: good,
        code: back.searchParams.get('code')!,
        code_verifier: verifier,
        redirect_uri: REDIRECT,
      });
      assert.equal(tokens.status, 200, JSON.stringify(tokens.body));
      const org = await resultOf(await callTool('get_organization', tokens.body.access_token));
      assert.equal(org.structuredContent?.name, 'Lion City Homes');

      documents['/other/client.json'] = { client_id: `${base}/someone-else.json`, redirect_uris: [REDIRECT] };
      documents['/secret/client.json'] = {
        client_id: `${base}/secret/client.json`,
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'client_secret_post',
      };
      documents['/script/client.json'] = {
        client_id: `${base}/script/client.json`,
        redirect_uris: ['javascript:alert(1)'],
      };
      for (const clientId of [
        `${base}/other/client.json`, // names another client
        `${base}/secret/client.json`, // a document is public: no secrets
        `${base}/script/client.json`, // a redirect URI no registration may have
        `${base}/missing.json`, // 404
        'http://10.0.0.1/client.json', // an address the service never fetches
      ]) {
        const refused = await fetch(authorizeUrl(clientId, challenge), { redirect: 'manual' });
        assert.equal(refused.status, 400, clientId);
      }
      const elsewhere = await fetch(authorizeUrl(good, challenge, { redirect_uri: 'http://127.0.0.1:9999/other' }), {
        redirect: 'manual',
      });
      assert.equal(elsewhere.status, 400, 'a redirect URI the document does not list');
    } finally {
      documentServer.close();
    }
  });
});
