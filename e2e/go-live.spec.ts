/**
 * A site owner's road to live access in the API Console: the Go live checklist starts unticked for
 * what this run does, each step ticks itself as it is done (a widget key with a website, a platform
 * key, a test event received, the valuation route called with that key), the review can be requested
 * only then, and the sandbox's reviewer asks for changes, then approves. Axe checks every state. It
 * signs in as Tan Mei Ling, whose organization no other spec touches, so it starts unticked whatever ran before.
 */
import type { Page } from '@playwright/test';
import { PLATFORM_PORT } from './ports.js';
import { startReceiver } from '../service/tests/webhook-receiver.js';
import { API_BASE, expect, test } from './fixtures.js';
import { expectAccessible } from './accessibility.js';

const PLATFORM = `http://127.0.0.1:${PLATFORM_PORT}/v1`;

const step = (page: Page, id: string) => page.locator(`[data-step="${id}"]`);

test('the checklist ticks itself step by step; live access is requested, sent back, requested again and approved', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  try {
    await page.goto(`${API_BASE}/console/go-live`);
    await page.getByLabel(/Tan Mei Ling/).check();
    await page.getByRole('button', { name: 'Act as this sandbox person' }).click();
    await expect(page.getByRole('heading', { name: 'Go live', level: 1 })).toBeVisible();
    await expect(page.locator('#review-status')).toContainText('Not requested');
    await expectAccessible(page);

    // A widget key with a website.
    await page.goto(`${API_BASE}/console/widget-keys`);
    await page.getByLabel('Name').fill('Go-live site');
    await page.getByLabel('Websites').fill('https://golive.example.sg');
    await page.getByRole('button', { name: 'Create widget key' }).click();
    await page.goto(`${API_BASE}/console/go-live`);
    await expect(step(page, 'widget_key_with_origin')).toHaveAttribute('data-done', 'true');

    // A platform key, then the valuation route called with it.
    await page.goto(`${API_BASE}/console/platform-keys`);
    await page.getByLabel('Label').fill('Go-live server');
    await page.getByRole('checkbox', { name: 'valuations.read' }).check();
    await page.getByRole('checkbox', { name: 'organizations.read' }).check();
    await page.getByRole('button', { name: 'Create platform key' }).click();
    const key = await page.getByRole('textbox', { name: 'Go-live server' }).inputValue();
    await page.goto(`${API_BASE}/console/go-live`);
    await expect(step(page, 'platform_key_created')).toHaveAttribute('data-done', 'true');
    const valued = await fetch(`${PLATFORM}/valuations/properties/hdb-560102-4-room/estimate?mode=sale`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(valued.status).toBe(200);
    await page.reload();
    await expect(step(page, 'valuation_called')).toHaveAttribute('data-done', 'true');

    // Not yet: the review cannot be requested while a step is left.
    await expect(page.getByRole('button', { name: 'Request live access' })).toHaveCount(0);
    await expect(page.getByText(/once every step above is done/)).toBeVisible();

    // A test event received at a webhook endpoint.
    await page.goto(`${API_BASE}/console/webhooks`);
    await page.getByLabel('URL').fill(`${receiver.base}/go-live`);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('link', { name: 'See the endpoint' }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(async () => {
      await page.goto(`${API_BASE}/console/go-live`);
      await expect(step(page, 'webhook_endpoint_verified')).toHaveAttribute('data-done', 'true', { timeout: 500 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText('4 of 4 done')).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel(/Anything the reviewer should know/).fill('Listings site for Lion City Realty.');
    await page.getByRole('button', { name: 'Request live access' }).click();
    await expect(page.locator('#review-status')).toContainText('In review');
    await expectAccessible(page);

    await page.getByLabel('Changes to ask for').fill('Show the attribution line under the widget.');
    await page.getByRole('button', { name: 'Request changes' }).click();
    await expect(page.locator('#review-status')).toContainText('Changes requested');
    await expect(page.getByText('Note: Show the attribution line under the widget.')).toBeVisible();
    await page.getByRole('button', { name: 'Request live access' }).click();
    await expect(page.locator('#review-status')).toContainText('In review');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.locator('#review-status')).toContainText('Approved');
    await expect(page.getByText(/The sandbox’s own organizations never go live/)).toBeVisible();
    await expect(page.getByRole('button', { name: /Switch (the console )?to live/ })).toHaveCount(0);
    await expectAccessible(page);

    const organization = await (
      await fetch(`${PLATFORM}/organizations/current`, { headers: { Authorization: `Bearer ${key}` } })
    ).json();
    expect(organization.onboarding.status, 'approved is not live: no live key is held').toBe('approved');
    expect(organization.onboarding.steps.every((s: { done: boolean }) => s.done)).toBe(true);
  } finally {
    receiver.close();
  }
});
