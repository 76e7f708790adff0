/**
 * The panel in Chinese, Malay and Tamil, as a visitor on a phone (280, 320 px, both themes) and in a wide column sees it: no
 * clipping, no sideways scrolling (Tamil runs longest), axe clean; each language's file fetched only
 * when asked for; and every console message linking to its entry in the reference.
 */
import { readFileSync } from 'node:fs';
import { API_BASE, expect, expectNoAxeViolations, LANGUAGE_FILES, panelDecorated, test } from './fixtures.js';
import { CONSOLE_MESSAGES } from '../src/api/console-messages.js';

const LANGUAGES = [
  {
    lang: 'zh',
    search: '按地址、邮区编号或公寓名称搜索',
    heading: '估计售价',
    rent: '月租',
    rentHeading: '估计月租',
    service: 'Service Valuations 提供的估价',
  },
  {
    lang: 'ms',
    search: 'Cari mengikut alamat, poskod atau nama kondo',
    heading: 'Anggaran harga jualan',
    rent: 'Sewa bulanan',
    rentHeading: 'Anggaran sewa bulanan',
    service: 'Anggaran oleh Service Valuations',
  },
  {
    lang: 'ta',
    search: 'முகவரி, அஞ்சல் குறியீடு அல்லது கொண்டோ பெயரால் தேடுங்கள்',
    heading: 'மதிப்பிடப்பட்ட விற்பனை விலை',
    rent: 'மாத வாடகை',
    rentHeading: 'மதிப்பிடப்பட்ட மாத வாடகை',
    service: 'Service Valuations வழங்கும் மதிப்பீடு',
  },
] as const;

/** Widths of every element in the panel that is wider than its box, and the panel's own overflow. */
const overflowIn = (container: Element) => {
  const root = container.shadowRoot!.querySelector('service-valuation')!.shadowRoot!;
  const panel = root.querySelector<HTMLElement>('.panel')!;
  const clipped = [...root.querySelectorAll<HTMLElement>('.panel *')]
    .filter(
      (el) =>
        !el.closest('.table-wrap, svg, .visually-hidden') && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1,
    )
    .map((el) => el.className || el.tagName);
  return { panel: panel.scrollWidth - panel.clientWidth, clipped };
};

for (const { lang, search, heading, rent, rentHeading, service } of LANGUAGES) {
  for (const [width, theme] of [
    [280, 'light'],
    [320, 'light'],
    [320, 'dark'],
    [480, 'light'],
  ] as const) {
    const name = `estimate-${lang}-${width}${theme === 'dark' ? '-dark' : ''}.png`;
    test(`${lang} at ${width}px, ${theme}: the estimate fits, nothing clipped`, async ({ page }) => {
      await page.setViewportSize({ width: width + 48, height: 1400 });
      await page.goto(`/qa.html?lang=${lang}${theme === 'dark' ? '&theme=dark' : ''}`);
      await page.locator('#slot').evaluate((slot, w) => {
        slot.style.width = `${w}px`;
        slot.style.margin = '0';
      }, width);
      const box = page.getByRole('combobox', { name: search });
      await box.click();
      await box.pressSequentially('parc esta', { delay: 30 });
      await page.getByRole('option').first().click();
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await panelDecorated(page);
      const panel = page.locator('[data-service-valuation]');
      await expect(panel.locator('.panel')).toHaveAttribute('lang', lang);
      // The service's own words (attribution, disclaimer) come from the host, asked for in the language.
      await expect(panel.locator('.attribution')).toContainText(service);
      expect(await panel.evaluate(overflowIn)).toEqual({ panel: 0, clipped: [] });
      await expect(panel).toHaveScreenshot(name, { maxDiffPixelRatio: 0.02 });
    });
  }

  test(`${lang}: axe finds nothing, idle, on an estimate and on rent`, async ({ page }) => {
    await page.goto(`/qa.html?lang=${lang}`);
    const box = page.getByRole('combobox', { name: search });
    await expect(box).toBeVisible();
    await expectNoAxeViolations(page);
    await box.click();
    await box.pressSequentially('parc esta', { delay: 30 });
    await page.getByRole('option').first().click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('radio', { name: rent }).check();
    await expect(page.getByRole('heading', { name: rentHeading })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('a language file is fetched only for its language, and data-lang can change at run time', async ({ page }) => {
  const files: string[] = [];
  page.on('request', (request) => files.push(new URL(request.url()).pathname));
  await page.goto('/qa.html');
  await expect(page.getByRole('combobox', { name: 'Search by address, postal code or condo' })).toBeVisible();
  expect(files.filter((f) => f.startsWith('/languages/'))).toEqual([]);

  await page.locator('[data-service-valuation]').evaluate((container) => container.setAttribute('data-lang', 'ta'));
  await expect(page.getByRole('combobox', { name: LANGUAGES[2].search })).toBeVisible();
  expect(files.filter((f) => f.startsWith('/languages/')).map((f) => f.slice(11, 13))).toEqual(['ta']);

  await page.locator('[data-service-valuation]').evaluate((container) => container.setAttribute('data-lang', 'en'));
  await expect(page.getByRole('combobox', { name: 'Search by address, postal code or condo' })).toBeVisible();
});

test('a language file on its way loses to a newer choice, and each file is fetched once for every panel', async ({
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const fetched: string[] = [];
  await page.route(`${API_BASE}/${LANGUAGE_FILES.zh}`, async (route) => {
    fetched.push(route.request().url());
    await held;
    await route.continue();
  });
  await page.goto('/many.html');
  const containers = page.locator('[data-service-valuation]');
  await expect(
    containers.first().getByRole('combobox', { name: 'Search by address, postal code or condo' }),
  ).toBeVisible();
  await containers.evaluateAll((all) => all.forEach((container) => container.setAttribute('data-lang', 'zh')));
  await expect.poll(() => fetched.length).toBe(1);
  await containers.first().evaluate((container) => container.setAttribute('data-lang', 'en'));
  release();
  // The other panels show Chinese from the one fetch; the first, whose newest choice is English, stays English.
  await expect(containers.nth(1).getByRole('combobox', { name: LANGUAGES[0].search })).toBeVisible();
  await expect(
    containers.first().getByRole('combobox', { name: 'Search by address, postal code or condo' }),
  ).toBeVisible();
  await page.waitForTimeout(300);
  await expect(
    containers.first().getByRole('combobox', { name: 'Search by address, postal code or condo' }),
  ).toBeVisible();
  expect(fetched).toHaveLength(1);
});

test('after a language file is refused, another language brings the panel back', async ({ page }) => {
  await page.route(`${API_BASE}/${LANGUAGE_FILES.ms}`, (route) => route.fulfill({ status: 503, body: 'down' }));
  // Dark on a light page: the box keeps the panel's frame, so its text stays readable (axe checks the contrast).
  await page.goto('/qa.html?lang=ms&theme=dark');
  const container = page.locator('[data-service-valuation]');
  await expect(container.getByText('The property valuation cannot be shown on this page.')).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(container.getByRole('combobox')).toHaveCount(0);
  await container.evaluate((el) => el.setAttribute('data-lang', 'en'));
  await expect(container.getByRole('combobox', { name: 'Search by address, postal code or condo' })).toBeVisible();
  await expect(container.getByText('The property valuation cannot be shown on this page.')).toHaveCount(0);
});

test("auto follows the page's language", async ({ page }) => {
  await page.goto('/qa.html?lang=auto&pagelang=zh-SG');
  await expect(page.getByRole('combobox', { name: LANGUAGES[0].search })).toBeVisible();
});

test("every console message links to its entry in the widget host's reference", async ({
  page,
  request,
  consoleMessages,
}) => {
  await page.goto('/qa.html?key=');
  await expect(page.getByText('This valuation widget is not set up yet.')).toBeVisible();
  const line = consoleMessages.find((m) => m.includes('[service-valuation]'))!;
  expect(line).toContain(`data-embed-key is missing. ${API_BASE}/docs/messages#missing_key`);

  const reference = await request.get(`${API_BASE}/docs/messages`);
  expect(reference.status()).toBe(200);
  const html = await reference.text();
  for (const code of Object.keys(CONSOLE_MESSAGES)) expect(html, code).toContain(`id="${code}"`);
  // Every code the built widget links to has its entry.
  const built = readFileSync('dist/widget.js', 'utf8');
  const linked = [...built.matchAll(/docs\/messages#([a-z_]+)/g)].map((m) => m[1]);
  // The element's language failure goes through its console teller, which adds the link: the code is in the file.
  expect(built).toContain('"language_failed"');
  expect(linked.length).toBeGreaterThan(0);
  for (const code of linked) expect(Object.keys(CONSOLE_MESSAGES), code).toContain(code);
});
