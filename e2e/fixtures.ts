import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { WIDGET_HOST_PORT } from './ports.js';
import { existsSync, readdirSync } from 'node:fs';
import { isDecorated, WCAG_TAGS } from './in-page.js';

export const API_BASE = `http://127.0.0.1:${WIDGET_HOST_PORT}`;
/** The built language files, content-named (`languages/zh-<hash>.json`), by language. */
export const LANGUAGE_FILES = Object.fromEntries(
  (existsSync('dist/languages') ? readdirSync('dist/languages') : []).map((file) => [
    file.slice(0, 2),
    `languages/${file}`,
  ]),
) as Record<'zh' | 'ms' | 'ta', string>;
if (!LANGUAGE_FILES.zh) throw new Error('No dist/languages/: run npm run build before the e2e tests.');
export const DEMO_KEY = 'svce_test_demo0000000000000001';

/**
 * Every test fails if a page it opened saw an uncaught error (`pageErrors`, automatic, every page of
 * the test's context, popups too); console lines are kept for the tests that read them.
 */
export const test = base.extend<{ consoleMessages: string[]; pageErrors: void }>({
  pageErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const watch = (page: Page) => page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      expect(errors, 'uncaught errors on a page').toEqual([]);
    },
    { auto: true },
  ],
  consoleMessages: async ({ page }, use) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    await use(messages);
  },
});
export { expect };

export async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Search by address, postal code or condo' });
  await box.click();
  // A second search starts from an empty box, as a visitor clearing the last address would.
  await box.fill('');
  await box.pressSequentially(text, { delay: 30 });
  await expect(page.getByRole('option').first()).toBeVisible();
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('[data-service-valuation]').withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The first panel's computed background, or null while its element is not yet upgraded and rendered (the loader mounts it before its code arrives). */
export function panelBackground(page: Page): Promise<string | null> {
  return page
    .locator('service-valuation')
    .first()
    .evaluate((el) => {
      const panel = el.shadowRoot?.querySelector('.panel');
      return panel ? getComputedStyle(panel).backgroundColor : null;
    });
}

/** Waits until every panel is drawn in its own font, with its logo, and the fonts have settled. */
export async function panelDecorated(page: Page): Promise<void> {
  await page.waitForFunction(isDecorated);
  await page.evaluate(() => document.fonts.ready);
}
