/**
 * Every page of the service (the sandbox's index, the console signed out and in, the docs, the
 * valuation pages, the Platform API's reference) on a phone and a desktop, light and dark: none
 * scrolls sideways, and axe finds nothing. A screenshot of each is kept with the test's output.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { MAIL_INBOX_PORT, PLATFORM_PORT } from './ports.js';
import { API_BASE, expect, test } from './fixtures.js';
import { WCAG_TAGS } from './in-page.js';

const PUBLIC_PAGES = [
  `${API_BASE}/`,
  `${API_BASE}/console/`,
  `${API_BASE}/console/sign-up`,
  `${API_BASE}/console/reset-password`,
  `http://127.0.0.1:${MAIL_INBOX_PORT}/`,
  `${API_BASE}/docs/messages`,
  `${API_BASE}/docs/mcp`,
  `${API_BASE}/valuation/`,
  `${API_BASE}/valuation/?q=ang+mo+kio`,
  `${API_BASE}/valuation/hdb-560102-4-room?mode=sale`,
  `${API_BASE}/valuation/hdb-560102-4-room?mode=sale&storey=3&floorAreaSqm=100`,
  `${API_BASE}/valuation/condo-the-sail-marina-bay-marina-boulevard-2br?mode=rent`,
  `http://127.0.0.1:${PLATFORM_PORT}/reference`,
  `http://127.0.0.1:${PLATFORM_PORT}/reference/webhooks`,
  `http://127.0.0.1:${PLATFORM_PORT}/reference/schemas`,
  `http://127.0.0.1:${PLATFORM_PORT}/reference/search?q=listing`,
];
const SIGNED_IN_PAGES = [
  '/console/widget-keys',
  '/console/widget-keys/wk_seed001',
  '/console/widget-keys/wk_seed001/snippet',
  '/console/platform-keys',
  '/console/webhooks',
  '/console/connected-apps',
  '/console/audit',
  '/console/go-live',
  '/console/account',
  '/console/members',
  '/console/account/security',
];

async function expectFits(page: Page, url: string) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page, `${url} scrolls sideways`).toBeLessThanOrEqual(widths.viewport);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    url,
  ).toEqual([]);
}

for (const width of [360, 1280]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`every service page fits ${width} px, ${colorScheme}, with axe clean`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 900 });
      const shoot = (name: string) =>
        page.screenshot({ path: test.info().outputPath(`${name}-${width}-${colorScheme}.png`), fullPage: true });
      for (const url of PUBLIC_PAGES) {
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(200);
        await expectFits(page, url);
        await shoot(new URL(url).pathname.replace(/\W+/g, '-') || 'index');
      }
      await page.goto(`${API_BASE}/console/`);
      await page.getByRole('button', { name: 'Act as this sandbox person' }).click();
      await expect(page.getByRole('heading', { name: 'Widget keys' })).toBeVisible();
      for (const path of SIGNED_IN_PAGES) {
        const response = await page.goto(`${API_BASE}${path}`);
        expect(response?.status(), path).toBe(200);
        await expectFits(page, path);
        await shoot(path.replace(/\W+/g, '-'));
      }
    });
  }
}

test("the reference's Try it sends a request to the sandbox and shows the answer as text", async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The browser logs the deliberate 401 below as a failed load; anything else is a fault of the page.
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 401/.test(message.text())) errors.push(message.text());
  });
  // From the overview's contents to the operation, as a reader gets there.
  await page.goto(`http://127.0.0.1:${PLATFORM_PORT}/reference`);
  await page.getByRole('link', { name: 'GET /v1/valuations/properties/{propertyId}/estimate' }).click();
  await expect(page).toHaveURL(/\/reference\/valuations#getValuation$/);
  const operation = page.locator('#getValuation');
  await operation.getByText('Try it: here, with curl, the SDK or the CLI').click();
  await expect(operation.getByLabel('propertyId (path, required)')).toHaveValue('hdb-560102-4-room');
  await operation.getByLabel('mode (query)').fill('rent');
  await operation.getByRole('button', { name: 'Send to the sandbox' }).click();
  const answer = operation.locator('pre.answer');
  await expect(answer).toContainText(/^200 OK\nRequest-Id: req_[0-9a-f]+/);
  await expect(answer).toContainText('"mode": "rent"');
  await operation.getByLabel('API key').fill('svcp_test_<b>nope</b>');
  await operation.getByRole('button', { name: 'Send to the sandbox' }).click();
  await expect(answer).toContainText(/^401 /);
  await expect(answer.locator('b')).toHaveCount(0); // shown as text, never as HTML
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  expect(errors).toEqual([]);
});
