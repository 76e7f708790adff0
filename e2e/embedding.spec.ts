/** Hostile and unusual host pages: each one a page in the demo a QA engineer can open. */
import { readFileSync } from 'node:fs';
import { expect, panelDecorated, search, test, API_BASE, LANGUAGE_FILES } from './fixtures.js';

const violations = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

async function estimateWorks(page: import('@playwright/test').Page, nth = 0) {
  const widget = page.locator('[data-service-valuation]').nth(nth);
  const box = widget.getByRole('combobox');
  await box.click();
  await box.pressSequentially('560102', { delay: 10 });
  await widget.getByRole('option').first().click();
  await expect(widget.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
}

test('strict CSP: fully styled, with font and logo, and zero violations', async ({ page }) => {
  const response = await page.goto('/csp.html');
  expect(response!.headers()['content-security-policy']).toContain(`script-src 'self' ${API_BASE}`);
  expect(response!.headers()['content-security-policy']).not.toContain('unsafe');
  await estimateWorks(page);
  await panelDecorated(page);
  const state = await page.locator('service-valuation').evaluate(async (el) => {
    const root = el.shadowRoot!;
    const logo = root.querySelector('header img') as HTMLImageElement;
    return {
      fontLoaded: [...document.fonts].some((f) => f.family.includes('Service Inter') && f.status === 'loaded'),
      logoLoaded: logo.complete && logo.naturalWidth > 0,
      styled: getComputedStyle(root.querySelector('.panel')!).borderTopLeftRadius,
    };
  });
  expect(state).toEqual({ fontLoaded: true, logoLoaded: true, styled: '10px' });
  expect(await violations(page)).toEqual([]);
});

test('Trusted Types enforced with the lit-html policy allowed: the widget works, zero violations', async ({ page }) => {
  await page.goto('/trusted-types.html');
  await estimateWorks(page);
  expect(await violations(page)).toEqual([]);
});

test('Trusted Types allowing no policy: never a blank box, the browser names the policy and the widget links the fix', async ({
  page,
  consoleMessages,
}) => {
  await page.goto('/trusted-types-strict.html');
  await expect(page.getByText('The property valuation cannot be shown on this page.')).toBeVisible();
  expect(consoleMessages.join('\n')).toContain('lit-html');
  expect(consoleMessages.join('\n')).toContain('/docs/messages#load_failed');
});

test('a language file that cannot be fetched leaves the box with a message, the attribution and the disclaimer', async ({
  page,
  request,
  consoleMessages,
}) => {
  await page.route(`${API_BASE}/${LANGUAGE_FILES.zh}`, (route) => route.fulfill({ status: 503, body: 'down' }));
  const errors: unknown[] = [];
  await page.exposeFunction('reportError', (detail: unknown) => errors.push(detail));
  await page.addInitScript(() =>
    document.addEventListener('service-valuation-error', (event) =>
      (window as unknown as { reportError(d: unknown): void }).reportError((event as CustomEvent).detail),
    ),
  );
  await page.goto('/qa.html?lang=zh');
  const box = page.locator('[data-service-valuation]');
  await expect(box.getByText('The property valuation cannot be shown on this page.')).toBeVisible();
  const attribution = box.getByRole('link', { name: 'Valuations by Service Valuations' });
  await expect(attribution).toHaveAttribute('href', `${API_BASE}/valuation/`);
  expect((await request.get((await attribution.getAttribute('href'))!)).status()).toBe(200);
  await expect(box.getByText(/not a valuation or appraisal/)).toBeVisible();
  await expect(box.getByRole('combobox')).toHaveCount(0);
  expect(consoleMessages.join('\n')).toContain('[service-valuation] The zh words could not be loaded.');
  expect(consoleMessages.join('\n')).toContain('/docs/messages#language_failed');
  expect(errors).toEqual([{ code: 'language_failed', forSiteOwner: true }]);
});

test('a blocked loader script leaves the page as it was', async ({ page }) => {
  await page.route(`${API_BASE}/v1/widget.js`, (route) => route.abort('blockedbyclient'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('service-valuation')).toHaveCount(0);
});

test('no referrer: the host checks Origin, so the widget still works', async ({ page }) => {
  const sent = page.waitForRequest((r) => r.url().includes('/v1/suggestions'));
  await page.goto('/no-referrer.html');
  await estimateWorks(page);
  expect((await (await sent).allHeaders())['referer']).toBeUndefined();
});

test('the script included twice mounts one widget', async ({ page }) => {
  await page.goto('/twice.html');
  await expect(page.locator('service-valuation')).toHaveCount(1);
  await estimateWorks(page);
});

test('many widgets on one page each work on their own', async ({ page }) => {
  await page.goto('/many.html');
  await expect(page.locator('service-valuation')).toHaveCount(12);
  await estimateWorks(page, 11);
  await expect(
    page.locator('[data-service-valuation]').nth(0).getByRole('heading', { name: 'Estimated sale price' }),
  ).toHaveCount(0);
});

test('a single-page app adds, moves and removes containers, and changes route', async ({ page }) => {
  await page.goto('/spa.html');
  await page.getByRole('button', { name: 'Add a widget' }).click();
  await page.getByRole('button', { name: 'Add a widget' }).click();
  await expect(page.locator('service-valuation')).toHaveCount(2);
  await estimateWorks(page, 0);
  await page.getByRole('button', { name: 'Move the first widget to the end' }).click();
  await expect(page.locator('service-valuation')).toHaveCount(2);
  await expect(
    page.locator('[data-service-valuation]').nth(1).getByRole('heading', { name: 'Estimated sale price' }),
  ).toBeVisible();
  await page.locator('[data-service-valuation]').nth(0).getByRole('combobox').fill('sandbox slow');
  await page.getByRole('button', { name: 'Remove the last widget' }).click();
  await page.getByRole('button', { name: 'Remove the last widget' }).click();
  await expect(page.locator('service-valuation')).toHaveCount(0);
  await page.getByRole('button', { name: 'Change route' }).click();
  await expect(page.locator('service-valuation')).toHaveCount(1);
  await estimateWorks(page, 0);
});

test('patched fetch, Promise and Array.prototype.toJSON do not break the widget', async ({ page }) => {
  await page.goto('/patched.html');
  await estimateWorks(page);
  expect(await page.evaluate(() => (window as unknown as { __fetchCalls: number }).__fetchCalls)).toBeGreaterThan(0);
});

test('hostile global CSS: the panel looks as it does on a neutral page', async ({ page }) => {
  for (const path of ['/qa.html', '/hostile.html']) {
    await page.goto(path);
    // The same box on both pages, on whole pixels, so only the widget's own rendering is compared.
    await page.locator('[data-service-valuation]').evaluate((el) => {
      const box = (el as HTMLElement).style;
      for (const [name, value] of Object.entries({
        position: 'fixed',
        top: '80px',
        left: '10px',
        width: '600px',
        margin: '0',
        padding: '0',
        border: '0',
      })) {
        box.setProperty(name, value, 'important');
      }
    });
    await page.locator('service-valuation').getByRole('combobox').waitFor();
    await panelDecorated(page);
    expect(await page.locator('service-valuation').screenshot(), path).toMatchSnapshot('panel-on-any-page.png', {
      maxDiffPixelRatio: 0.01,
    });
  }
});

test('nothing is stored: no cookies, storage or databases written by the widget', async ({ page }) => {
  await page.goto('/qa.html');
  await estimateWorks(page);
  const stored = await page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    cookie: document.cookie,
    databases: (await indexedDB.databases()).length,
    caches: (await caches.keys()).length,
  }));
  expect(stored).toEqual({ local: 0, session: 0, cookie: '', databases: 0, caches: 0 });
});

test('quota spent: one request, no retry loop', async ({ page }) => {
  const estimates: string[] = [];
  page.on('request', (r) => r.url().includes('/v1/estimates') && estimates.push(r.url()));
  await page.goto('/qa.html?key=svce_test_quota000000000000002');
  await search(page, 'amk ave 3');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('alert')).toContainText('Please try again after');
  await page.waitForTimeout(1500);
  expect(estimates).toHaveLength(1);
});

test('offline: the visitor is told, and a retry works once back online', async ({ page, context }) => {
  await page.goto('/qa.html');
  await page.getByRole('combobox').waitFor();
  await context.setOffline(true);
  await page.getByRole('combobox').fill('amk ave 3');
  await expect(page.locator('[part="search-error"]')).toContainText('You seem to be offline');
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
});

test('a dropped connection ends in a clear state with a retry', async ({ page }) => {
  await page.route(`${API_BASE}/v1/estimates**`, (route) => route.abort('connectionreset'));
  await page.goto('/qa.html');
  await search(page, 'amk ave 3');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('alert')).toContainText('could not be reached');
  await page.unroute(`${API_BASE}/v1/estimates**`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
});

test('a widget far below the fold runs none of its element\u2019s code until it nears the viewport', async ({
  page,
}) => {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () =>
      document.getElementById('slot')!.style.setProperty('margin-top', '4000px'),
    );
  });
  const asked: string[] = [];
  page.on('request', (r) => r.url().startsWith(API_BASE) && asked.push(new URL(r.url()).pathname));
  await page.goto('/qa.html');
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => customElements.get('service-valuation')), 'not defined while far away').toBe(
    undefined,
  );
  expect(asked, 'only the script itself was fetched').toEqual(['/v1/widget.js']);
  const reserved = await page.locator('[data-service-valuation]').evaluate((el) => el.getBoundingClientRect().height);
  expect(reserved, 'its space is reserved all the same').toBe(340);
  await page.locator('[data-service-valuation]').scrollIntoViewIfNeeded();
  await expect(page.getByRole('combobox')).toBeVisible();
});

test('a browser below the support line gets the failure box, and the element’s code never runs', async ({ page }) => {
  // Safari 16 as the loader sees it: no light-dark() colours, no Popover API.
  await page.addInitScript(() => {
    const supports = CSS.supports.bind(CSS);
    CSS.supports = (...args: [string, string?]) =>
      !args.join(':').includes('light-dark') && supports(...(args as [string]));
    delete (HTMLElement.prototype as Partial<HTMLElement>).showPopover;
  });
  await page.goto('/qa.html');
  const box = page.locator('[data-service-valuation]');
  await expect(box.getByText('The property valuation cannot be shown on this page.')).toBeVisible();
  await expect(box.getByRole('link', { name: 'Valuations by Service Valuations' })).toHaveAttribute(
    'href',
    `${API_BASE}/valuation/`,
  );
  await expect(box.getByText(/not a valuation or appraisal/)).toBeVisible();
  expect(await page.evaluate(() => customElements.get('service-valuation'))).toBe(undefined);
});

test('the pinned snippet: the exact version, checked by its integrity hash, works', async ({ page }) => {
  const { version } = JSON.parse(readFileSync('dist/integrity.json', 'utf8')) as { version: string };
  const loaded = page.waitForRequest(`${API_BASE}/v${version}/widget.js`);
  await page.goto('/pinned.html');
  await loaded;
  await search(page, '560102');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
});

test('a tampered loader is refused by the browser: nothing runs, and the page stays as it was', async ({
  page,
  consoleMessages,
}) => {
  const { version } = JSON.parse(readFileSync('dist/integrity.json', 'utf8')) as { version: string };
  await page.route(`${API_BASE}/v${version}/widget.js`, async (route) => {
    const original = await route.fetch();
    // One byte more than what was hashed: a compromised CDN, say.
    await route.fulfill({ response: original, body: `${await original.text()};` });
  });
  await page.goto('/pinned.html');
  await expect(page.getByRole('heading', { level: 1, name: 'Pinned version with integrity' })).toBeVisible();
  await expect.poll(() => consoleMessages.join('\n')).toMatch(/integrity/i);
  await expect(page.locator('service-valuation')).toHaveCount(0);
});

test('strict CSP with a nonce and strict-dynamic: the loader’s nonce carries its code, zero violations', async ({
  page,
}) => {
  const response = await page.goto('/csp-nonce.html');
  const policy = response!.headers()['content-security-policy'];
  expect(policy).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic';/);
  await search(page, '560102');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
  await panelDecorated(page);
  expect(await violations(page)).toEqual([]);
  const again = await page.request.get('/csp-nonce.html');
  expect(again.headers()['content-security-policy'], 'a new nonce on every load').not.toBe(policy);
});

test('inserted by a tag manager after the page has loaded: the widget mounts and works', async ({ page }) => {
  await page.goto('/tag-manager.html');
  await search(page, '560102');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
});

for (const language of ['zh', 'ms', 'ta'] as const) {
  test(`with the pinned snippet, a ${language} language file changed by one byte is refused: the failure box, never the changed words`, async ({
    page,
    consoleMessages,
  }) => {
    await page.route(`${API_BASE}/${LANGUAGE_FILES[language]}`, async (route) => {
      const original = await route.fetch();
      const body = await original.body();
      // One byte changed, and still a file the widget would read: "Service Valuations" becoming "Tervice Valuations".
      const at = body.indexOf('Service Valuations');
      expect(at).toBeGreaterThan(0);
      body[at] = 'T'.charCodeAt(0);
      await route.fulfill({ response: original, body });
    });
    await page.goto('/pinned.html');
    await expect(page.locator('service-valuation').getByRole('combobox')).toBeVisible();
    await page.locator('[data-service-valuation]').evaluate((el, lang) => el.setAttribute('data-lang', lang), language);
    const box = page.locator('[data-service-valuation]');
    await expect(box.getByText('The property valuation cannot be shown on this page.')).toBeVisible();
    await expect(box.getByRole('link', { name: 'Valuations by Service Valuations' })).toBeVisible();
    await expect(box.getByText(/not a valuation or appraisal/)).toBeVisible();
    await expect(box.getByRole('combobox')).toHaveCount(0);
    await expect.poll(() => consoleMessages.join('\n')).toMatch(/integrity/i);
  });
}
