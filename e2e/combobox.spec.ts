/** The search as visitors use it: keyboard only, narrow phones, both themes, every list state under axe. */
import { expect, expectNoAxeViolations, search, test } from './fixtures.js';

async function tabToSearch(page: import('@playwright/test').Page) {
  const box = page.getByRole('combobox');
  for (let i = 0; i < 20 && !(await box.evaluate((el) => el.matches(':focus'))); i++) await page.keyboard.press('Tab');
  await expect(box).toBeFocused();
}

for (const width of [1280, 320]) {
  test(`keyboard only, from Tab to a shown estimate, at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 720 });
    await page.goto('/');
    await tabToSearch(page);
    await page.keyboard.type('560102', { delay: 20 });
    await expect(page.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Estimated sale price');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
  });
}

test('at 320px the open list is fully on screen and its options are 44px tall', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  await search(page, 'amk ave');
  const listbox = await page.getByRole('listbox').boundingBox();
  expect(listbox!.x).toBeGreaterThanOrEqual(0);
  expect(listbox!.x + listbox!.width).toBeLessThanOrEqual(320);
  // As wide as its field, not the screen: it reads as the field's own list (the popup's 1 px border around it).
  const field = await page.getByRole('combobox', { name: 'Search by address, postal code or condo' }).boundingBox();
  expect(Math.abs(listbox!.x - field!.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(listbox!.width - field!.width)).toBeLessThanOrEqual(2);
  for (const option of await page.getByRole('option').all()) {
    const box = await option.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(theme === 'dark' ? '/qa.html?theme=dark' : '/qa.html');
    });

    test('list closed', async ({ page }) => {
      await expect(page.getByRole('combobox')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('list open', async ({ page }) => {
      await search(page, 'amk ave');
      await page.keyboard.press('ArrowDown');
      await expectNoAxeViolations(page);
    });

    test('no results', async ({ page }) => {
      await page.getByRole('combobox').fill('sandbox empty');
      await expect(page.locator('[part="search-empty"]')).toContainText('No matches for “');
      await expectNoAxeViolations(page);
    });

    test('search error', async ({ page }) => {
      await page.getByRole('combobox').fill('sandbox error');
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test('the list escapes an ancestor with overflow: hidden and a transform, above a z-index header', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('/hostile.html');
  await search(page, 'amk ave');
  const clipperBottom = await page.locator('.clipper').evaluate((el) => el.getBoundingClientRect().bottom);
  // An option drawn below the clipping ancestor's edge is visible only if the list left it behind.
  const beyond = await page.getByRole('option').evaluateAll(
    (options, edge) =>
      options
        .map((o) => o.getBoundingClientRect())
        .filter((r) => r.top + r.height / 2 > edge && r.bottom < innerHeight)
        .map((r) => [r.left + r.width / 2, r.top + r.height / 2]),
    clipperBottom,
  );
  expect(beyond.length, 'options below the clipping edge').toBeGreaterThan(0);
  const hit = await page.evaluate(([x, y]) => {
    let el: Element | null = document.elementFromPoint(x, y);
    while (el?.shadowRoot) {
      const inner: Element | null = el.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === el) break;
      el = inner;
    }
    return el?.closest('[role="option"]')?.textContent ?? el?.tagName ?? 'nothing';
  }, beyond[0]);
  expect(hit).toContain('Ang Mo Kio');
  await page.mouse.click(beyond[0][0], beyond[0][1]);
  await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
});

test('with the on-screen keyboard up, the list opens above the field', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 420 });
  await page.goto('/qa.html');
  const box = page.getByRole('combobox');
  await box.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await box.click();
  await box.pressSequentially('amk ave', { delay: 10 });
  await expect(page.getByRole('option').first()).toBeVisible();
  const list = (await page.getByRole('listbox').boundingBox())!;
  const field = (await box.boundingBox())!;
  expect(list.y + list.height).toBeLessThanOrEqual(field.y);
  expect(list.y).toBeGreaterThanOrEqual(0);
});
