/**
 * The MCP endpoint with OAuth as the sandbox serves it, for tests over real HTTP: PGlite migrated and
 * seeded, the API Console (sign-in, consent, confirmations) and the MCP server on free ports, and
 * the helpers a test plays the person and the client with. One per test file.
 */
import assert from 'node:assert/strict';
import { serviceForTests } from './service-for-tests.js';
import { ConsoleBrowser } from './console-browser.js';
import { rawMcpClient } from './mcp-raw-client.js';
import { inMemoryProvider, pkce } from './oauth-memory-client.js';
import type { TestMail } from './test-mail.js';

/** Starts the console and the MCP endpoint before the file's tests and stops them after. */
export function mcpOAuthSandbox(options: { mail?: TestMail } = {}) {
  const REDIRECT = 'http://127.0.0.1:8899/callback';
  const sandbox = serviceForTests(async () => ({
    origins: { widgetHost: 0, mcp: 0 },
    // The webhook receivers and the client documents' server in these files are on loopback, which the operator allows.
    settings: {
      addresses: { allowHosts: new Set(['127.0.0.1']) },
      ...(options.mail ? { mail: await options.mail.start() } : {}),
    },
    // Mail leaves through the workers' sender.
    workers: Boolean(options.mail),
    mcp: { registrationsPerHour: 1000 },
  }));
  /** The console's origin (the widget host's) and the MCP origin, once started. */
  const CONSOLE = () => sandbox.urls().widgetHost.replace(/\/$/, '');
  const MCP = () => sandbox.urls().mcp;

  /** The person at the console: a cookie jar, and the CSRF token of the last page. */
  /** The person at the console (a browser-like client of it) who signs in and consents. */
  class Person extends ConsoleBrowser {
    constructor() {
      super(CONSOLE());
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
        page = await this.get(`${CONSOLE()}${signedIn.location}`);
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
          `${CONSOLE()}/console/oauth/consent?request=${requestOf(page.text)}&workspace=${workspace}`,
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
    const response = await fetch(`${MCP()}/register`, {
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
    const url = new URL(`${MCP()}/authorize`);
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'organizations.read',
      resource: `${MCP()}/mcp`,
      state: 'xyz',
      ...extra,
    }))
      url.searchParams.set(k, v);
    return url.href;
  }

  const token = (fields: Record<string, string>) =>
    fetch(`${MCP()}/token`, {
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

  const { rpc, callTool, toolNames, resultOf } = rawMcpClient(() => `${MCP()}/mcp`);

  async function tokensFor(person: Person, scope: string, workspace?: string) {
    return (await exchange(await codeFor(person, scope, undefined, workspace))).body;
  }

  return {
    db: sandbox.db,
    webhooks: () => sandbox.services().webhooks,
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
