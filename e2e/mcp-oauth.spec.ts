/**
 * An AI client connects to the MCP endpoint the way a person meets it: the SDK's own client and its
 * OAuth provider do discovery, registration and PKCE; the person signs in and consents in the API
 * Console in a real browser; the client calls a private tool; the person disconnects it in the
 * console; the next call is refused with 401. The consent names the workspace the app acts in, and a
 * tool of another workspace is refused.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { MCP_PORT } from '../playwright.config.js';
import { publicClientMetadata } from '../service/tests/oauth-memory-client.js';
import { API_BASE, expect, test } from './fixtures.js';
import { WCAG_TAGS } from './in-page.js';

const MCP_URL = `http://127.0.0.1:${MCP_PORT}/mcp`;

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    results.violations.map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
const CALLBACK = 'http://127.0.0.1:8899/callback';

test('an AI client signs in through the console, calls a private tool, and is disconnected', async ({ page }) => {
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

  // The person: the console's sign-in, then a consent screen naming exactly the scopes asked for.
  await page.route(`${CALLBACK}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Back in the app</title><p>You can close this tab.</p>' }),
  );
  await page.goto(authorizationUrl!.href);
  await expect(page.getByRole('heading', { name: 'Sign in to the API Console' })).toBeVisible();
  await page.getByLabel(/Siti Rahman/).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Connect Playwright assistant?' })).toBeVisible();
  // The workspace it will act in, and only there: Siti's own (she also works for a developer).
  await expect(page.getByText(/Siti Rahman \(owner\) in the workspace of Lion City Homes/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Marina Heights Development' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(
    authorizationUrl!.searchParams.get('scope')?.split(' ').length ?? 3,
  );
  await expectAccessible(page);
  const [callback] = await Promise.all([
    page.waitForRequest(`${CALLBACK}**`),
    page.getByRole('button', { name: 'Allow' }).click(),
  ]);
  const code = new URL(callback.url()).searchParams.get('code')!;
  // The app's page must have finished loading: a goto while it is still committing races it, and
  // either navigation can end on Chromium's error page.
  await expect(page).toHaveTitle('Back in the app');

  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider });
  await transport.finishAuth(code);
  const signedIn = new Client({ name: 'Playwright assistant', version: '1.0.0' });
  await signedIn.connect(new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider }));
  const keys = await signedIn.callTool({ name: 'list_widget_keys', arguments: {} });
  expect(JSON.stringify(keys.structuredContent)).toContain('svce_test_demo0000000000000001');
  // Another workspace's work is refused: a developer's inventory is not Lion City Homes'.
  const elsewhere = await signedIn.callTool({ name: 'list_inventory_batches', arguments: {} });
  expect(elsewhere.isError).toBe(true);
  expect(JSON.stringify(elsewhere.content)).toContain("inventory belongs to a developer's workspace");

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
