/** The static demo runs the same sandbox host in the page through MSW, with no server behind it. */
import { STATIC_DEMO_PORT } from './ports.js';
import { expect, search, test } from './fixtures.js';

test('the static demo answers from the in-page sandbox host', async ({ page }) => {
  const apiRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/')) apiRequests.push(r.url());
  });
  await page.goto(`http://localhost:${STATIC_DEMO_PORT}/`);
  await search(page, 'parc esta');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
  await expect(page.getByRole('table', { name: /recent sales/ })).toBeVisible();
  expect(apiRequests.every((url) => url.startsWith(`http://localhost:${STATIC_DEMO_PORT}/v1/`))).toBe(true);
});
