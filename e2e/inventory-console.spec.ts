/**
 * A developer's inventory and leads in the API Console, and an agency's listings on partner sites:
 * Arjun Nair (Marina Heights, owner) releases a held batch after confirming and holds it again, publishes
 * a price list version (a past day first), adds a routing rule (a bad one first) and deletes it; Tan Mei Ling (Lion City
 * Realty, owner) shows a listing on a partner site and withdraws it. Each walk puts back what it
 * changed. Axe checks every page, light and dark, at 1,280 and 360 px.
 */
import type { Page } from '@playwright/test';
import { API_BASE, expect, test } from './fixtures.js';
import { expectServicePageAccessible } from './accessibility.js';

async function actAs(page: Page, path: string, person: RegExp) {
  await page.goto(`${API_BASE}${path}`);
  await page.getByLabel(person).check();
  await page.getByRole('button', { name: 'Act as this sandbox person' }).click();
}

test('a developer moves a batch after confirming, publishes a price list, and adds and deletes a routing rule', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await actAs(page, '/console/inventory', /Arjun Nair/);
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Inventory' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Distribution' })).toHaveCount(0);
  const batches = page.getByRole('table', { name: 'Inventory batches' });
  const held = batches.getByRole('row').filter({ hasText: 'Held' }).first();
  const name = (await held.getByRole('cell').first().innerText()).trim();
  await expect(page.getByRole('table', { name: 'Price lists' }).getByRole('row')).not.toHaveCount(1);
  await expectServicePageAccessible(page);

  await held.getByRole('link', { name: `Release ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Release “${name}”?` })).toBeVisible();
  await expect(page.getByText(/offered to buyers again/)).toBeVisible();
  await expectServicePageAccessible(page);
  await page.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByRole('status')).toContainText('Batch changed');
  const row = batches.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Released');
  // Put back as it was: held again.
  await row.getByRole('link', { name: `Hold ${name}` }).click();
  await page.getByRole('button', { name: 'Hold' }).click();
  await expect(row).toContainText('Held');

  // A new price list version for Tanjong Rhu Residences, a mistake first.
  await page.getByLabel('Project').selectOption({ label: 'Tanjong Rhu Residences' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'New price list for Tanjong Rhu Residences' })).toBeVisible();
  await page.getByLabel('Applies from').fill('2020-01-01');
  await page.getByLabel('2-bedroom').fill('1,420,000');
  await page.getByRole('button', { name: 'Publish version' }).click();
  await expect(page.getByLabel('Applies from')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('2-bedroom')).toHaveValue('1420000');
  await expectServicePageAccessible(page);
  const day = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Applies from').fill(day);
  await page.getByRole('button', { name: 'Publish version' }).click();
  await expect(page.getByRole('status')).toContainText('Price list published');
  await expect(page.getByRole('table', { name: 'Price lists' })).toContainText(`From ${day}`);

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Leads' }).click();
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Leads' })).toContainText('huimin@example.com');
  await page.getByLabel('Priority').fill('0');
  await page.getByLabel('Team', { exact: true }).fill('Walk-through desk');
  await page.getByLabel('Team email').fill('not-an-email');
  await page.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByLabel('Priority')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Team email')).toHaveAttribute('aria-invalid', 'true');
  await expectServicePageAccessible(page);
  await page.getByLabel('Priority').fill('900');
  await page.getByLabel('Unit type (optional)').fill('penthouse');
  await page.getByLabel('Team email').fill('walk@marinaheights.example');
  await page.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByText(/no project of this developer has this unit type/)).toBeVisible();
  await page.getByLabel('Unit type (optional)').fill('2-bedroom');
  await page.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByRole('status')).toContainText('Rule added');
  const rule = page
    .getByRole('table', { name: 'Routing rules' })
    .getByRole('row')
    .filter({ hasText: 'Walk-through desk' });
  await expect(rule).toContainText('2-bedroom');
  await rule.getByRole('link', { name: /Delete/ }).click();
  await expect(page.getByRole('heading', { name: 'Delete this routing rule?' })).toBeVisible();
  await expectServicePageAccessible(page);
  await page.getByRole('button', { name: 'Delete rule' }).click();
  await expect(page.getByRole('status')).toContainText('Rule deleted');
  await expect(page.getByRole('table', { name: 'Routing rules' })).not.toContainText('Walk-through desk');

  // The audit log names the person who made each change.
  await page.goto(`${API_BASE}/console/audit`);
  await expect(page.locator('main')).toContainText('lead_routing_rule.deleted');
  await expect(page.locator('main')).toContainText('Arjun Nair');
});

test('an agency shows a listing on a partner site after confirming, and withdraws it', async ({ page }) => {
  test.setTimeout(60_000);
  await actAs(page, '/console/distribution', /Tan Mei Ling/);
  await expect(page.getByRole('heading', { name: 'Distribution', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Inventory' })).toHaveCount(
    0,
  );
  await expectServicePageAccessible(page);
  const table = page.getByRole('table', { name: 'Your listings on partner sites' });
  const show = table.getByRole('link', { name: /^Show on / }).first();
  const label = (await show.innerText()).trim();
  const site = label
    .replace(/^Show on /, '')
    .split(':')[0]!
    .trim();
  const listingRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: label }) });
  const listingId = (await listingRow.locator('.hint').first().innerText()).trim();
  await show.click();
  await expect(page.getByRole('heading', { name: `Show this listing on ${site}?` })).toBeVisible();
  await expectServicePageAccessible(page);
  await page.getByRole('button', { name: `Show on ${site}` }).click();
  await expect(page.getByRole('status')).toContainText('Shown');
  const row = table.getByRole('row').filter({ hasText: listingId });
  await expect(row.getByRole('cell').nth(3)).toContainText(site);

  await row.getByRole('link', { name: new RegExp(`^Withdraw from ${site}`) }).click();
  await expect(page.getByRole('heading', { name: `Withdraw this listing from ${site}?` })).toBeVisible();
  await page.getByRole('button', { name: `Withdraw from ${site}` }).click();
  await expect(page.getByRole('status')).toContainText('Withdrawn');
  await expect(row.getByRole('link', { name: new RegExp(`^Show on ${site}`) })).toBeVisible();
});
