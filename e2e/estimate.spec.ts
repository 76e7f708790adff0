import { DEMO_KEY, expect, expectNoAxeViolations, panelBackground, search, test, API_BASE } from './fixtures.js';

test.describe('a visitor on the demo article', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('types part of an address, picks a suggestion and reads the estimate', async ({ page, consoleMessages }) => {
    await search(page, 'amk ave 3');
    await expect(page.getByRole('option').first()).toContainText('Ang Mo Kio Avenue 3');
    await page.getByRole('option').first().click();

    await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
    await expect(
      page
        .locator('[data-service-valuation]')
        .getByText(/^S\$\d{1,3}(,\d{3})+$/)
        .first(),
    ).toBeVisible();
    const table = page.getByRole('table', { name: /recent sales used for this estimate/ });
    await expect(table).toBeVisible();
    const rows = await table.getByRole('row').count();
    expect(rows - 1).toBeGreaterThanOrEqual(5);
    expect(rows - 1).toBeLessThanOrEqual(10);

    const attribution = page.getByRole('link', { name: /Estimate by Service Valuations/ });
    await expect(attribution).toHaveAttribute('href', new RegExp(`^${API_BASE}/valuation/hdb-`));
    await expect(page.getByText(/not a valuation or appraisal/)).toBeVisible();
    await expectNoAxeViolations(page);
    expect(consoleMessages.filter((m) => m.startsWith('error'))).toEqual([]);
  });

  test('before any estimate, the attribution links to a page of the service that answers 200', async ({
    page,
    request,
  }) => {
    const widget = page.locator('[data-service-valuation]').first();
    const attribution = widget.getByRole('link', { name: /Valuations by Service Valuations/ });
    await expect(attribution).toHaveAttribute('href', `${API_BASE}/valuation/`);
    const answer = await request.get((await attribution.getAttribute('href'))!);
    expect(answer.status()).toBe(200);
    expect(await answer.text()).toContain('What is this home worth?');
    await expect(widget.locator('service-valuation')).toHaveAttribute('data-api-base', `${API_BASE}/`);
  });

  test('the estimate comes from the sandbox host on another origin, with the key in the query', async ({ page }) => {
    const request = page.waitForRequest((r) => r.url().includes('/v1/estimates'));
    await search(page, '560102');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const sent = new URL((await request).url());
    expect(sent.origin).toBe(API_BASE);
    expect(sent.searchParams.get('key')).toBe(DEMO_KEY);
    expect((await (await request).allHeaders())['origin']).toBe('http://localhost:4173');
    await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
  });

  test('searches by postal code', async ({ page }) => {
    await search(page, '310101');
    await expect(page.getByRole('option')).toHaveCount(1);
    await expect(page.getByRole('option')).toContainText('Postal code');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Blk 101 Lorong 1 Toa Payoh').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
  });

  test('searches by condo name and switches to rent', async ({ page }) => {
    await search(page, 'treasure tamp');
    await expect(page.getByRole('option').first()).toContainText('Treasure at Tampines');
    await expect(page.getByRole('option').first()).toContainText('Condo');
    await page.getByRole('option').first().click();
    await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();

    await page.getByRole('radio', { name: 'Monthly rent' }).check();
    await expect(page.getByRole('heading', { name: 'Estimated monthly rent' })).toBeVisible();
    await expect(page.getByRole('table', { name: /recent rentals/ })).toBeVisible();
    await expect(page.getByText('Treasure at Tampines, 1 Tampines Lane').first()).toBeVisible();
  });

  test('picks their flat type among those the block holds, and reads that flat’s estimate', async ({ page }) => {
    await search(page, 'amk ave 3');
    await page.getByRole('option').first().click();
    const homeType = page.getByRole('combobox', { name: 'Home type' });
    // Blk 100 Ang Mo Kio Avenue 3, found as its most traded flat type; the block also holds 3-room flats.
    await expect(homeType).toHaveValue('hdb-560100-4-room');
    await expect(homeType.getByRole('option')).toHaveText(['3-room', '4-room']);
    const value = page.locator('[data-service-valuation] [part="value"]');
    const fourRoom = await value.textContent();
    await homeType.focus();
    await homeType.selectOption({ label: '3-room' });
    await expect(value).not.toHaveText(fourRoom!);
    await expect(page.locator('[data-service-valuation] .property-meta')).toContainText('678 sq ft');
    await expect(homeType).toBeFocused();
    await expect(page.getByRole('link', { name: /Estimate by Service Valuations/ })).toHaveAttribute(
      'href',
      new RegExp(`/valuation/hdb-560100-3-room\\?mode=sale$`),
    );
    await expectNoAxeViolations(page);
  });

  test('works from the keyboard alone', async ({ page }) => {
    await page.keyboard.press('Tab');
    for (let i = 0; i < 12 && !(await page.getByRole('combobox').evaluate((el) => el.matches(':focus'))); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(page.getByRole('combobox')).toBeFocused();
    await page.keyboard.type('bishan st 13', { delay: 30 });
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('heading', { name: 'Estimated monthly rent' })).toBeVisible();
  });
});

test('the dark page renders the dark theme without accessibility violations', async ({ page }) => {
  await page.goto('/dark.html');
  await search(page, 'parc esta');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
  expect(await panelBackground(page)).toBe('rgb(21, 27, 34)');
  await expectNoAxeViolations(page);
});
