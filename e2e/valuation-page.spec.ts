/** The service's public valuation page: server-rendered, usable without JavaScript, accessible. */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, API_BASE } from './fixtures.js';
import { WCAG_TAGS } from './in-page.js';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the estimate, its range, confidence, as-of date, comparables and disclaimer without JavaScript', async ({
    page,
  }) => {
    await page.goto(`${API_BASE}/valuation/hdb-560102-4-room?mode=sale`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blk 102 Ang Mo Kio Avenue 3');
    await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
    await expect(page.getByText(/^Likely between S\$[\d,]+ and S\$[\d,]+$/)).toBeVisible();
    await expect(page.getByRole('table', { name: /recent sales used for this estimate/ })).toBeVisible();
    await expect(page.getByText(/not a valuation or appraisal/)).toBeVisible();
    await page.getByRole('link', { name: 'Monthly rent' }).click();
    await expect(page).toHaveURL(/mode=rent$/);
    await expect(page.getByRole('link', { name: 'Monthly rent' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('table', { name: /recent rentals used for this estimate/ })).toBeVisible();
  });

  test('finds a property from its search form without JavaScript', async ({ page }) => {
    await page.goto(`${API_BASE}/valuation/`);
    await page.getByLabel('Search by address, postal code or condo').fill('parc esta');
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('link', { name: /Parc Esta/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
  });

  test('answers 404 with a way on for a property it does not know', async ({ page }) => {
    const response = await page.goto(`${API_BASE}/valuation/no-such-home`);
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('search')).toBeVisible();
  });
});

// axe runs as a script in the page, so these pages are checked with JavaScript on.
for (const colorScheme of ['light', 'dark'] as const) {
  test(`has no accessibility violations (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    for (const path of [
      '/valuation/',
      '/valuation/condo-parc-esta-sims-ave-2br?mode=rent',
      '/valuation/landed-jln-kembangan-terrace?mode=sale',
      '/valuation/hdb-560102-4-room?mode=sale',
    ]) {
      await page.goto(`${API_BASE}${path}`);
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(
        results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
  });
}
