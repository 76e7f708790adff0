/**
 * A developer's webhook walk in the API Console: add an endpoint at a receiver on this machine, send a
 * test event and read the attempt's evidence, make the receiver fail and watch the retry, then replay
 * and see the delivery succeed. Axe checks every page on the way; the receiver verifies signatures
 * with the standardwebhooks package.
 */
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { startReceiver } from '../service/tests/webhook-receiver.js';
import { API_BASE, expect, test } from './fixtures.js';
import { expectAccessible } from './accessibility.js';

/** Reloads the delivery page until `text` shows (the sender works in the background). */
async function reloadUntil(page: Page, text: RegExp, timeout = 15_000) {
  await expect(async () => {
    await page.reload();
    await expect(page.locator('main, body').first()).toContainText(text, { timeout: 500 });
  }).toPass({ timeout });
}

test('add an endpoint, send a test event, see the evidence, fail, retry and replay', async ({ page }) => {
  // It took 50 s of its 60 on a machine busy with other tests beside it.
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    await page.goto(`${API_BASE}/console/webhooks`);
    await page.getByLabel(/Siti Rahman/).check();
    await page.getByRole('button', { name: 'Act as this sandbox person' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('URL').fill('ftp://example.sg/hook');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText(/must use https/)).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('URL').fill(`${receiver.base}/walk`);
    await page.getByLabel('Description (optional)').fill('Walk-through receiver');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    receiver.secrets.set('/walk', [secret]);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'See the endpoint' }).click();
    await expect(page.getByRole('heading', { name: 'Walk-through receiver' })).toBeVisible();

    await page.getByLabel('Event type').selectOption('widget_key.revoked');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByRole('heading', { name: 'Delivery of widget_key.revoked' })).toBeVisible();
    await reloadUntil(page, /Attempt 1 .* answered 200/);
    await expect(page.getByText('Status: succeeded')).toBeVisible();
    await page.getByText(/Request sent to/).click();
    await expect(page.getByText(/webhook-signature: v1,/)).toBeVisible();
    await page.getByText(/^Response 200/).click();
    await expect(page.getByText('answered 200', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      'the evidence wraps at 360 px',
    ).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });
    const [first] = receiver.at('/walk');
    expect(first.verifiedBy).toHaveLength(1);
    expect(first.body).toMatchObject({ type: 'widget_key.revoked', test: true });
    // A stale timestamp is refused by the receiver's library: the signature covers it.
    const stale = { 'webhook-id': first.id, 'webhook-timestamp': '1', 'webhook-signature': first.signature };
    expect(() => new Webhook(secret).verify(JSON.stringify(first.body), stale)).toThrow();

    // The receiver fails: the first attempt and the retry 5 s later both answer 500.
    receiver.answers.set('/walk', [500]);
    await page.getByRole('link', { name: 'Back to the endpoint' }).click();
    await page.getByLabel('Event type').selectOption('platform_key.created');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await reloadUntil(page, /Attempt 1 .* answered 500/);
    await expect(page.getByText(/Status: pending, next try/)).toBeVisible();
    await reloadUntil(page, /Attempt 2 .* answered 500/, 20_000);
    await expectAccessible(page);

    // Fixed: a replay sends the same event again, with the same webhook id, and succeeds.
    receiver.answers.set('/walk', [200]);
    await page.getByRole('button', { name: 'Replay' }).click();
    await reloadUntil(page, /Attempt 3 .* manual .* answered 200/);
    await expect(page.getByText('Status: succeeded')).toBeVisible();
    const ids = receiver
      .at('/walk')
      .slice(1)
      .map((r) => r.id);
    expect(new Set(ids).size).toBe(1);
    expect(ids).toHaveLength(3);
  } finally {
    receiver.close();
  }
});
