/** Each state a QA engineer must see, reached through the sandbox's documented magic values. */
import { expect, expectNoAxeViolations, search, test, API_BASE } from './fixtures.js';

const QUOTA_KEY = 'svce_test_quota000000000000002';
const OTHER_SITE_KEY = 'svce_test_elsewhere0000000003';

test('no results', async ({ page }) => {
  await page.goto('/qa.html');
  const box = page.getByRole('combobox');
  await box.fill('sandbox empty');
  await expect(page.locator('[part="search-empty"]')).toContainText('No matches for “sandbox empty”');
  await expect(page.getByRole('status').filter({ hasText: 'No matches' }), 'the live region says it too').toHaveCount(
    1,
  );
  await expectNoAxeViolations(page);
  // The snippet's container forwards the empty and error states' parts, so a site can style them.
  await page.addStyleTag({
    content: '[data-service-valuation]::part(search-empty) { outline: 3px solid rgb(255, 0, 0); }',
  });
  await expect(page.locator('[part="search-empty"]')).toHaveCSS('outline-color', 'rgb(255, 0, 0)');
});

test('search fails and can be retried', async ({ page }) => {
  await page.goto('/qa.html');
  await page.getByRole('combobox').fill('sandbox error');
  await expect(page.locator('[part="search-error"]')).toContainText('Something went wrong on our side');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expectNoAxeViolations(page);
});

for (const [option, expected, retry] of [
  ['Sandbox: no comparables', 'too few recent transactions', false],
  ['Sandbox: property not found', 'could not find that property', false],
  ['Sandbox: server error', 'Something went wrong on our side', true],
] as const) {
  test(`estimate state: ${option}`, async ({ page }) => {
    await page.goto('/qa.html');
    await search(page, 'sandbox');
    await page.getByRole('option', { name: option }).click();
    await expect(page.getByRole('alert')).toContainText(expected);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(retry ? 1 : 0);
    await expect(page.getByText(/not a valuation or appraisal/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('a slow estimate shows its skeleton and a note, then the estimate', async ({ page }) => {
  await page.goto('/qa.html');
  await search(page, 'sandbox');
  await page.getByRole('option', { name: 'Sandbox: slow estimate (3 s)' }).click();
  await expect(page.getByText('Working out the estimate')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible({ timeout: 10_000 });
});

test('quota spent: the visitor is told when to come back', async ({ page, consoleMessages }) => {
  await page.goto(`/qa.html?key=${QUOTA_KEY}`);
  await search(page, 'amk ave 3');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('alert')).toContainText("used all of today's free estimates");
  expect(consoleMessages.join('\n')).toContain('2,000 estimates for today');
});

test('origin not on the key: the visitor sees why, the console names the origin to add', async ({
  page,
  consoleMessages,
}) => {
  await page.goto(`/qa.html?key=${OTHER_SITE_KEY}`);
  await page.getByRole('combobox').fill('amk ave 3');
  await expect(page.getByRole('alert')).toContainText('not available on this website');
  expect(consoleMessages.join('\n')).toContain("origin http://localhost:4173 is not on this widget key's list");
  await expectNoAxeViolations(page);
});

test('a platform key is never sent and the site owner is told to rotate it', async ({ page, consoleMessages }) => {
  const sent: string[] = [];
  page.on('request', (r) => sent.push(r.url()));
  await page.goto('/qa.html?key=svcp_live_secret00000000000000');
  await expect(page.getByRole('alert')).toContainText('not set up yet');
  expect(consoleMessages.join('\n')).toContain(
    'a secret: rotate it now. http://127.0.0.1:8788/docs/messages#platform_key',
  );
  await expect(page.getByRole('combobox')).toHaveCount(0);
  expect(sent.filter((url) => url.startsWith(API_BASE) && url.includes('svcp_'))).toEqual([]);
  expect(sent.filter((url) => /\/v1\/(suggestions|estimates)/.test(url))).toEqual([]);
});

test('an unknown key: setup error for the visitor, the reason in the console', async ({ page, consoleMessages }) => {
  await page.goto('/qa.html?key=svce_test_unknown000000000000');
  await page.getByRole('combobox').fill('amk ave 3');
  await expect(page.getByRole('alert')).toContainText('not set up yet');
  expect(consoleMessages.join('\n')).toContain('This widget key does not exist');
});
