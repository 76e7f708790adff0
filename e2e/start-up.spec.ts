/** What a page pays while the widget starts: the fonts it fetches, and nothing moving when they swap in. */
import { expect, panelDecorated, search, test } from './fixtures.js';

const fontFiles = (urls: string[]) => urls.filter((url) => url.includes('/fonts/')).map((url) => url.split('/').pop());

test('before a search only the two first-paint faces are fetched; typed text outside them fetches the rest', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/qa.html');
  await page.getByRole('combobox').waitFor();
  await panelDecorated(page);
  await page.waitForTimeout(300);
  expect(fontFiles(requested).sort()).toEqual(['inter-400-first.woff2', 'inter-600-first.woff2']);

  // "q" and "x" are not in the panel's first-paint words.
  const rest = page.waitForRequest((request) => request.url().endsWith('/fonts/inter-400-rest.woff2'));
  await page.getByRole('combobox').fill('qx');
  await rest;
});

test('the panel is drawn before its font and logo arrive, and their coming moves nothing: layout shift 0', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: { total: number; fontKnownAtFirstInput: boolean | null; logoAtFirstInput: string | null } = {
      total: 0,
      fontKnownAtFirstInput: null,
      logoAtFirstInput: null,
    };
    (window as unknown as { __shift: typeof seen }).__shift = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) seen.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const attachShadow = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      const root = attachShadow.call(this, init);
      new MutationObserver(() => {
        if (seen.fontKnownAtFirstInput === null && root.querySelector('input[role=combobox]')) {
          seen.fontKnownAtFirstInput = [...document.fonts].some((face) => face.family.includes('Service Inter'));
          seen.logoAtFirstInput = root.querySelector('header img')?.getAttribute('src') ?? 'none';
        }
      }).observe(root, { childList: true, subtree: true });
      return root;
    };
  });
  await page.goto('/');
  await page.getByRole('combobox').waitFor();
  await panelDecorated(page);
  await page.waitForTimeout(500);
  const shift = await page.evaluate(() => (window as unknown as { __shift: object }).__shift);
  expect(shift).toEqual({ total: 0, fontKnownAtFirstInput: false, logoAtFirstInput: 'none' });
});

test('once the estimate is shown the rest of the font is there for its figures and names', async ({ page }) => {
  await page.goto('/qa.html');
  await search(page, '310101');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
  await panelDecorated(page);
  const loaded = await page.evaluate(() =>
    [...document.fonts]
      .filter((face) => face.family.includes('Service Inter') && face.status === 'loaded')
      .map((face) => face.weight)
      .sort(),
  );
  expect(loaded).toEqual(['400', '400', '600', '600']);
});
