/** The loader on pages that add containers late, include the script twice, or re-theme at run time. */
import type { Request } from '@playwright/test';
import { expect, test, API_BASE, panelBackground } from './fixtures.js';

test('mounts containers added after load, once each, even with the script included twice', async ({ page }) => {
  await page.goto('/qa.html');
  await expect(page.locator('service-valuation')).toHaveCount(1);
  await page.evaluate((host) => {
    const again = document.createElement('script');
    again.src = `${host}/v1/widget.js`;
    document.body.append(again);
    for (let i = 0; i < 2; i++) {
      const container = document.createElement('div');
      container.setAttribute('data-service-valuation', '');
      container.setAttribute('data-embed-key', 'svce_test_demo0000000000000001');
      document.body.append(container);
    }
  }, API_BASE);
  await expect(page.locator('service-valuation')).toHaveCount(3);
  await page.waitForTimeout(200);
  await expect(page.locator('service-valuation')).toHaveCount(3);
  await expect(page.getByRole('combobox')).toHaveCount(3);
});

test('a script in the head, run before the body exists, mounts every container the parser adds after it', async ({
  page,
}) => {
  await page.goto('/head-script.html');
  await expect(page.locator('service-valuation')).toHaveCount(2);
  await expect(page.getByRole('combobox')).toHaveCount(2);
  const second = page.locator('[data-service-valuation]').nth(1);
  await second.getByRole('combobox').fill('560102');
  await second.getByRole('option').first().click();
  await expect(second.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
});

test('follows data-theme changes at run time', async ({ page }) => {
  await page.goto('/qa.html');
  await expect.poll(() => panelBackground(page)).toBe('rgb(255, 255, 255)');
  await page.locator('[data-service-valuation]').evaluate((el) => el.setAttribute('data-theme', 'dark'));
  await expect.poll(() => panelBackground(page)).toBe('rgb(21, 27, 34)');
});

test('a container removed mid-request leaves no error behind', async ({ page, consoleMessages }) => {
  await page.goto('/qa.html');
  const isSuggestions = (request: Request) => request.url().includes('/v1/suggestions');
  const sent = page.waitForRequest(isSuggestions);
  await page.getByRole('combobox').fill('sandbox slow');
  await sent; // the slow answer is on its way when the container goes
  const stopped = page.waitForEvent('requestfailed', isSuggestions);
  await page.locator('[data-service-valuation]').evaluate((el) => el.remove());
  await expect(page.locator('service-valuation')).toHaveCount(0);
  // The element stops its request as it leaves the page (an error from the answer would fail the page-error check).
  expect((await stopped).failure()?.errorText).toBe('net::ERR_ABORTED');
  expect(consoleMessages.filter((line) => line.startsWith('error'))).toEqual([]);
});

test('data-theme="auto" follows the visitor\u2019s colour scheme, both ways', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/qa.html?theme=auto');
  await expect.poll(() => panelBackground(page)).toBe('rgb(21, 27, 34)');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => panelBackground(page)).toBe('rgb(255, 255, 255)');
});
