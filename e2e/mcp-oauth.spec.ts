/**
 * An AI client connects to the MCP endpoint the way a person meets it: the SDK's own client and its
 * OAuth provider do discovery, registration and PKCE; the person signs in and consents in the API
 * Console in a real browser; the client calls a private tool; the person disconnects it in the
 * console; the next call is refused with 401. The consent names the workspace the app acts in. The
 * client asks only for the scope its first tool names, and steps up (keeping what it had) when a write
 * needs more.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { MCP_PORT } from './ports.js';
import { publicClientMetadata } from '../service/tests/oauth-memory-client.js';
import { API_BASE, expect, test } from './fixtures.js';
import { expectAccessible } from './accessibility.js';

const MCP_URL = `http://127.0.0.1:${MCP_PORT}/mcp`;

const CALLBACK = 'http://127.0.0.1:8899/callback';

test('an AI client signs in through the console, calls a private tool, and is disconnected', async ({ page }) => {
  // Three consents, a confirmation and seven axe runs: about 26 s on an idle machine, past 30 s on CI's busy one.
  test.slow();
  let information: OAuthClientInformationMixed | undefined;
  let tokens: OAuthTokens | undefined;
  let verifier = '';
  let authorizationUrl: URL | undefined;
  const provider: OAuthClientProvider = {
    redirectUrl: CALLBACK,
    clientMetadata: publicClientMetadata('Playwright assistant', CALLBACK),
    clientInformation: () => information,
    saveClientInformation: (info) => void (information = info),
    tokens: () => tokens,
    saveTokens: (t) => void (tokens = t),
    redirectToAuthorization: (url) => void (authorizationUrl = url),
    saveCodeVerifier: (v) => void (verifier = v),
    codeVerifier: () => verifier,
  };

  const client = new Client({ name: 'Playwright assistant', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider }));
  expect((await client.listTools()).tools.map((t) => t.name)).toContain('list_widget_keys');
  await expect(client.callTool({ name: 'list_widget_keys', arguments: {} })).rejects.toThrow();
  expect(authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
  // The 401 named the tool's scope, so the stock client asks for that, not every scope the server has.
  expect(authorizationUrl?.searchParams.get('scope')).toBe('widget_keys.read');

  // The person: the console's sign-in, naming the app, then a consent screen naming exactly the scopes asked for.
  await page.route(`${CALLBACK}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Back in the app</title><p>You can close this tab.</p>' }),
  );
  await page.goto(authorizationUrl!.href);
  await expect(page.getByRole('heading', { name: 'Sign in to the API Console' })).toBeVisible();
  await expect(page.getByText('Playwright assistant asks to connect to your account')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/Siti Rahman/).check();
  await page.getByRole('button', { name: 'Act as this sandbox person' }).click();
  await expect(page.getByRole('heading', { name: 'Connect Playwright assistant?' })).toBeVisible();
  // The workspace it will act in, and only there: Siti's own (she also works for a developer).
  await expect(page.getByText(/Siti Rahman \(owner\) in the workspace of Lion City Homes/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Marina Heights Development' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page);
  /** Allows on the consent page shown and gives the client the code it came back with. */
  const allow = async () => {
    const [callback] = await Promise.all([
      page.waitForRequest(`${CALLBACK}**`),
      page.getByRole('button', { name: 'Allow' }).click(),
    ]);
    // The app's page must have finished loading: a goto while it is still committing races it, and
    // either navigation can end on Chromium's error page.
    await expect(page).toHaveTitle('Back in the app');
    const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider });
    await transport.finishAuth(new URL(callback.url()).searchParams.get('code')!);
    const signedIn = new Client({ name: 'Playwright assistant', version: '1.0.0' });
    await signedIn.connect(new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider }));
    return signedIn;
  };
  let signedIn = await allow();
  const keys = await signedIn.callTool({ name: 'list_widget_keys', arguments: {} });
  expect(JSON.stringify(keys.structuredContent)).toContain('svce_test_demo0000000000000001');

  // A write needs widget_keys.write. The 403 names what the token holds and what it lacks; this SDK
  // refreshes instead of asking again (its refresh cannot add a scope), so the app, as its docs advise,
  // drops its tokens and authorizes again for the tool's scope: the person sees only the new one.
  await expect(
    signedIn.callTool({ name: 'create_widget_key', arguments: { name: 'x', origins: [], idempotencyKey: 'e2e-x' } }),
  ).rejects.toThrow(/403/);
  tokens = undefined;
  authorizationUrl = undefined;
  const again = new Client({ name: 'Playwright assistant', version: '1.0.0' });
  await again.connect(new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider }));
  await expect(
    again.callTool({ name: 'create_widget_key', arguments: { name: 'x', origins: [], idempotencyKey: 'e2e-x' } }),
  ).rejects.toThrow();
  const stepUp = authorizationUrl as URL | undefined; // set by the provider while the call ran
  expect(stepUp?.searchParams.get('scope')).toBe('widget_keys.write');
  await page.goto(stepUp!.href);
  await expect(page.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('listitem')).toContainText('widget_keys.write');
  await expect(page.getByRole('listitem')).toContainText('(new)');
  await expectAccessible(page);
  signedIn = await allow();

  // A consequential write from a client without elicitation: the person confirms on the service's page.
  const args = {
    name: 'Asked for by an assistant',
    origins: ['https://assistant.example'],
    idempotencyKey: 'e2e-assistant-1',
  };
  const waiting = await signedIn.callTool({ name: 'create_widget_key', arguments: args });
  const { status, confirmUrl } = waiting.structuredContent as { status: string; confirmUrl: string };
  expect(status).toBe('awaiting_confirmation');
  // The person opens the link the assistant gave in a new tab: the routed app page stays out of it.
  const tab = await page.context().newPage();
  await tab.goto(confirmUrl);
  await expect(tab.getByText('Asked for by an assistant')).toBeVisible();
  await expect(tab.getByText(/Playwright assistant, an AI app you connected, asks to create/)).toBeVisible();
  await expectAccessible(tab);
  await tab.getByRole('button', { name: 'Create the key' }).click();
  await expect(tab.getByRole('status')).toContainText('Widget key created');
  const made = await signedIn.callTool({ name: 'create_widget_key', arguments: args });
  expect((made.structuredContent as { status: string }).status).toBe('created');

  await tab.goto(`${API_BASE}/console/connected-apps`);
  const row = tab.getByRole('row', { name: /Playwright assistant/ });
  await expect(row).toContainText('widget_keys.read');
  await expect(row).toContainText(/returns to 127\.0\.0\.1:\d+ · client /);
  await row.getByRole('link', { name: /^Disconnect Playwright assistant \(.+\)…$/ }).click();
  await expect(tab.getByRole('heading', { name: 'Disconnect “Playwright assistant”?' })).toBeVisible();
  await expectAccessible(tab);
  await tab.getByRole('button', { name: 'Disconnect' }).click();
  await expect(tab.getByText('No AI app is connected.')).toBeVisible();
  await expectAccessible(tab);

  const after = await fetch(MCP_URL, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      Authorization: `Bearer ${tokens!.access_token}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'list_widget_keys', arguments: {} },
    }),
  });
  expect(after.status).toBe(401);
  expect(after.headers.get('www-authenticate')).toContain('resource_metadata=');
  await signedIn.close();
  await client.close();
});
