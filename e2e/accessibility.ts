/**
 * axe on a page as a phone and a desktop see it: the page as it is now (1,280 px in these tests), then
 * at 360 px (WCAG 2.2's target size and reflow bite there), then back. Every walk-through uses this one
 * check, so no page is checked at one width only.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';
import { WCAG_TAGS } from './in-page.js';

export const PHONE = { width: 360, height: 800 };

/** `fits`: also that nothing scrolls sideways at either width (the service's own pages). */
export async function expectAccessible(page: Page, options: { fits?: boolean } = {}): Promise<void> {
  const size = page.viewportSize();
  const sizes = [size, ...(size?.width === PHONE.width ? [] : [PHONE])];
  try {
    for (const viewport of sizes) {
      if (viewport) await page.setViewportSize(viewport);
      if (options.fits) {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${page.url()} scrolls sideways at ${viewport?.width} px`).toBeLessThanOrEqual(0);
      }
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(
        results.violations.map(
          (v) => `${page.url()} at ${viewport?.width} px ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([]);
    }
  } finally {
    if (size) await page.setViewportSize(size);
  }
}

/** `expectAccessible` with nothing scrolling sideways, in the light and the dark scheme (the service's own pages). */
export async function expectServicePageAccessible(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, { fits: true });
  }
  await page.emulateMedia({ colorScheme: null });
}
