/** The estimate panel as visitors see it, at the widths sites give it, in both themes. */
import { expect, expectNoAxeViolations, panelDecorated, search, test } from './fixtures.js';

async function showEstimate(page: import('@playwright/test').Page, query = '310101') {
  await search(page, query);
  await page.getByRole('option').first().click();
  await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
  await panelDecorated(page);
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [280, 320, 480, 960]) {
    test(`looks right at ${width}px, ${theme} theme`, async ({ page }) => {
      await page.setViewportSize({ width: width + 48, height: 900 });
      await page.goto(`/qa.html${theme === 'dark' ? '?theme=dark' : ''}`);
      await page.locator('#slot').evaluate((slot, w) => {
        slot.style.width = `${w}px`;
        slot.style.margin = '0';
      }, width);
      await showEstimate(page);
      const panel = page.locator('[data-service-valuation]');
      const scroll = await panel.evaluate((container) => {
        const root = container.shadowRoot!.querySelector('service-valuation')!.shadowRoot!;
        const base = root.querySelector('.panel')!;
        return base.scrollWidth - base.clientWidth;
      });
      expect(scroll, 'no horizontal scrolling inside the panel').toBeLessThanOrEqual(0);
      await expect(panel).toHaveScreenshot(`estimate-${width}-${theme}.png`, { maxDiffPixelRatio: 0.02 });
    });
  }

  test(`axe finds nothing on the estimate, ${theme} theme`, async ({ page }) => {
    await page.goto(`/qa.html${theme === 'dark' ? '?theme=dark' : ''}`);
    await showEstimate(page, 'parc esta');
    await expectNoAxeViolations(page);
    await page.getByRole('radio', { name: 'Monthly rent' }).check();
    await expect(page.getByRole('heading', { name: 'Estimated monthly rent' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('the brand page styles the widget through its hooks and parts', async ({ page }) => {
  await page.goto('/brand.html');
  await expect(page.getByRole('combobox')).toHaveValue('parc esta');
  const value = await page.locator('service-valuation').evaluate((el) => {
    const root = el.shadowRoot!;
    return {
      radius: getComputedStyle(root.querySelector('.panel')!).borderTopLeftRadius,
      border: getComputedStyle(root.querySelector('.panel')!).borderTopColor,
      font: getComputedStyle(root.querySelector('.panel')!).fontFamily,
    };
  });
  expect(value.radius).toBe('2px');
  expect(value.border).toBe('rgb(31, 42, 68)');
  expect(value.font).toContain('Georgia');
  await page.getByRole('combobox').focus();
  await page.getByRole('option').first().click();
  await expect(page.locator('[data-service-valuation]')).toHaveScreenshot('brand.png', { maxDiffPixelRatio: 0.02 });
});

test('hostile page CSS cannot hide the attribution or the disclaimer', async ({ page }) => {
  await page.goto('/hostile.html');
  await expect(page.getByRole('link', { name: /Valuations by Service Valuations/ })).toBeVisible();
  await expect(page.getByText(/not a valuation or appraisal/)).toBeVisible();
  const style = await page.locator('service-valuation').evaluate((el) => {
    const footer = el.shadowRoot!.querySelector('footer')!;
    const s = getComputedStyle(footer);
    return { size: s.fontSize, transform: s.textTransform, spacing: s.letterSpacing };
  });
  expect(style).toEqual({ size: '12px', transform: 'none', spacing: 'normal' });
});
