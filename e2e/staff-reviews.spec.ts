/**
 * The service's staff decide a real organization's integration review on their own page: a service
 * started here (staff are made by the operator's command, which the shared e2e server's database in
 * memory cannot take), an account made staff in its database, and the owner's Go live page showing
 * the decision. Axe checks the staff's page, light and dark, which fits 360 px.
 */
import { startService, type StartedService } from '../service/servers/start-service.js';
import { expectServicePageAccessible } from './accessibility.js';
import { expect, test } from './fixtures.js';
import { PASSWORD, staffAndApplicant } from './review-accounts.js';

let service: StartedService;
let base = '';

test.beforeAll(async () => {
  service = await startService({ origins: { widgetHost: 0 } });
  base = service.urls.widgetHost.replace(/\/$/, '');
  await staffAndApplicant(service.db, {
    organizationId: 'org_applicant',
    organizationName: 'Clementi Realty',
    name: 'Farid Osman',
    email: 'farid@clementi.test',
    note: 'Live next week',
  });
});
test.afterAll(async () => {
  await service?.stop();
});

test('a member of staff approves another organization’s review on the staff page', async ({ page }) => {
  await page.goto(`${base}/console/sign-in`);
  await page.getByLabel('E-mail address').fill('huimin@service.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('link', { name: 'Integration reviews' }).click();
  await expect(page.getByRole('heading', { name: 'Clementi Realty' })).toBeVisible();
  await expect(page.getByText('Their note: Live next week')).toBeVisible();
  await expectServicePageAccessible(page);
  await page.getByRole('button', { name: 'Approve Clementi Realty' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Decided/ })).toBeVisible();
  await expect(page.getByText('No review is waiting.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('E-mail address').fill('farid@clementi.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Integration reviews' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go live' }).click();
  await expect(page.locator('#review-status')).toContainText('Approved');
});
