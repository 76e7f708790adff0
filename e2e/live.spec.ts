/**
 * The road from an approved review to a live estimate on a real website: a service started here with
 * live beside the sandbox on a database holding official files (imported-world.ts), the service's
 * staff approving, the owner switching the console to live, making a live widget key for a website
 * and pasting its snippet into a page that a server of that website's origin serves on loopback.
 * Live's pages are checked by axe, light and dark, at 1,280 and 360 px.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../service/db/database.js';
import { startService, type StartedService } from '../service/servers/start-service.js';
import { importedWorld } from '../service/tests/imported-world.js';
import { expectServicePageAccessible } from './accessibility.js';
import { expect, search, test } from './fixtures.js';
import { PASSWORD, staffAndApplicant } from './review-accounts.js';

let service: StartedService;
let db: Database;
let base = '';

/** The site owner's website: one page, whose body is the snippet the console gave. */
let website: Server;
let websiteOrigin = '';
let snippet = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  db = await importedWorld();
  service = await startService({
    database: db,
    origins: { widgetHost: 0 },
    // A deployment for development: live widget keys may list a loopback website.
    live: { origins: { widgetHost: 0, platform: 0, mcp: 0 }, loopbackOrigins: true },
    settings: { visitorLimits: false },
  });
  base = service.urls.widgetHost.replace(/\/$/, '');
  await staffAndApplicant(db, {
    organizationId: 'org_straits',
    organizationName: 'Straits Property',
    name: 'Farid Osman',
    email: 'farid@straits.test',
  });
  website = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><title>Straits Property</title></head>
<body><main><h1>What is your home worth?</h1>${snippet}</main></body></html>`);
  });
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
  websiteOrigin = `http://localhost:${(website.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  website?.close();
  await service?.stop();
  await db?.close();
});

test('approved, the owner switches to live, makes a live widget key and a visitor reads a live estimate on the website', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const signIn = async (email: string) => {
    await page.goto(`${base}/console/sign-in`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  };
  await signIn('huimin@service.test');
  await page.getByRole('link', { name: 'Integration reviews' }).click();
  await page.getByRole('button', { name: 'Approve Straits Property' }).click();
  await expect(page.getByText('No review is waiting.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();

  await signIn('farid@straits.test');
  const environment = page.getByRole('region', { name: 'Environment' });
  await expect(environment).toContainText('Sandbox: test data');
  await page.getByRole('link', { name: 'Go live' }).click();
  await expect(page.getByRole('heading', { name: 'What comes next' })).toBeVisible();
  await expect(page.getByText(/Register your webhook endpoints again/)).toBeVisible();
  await expectServicePageAccessible(page);
  await page.getByRole('button', { name: 'Switch the console to live' }).click();

  await expect(page.getByRole('heading', { name: 'Platform keys', level: 1 })).toBeVisible();
  await expect(environment).toContainText('Live: real data');
  await expect(page.getByRole('heading', { name: 'Create a live platform key' })).toBeVisible();
  await page.getByRole('link', { name: 'Widget keys' }).click();
  await page.getByLabel('Name').fill('Straits Property website');
  await page.getByLabel('Websites').fill(websiteOrigin);
  await page.getByRole('button', { name: 'Create widget key' }).click();
  await page.getByRole('link', { name: 'Build the snippet for this key' }).click();
  const snippetBox = page.locator('#snippet');
  await expect(snippetBox).toHaveValue(/data-embed-key="svce_live_[a-z0-9]{24}"/);
  await expect(snippetBox).toHaveValue(new RegExp(`src="${service.live!.urls.widgetHost}v1/widget.js"`));
  await expectServicePageAccessible(page);
  snippet = await snippetBox.inputValue();

  // A visitor on the website: the live widget host answers from the official files.
  await page.goto(`${websiteOrigin}/`);
  await search(page, 'ang mo kio');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
  await expect(page.getByRole('table', { name: /recent sales used for this estimate/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Estimate by Service Valuations/ })).toHaveAttribute(
    'href',
    new RegExp(`^${service.live!.urls.widgetHost}valuation/`),
  );
  await expect(page.getByRole('link', { name: /Resale Flat Prices dataset/ })).toBeVisible();

  // A condo known only from URA's downloaded file: found as a visitor types part of its name, valued from
  // its own project's sales (one site: 0 m away).
  await search(page, 'seawind marine');
  await page
    .getByRole('option', { name: /Seawind @ Marine Parade/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
  const condoSales = page.getByRole('table', { name: /recent sales used for this estimate/ });
  await expect(condoSales.getByText('0 m away').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Private Residential Property Transactions/ })).toBeVisible();

  // Onboarding says live now that a live key is held; the sandbox's console lists none of live's keys.
  expect((await service.services.readiness.of('org_straits')).status).toBe('live');
  await page.goto(`${base}/console/widget-keys`);
  await expect(page.getByText('Straits Property website')).toBeVisible();
  await page.getByRole('button', { name: 'Switch to sandbox' }).click();
  await expect(environment).toContainText('Sandbox: test data');
  await expect(page.getByRole('heading', { name: 'Widget keys', level: 1 })).toBeVisible();
  await expect(page.getByText('Straits Property website')).toHaveCount(0);
});
