import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { WIDGET_HOST_PORT } from '../playwright.config.js';
import { builtElementFile } from '../scripts/built-element.js';

export const API_BASE = `http://127.0.0.1:${WIDGET_HOST_PORT}`;
/** The built element's file name, content-hashed (`element-<hash>.js`). */
export const ELEMENT_FILE = builtElementFile('dist');
export const DEMO_KEY = 'svce_test_demo0000000000000001';

/** Every test fails if the host page saw an uncaught error; console lines are kept for assertions. */
export const test = base.extend<{ consoleMessages: string[] }>({
  consoleMessages: async ({ page }, use) => {
    const messages: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => errors.push(error.message));
    await use(messages);
    expect(errors, 'uncaught errors on the host page').toEqual([]);
  },
});
export { expect };

export async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Search by address, postal code or condo' });
  await box.click();
  await box.pressSequentially(text, { delay: 30 });
  await expect(page.getByRole('option').first()).toBeVisible();
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include('[data-service-valuation]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Waits until the panel is drawn in its own font, with its logo. Both come after the first paint,
 * and each font face is fetched when text needs it, so `document.fonts.ready` alone can resolve
 * before the faces are even known; the idle panel uses both weights' first-paint faces.
 */
export async function panelDecorated(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.fonts].filter((face) => face.family.includes('Service Inter') && face.status === 'loaded').length >= 2);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('service-valuation, [data-service-valuation]')].every((host) => {
      const logo = (host.shadowRoot?.querySelector('service-valuation')?.shadowRoot ?? host.shadowRoot)?.querySelector('header img') as HTMLImageElement | null;
      return !logo || (logo.complete && logo.naturalWidth > 0);
    }),
  );
}
