/**
 * A site owner's first mile in the API Console: sign in, create a widget key for the demo's origin,
 * build the snippet, paste it into a page of that origin and get an estimate; then remove the origin,
 * rotate the key, and see the widget refuse each time. Axe checks every console page on the way.
 */
import type { Page } from '@playwright/test';
import { API_BASE, expect, test } from './fixtures.js';
import { expectAccessible } from './accessibility.js';
import { DEMO_PORT } from './ports.js';

async function pasteAndSearch(page: Page, snippet: string) {
  await page.goto('/paste.html');
  await page.getByLabel('Snippet').fill(snippet);
  await page.getByRole('button', { name: 'Add to this page' }).click();
  const widget = page.locator('#slot [data-service-valuation]');
  const box = widget.getByRole('combobox');
  await box.click();
  await box.pressSequentially('560102', { delay: 10 });
  return widget;
}

test('from sign-in to a pasted snippet, then an origin removed and a key rotated', async ({ page }) => {
  // A long walk (a dozen pages, six axe checks, four pasted widgets): past 30 s on a busy two-core machine.
  test.setTimeout(90_000);
  const demoOrigin = `http://localhost:${DEMO_PORT}`;
  await page.goto(`${API_BASE}/console/`);
  await expect(page.getByRole('heading', { name: 'Sign in to the API Console' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/Siti Rahman/).check();
  await page.getByRole('button', { name: 'Act as this sandbox person' }).click();
  await expect(page.getByRole('heading', { name: 'Widget keys' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Name').fill('Lion City Homes, walk-through');
  await page.getByLabel('Websites').fill('http://localhost:4173/extra');
  await page.getByRole('button', { name: 'Create widget key' }).click();
  await expect(page.getByText(/Leave out the path: use http:\/\/localhost:4173/)).toBeVisible();
  await expect(page.getByLabel('Websites')).toHaveValue('http://localhost:4173/extra');
  await expectAccessible(page);
  await page.getByLabel('Websites').fill(demoOrigin);
  await page.getByRole('button', { name: 'Create widget key' }).click();
  await expect(page.getByRole('status')).toContainText('Widget key created');
  await expectAccessible(page);
  const keyPage = page.url().split('?')[0];

  await page.getByRole('link', { name: 'Build the snippet for this key' }).click();
  // Each choice updates the snippet and the preview where they are: no page load (the marker survives).
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByLabel('Dark').check();
  await expect(page.getByLabel(/^Snippet/)).toHaveValue(/data-theme="dark"/);
  await expect(page.locator('.preview [data-service-valuation]')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(page).toHaveURL(/theme=dark/);
  // Without the script the button still does it, with a page load.
  await page.getByRole('button', { name: 'Update the snippet' }).click();
  await expect(page.getByLabel(/^Snippet/)).toHaveValue(/data-theme="dark"/);
  await expectAccessible(page);
  const snippet = await page.getByLabel(/^Snippet/).inputValue();
  await expect(page.getByRole('button', { name: /^Copy: Snippet/ })).toBeVisible();

  // The live preview is the real widget on the console's own origin: it searches and estimates.
  const preview = page.locator('.preview [data-service-valuation]');
  const previewBox = preview.getByRole('combobox');
  await previewBox.click();
  await previewBox.pressSequentially('560102', { delay: 10 });
  await preview.getByRole('option').first().click();
  await expect(preview.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('snippet-preview.png'), fullPage: true });

  const pinned = await page.getByLabel(/^Or pinned/).inputValue();
  expect(pinned).toMatch(/integrity="sha384-[\w+/=]+" crossorigin="anonymous"/);

  let widget = await pasteAndSearch(page, snippet);
  await widget.getByRole('option').first().click();
  await expect(widget.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();

  // The pinned snippet, pasted as it is: its integrity travels with it, and a changed hash is refused.
  widget = await pasteAndSearch(page, pinned);
  await expect(page.locator('#slot script')).toHaveAttribute('integrity', /^sha384-/);
  await widget.getByRole('option').first().click();
  await expect(widget.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
  await page.goto('/paste.html');
  await page.getByLabel('Snippet').fill(pinned.replace(/sha384-[\w+/=]+/, `sha384-${'A'.repeat(64)}`));
  const refused = page.waitForEvent('console', (message) => /integrity/i.test(message.text()));
  await page.getByRole('button', { name: 'Add to this page' }).click();
  await expect(page.locator('#slot script')).toHaveAttribute('crossorigin', 'anonymous');
  await refused; // the browser says it refused the loader for its hash
  await expect(page.locator('#slot [data-service-valuation]').getByRole('combobox')).toHaveCount(0);

  await page.goto(keyPage);
  await page.getByLabel('Websites').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status')).toContainText('Changes saved');
  widget = await pasteAndSearch(page, snippet);
  await expect(widget.getByRole('alert')).toHaveText('The valuation widget is not available on this website.');

  await page.goto(keyPage);
  await page.getByLabel('Websites').fill(demoOrigin);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('link', { name: 'Rotate key…' }).click();
  await expect(page.getByRole('heading', { name: /^Rotate “/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/^Stop at once/).check();
  await page.getByRole('button', { name: 'Rotate key' }).click();
  await expect(page.getByRole('status')).toContainText('Key rotated');
  widget = await pasteAndSearch(page, snippet);
  await expect(widget.getByRole('alert')).toHaveText(/This valuation widget is not set up yet/);

  await page.goto(`${API_BASE}/console/platform-keys`);
  await page.getByLabel('Label').fill('Our server');
  await page.getByRole('checkbox', { name: 'valuations.read' }).check();
  await page.getByRole('button', { name: 'Create platform key' }).click();
  await expect(page.getByRole('textbox', { name: 'Our server' })).toHaveValue(/^svcp_test_[a-z0-9]{32}$/);
  await expectAccessible(page);
  await page.goto(`${API_BASE}/console/connected-apps`);
  await expect(page.getByRole('table', { name: 'Your connected AI apps' })).toBeVisible();
  await expectAccessible(page);
  await page.goto(`${API_BASE}/console/audit`);
  await expect(page.getByRole('table', { name: /Every change/ })).toContainText('widget_key.rotated');
  await expectAccessible(page);
});
