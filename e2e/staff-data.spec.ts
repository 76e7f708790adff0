/**
 * The service's staff's Data page: how current live's data are, and "Fetch now" behind its
 * confirmation, against a local stand-in of data.gov.sg (no test reaches the internet). A service
 * started here with live fetching from the stand-in; axe checks the page, light and dark, at 1,280
 * and 360 px, before and after the fetch.
 */
import { HDB_DATASETS } from '../service/core/datasets/fetch/data-gov-sg.js';
import { startDataGovSgStandIn } from '../service/sandbox/official-apis/data-gov-sg-stand-in.js';
import { startService, type StartedService } from '../service/servers/start-service.js';
import { expectServicePageAccessible } from './accessibility.js';
import { expect, test } from './fixtures.js';
import { PASSWORD, staffAndApplicant } from './review-accounts.js';

const RESALE = `month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,remaining_lease,resale_price
2026-09,ANG MO KIO,4 ROOM,101,ANG MO KIO AVE 3,07 TO 09,92,New Generation,1980,53 years 02 months,480000
2026-10,ANG MO KIO,4 ROOM,102,ANG MO KIO AVE 3,10 TO 12,92,New Generation,1980,53 years 02 months,495000
`;
const RENTAL = `rent_approval_date,town,block,street_name,flat_type,monthly_rent
2026-10,ANG MO KIO,101,ANG MO KIO AVE 3,4-ROOM,3100
`;

let service: StartedService;
let standIn: Awaited<ReturnType<typeof startDataGovSgStandIn>>;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  standIn = await startDataGovSgStandIn({
    [HDB_DATASETS.hdb_resale]: { text: RESALE, lastUpdatedAt: '2026-11-03T09:00:00+08:00' },
    [HDB_DATASETS.hdb_rental]: { text: RENTAL, lastUpdatedAt: '2026-11-03T09:00:00+08:00' },
  });
  service = await startService({
    origins: { widgetHost: 0 },
    live: { origins: {}, fetch: { dataGovSg: { hosts: standIn.hosts }, origin: 'official' } },
  });
  base = service.urls.widgetHost.replace(/\/$/, '');
  await staffAndApplicant(service.db, {
    organizationId: 'org_datawatch',
    organizationName: 'Data Watch Realty',
    name: 'Dewi Tan',
    email: 'dewi@datawatch.test',
    note: 'Soon',
  });
});
test.afterAll(async () => {
  await service?.stop();
  await standIn?.stop();
});

test('a member of staff sees how current the data are and fetches them now, after confirming', async ({ page }) => {
  // Axe runs six times (light and dark, 1,280 and 360 px, three pages): longer than one page's check.
  test.setTimeout(120_000);
  await page.goto(`${base}/console/sign-in`);
  await page.getByLabel('E-mail address').fill('huimin@service.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('link', { name: 'Data', exact: true }).click();
  const live = page.getByRole('region', { name: 'Live: the official data' });
  await expect(live.getByText('Nothing loaded yet.')).toBeVisible();
  await expect(live.getByText('No fetch has run.')).toBeVisible();
  await expectServicePageAccessible(page);

  await live.getByRole('link', { name: 'Fetch now…' }).click();
  await expect(page.getByRole('heading', { name: 'Fetch now?' })).toBeVisible();
  await expectServicePageAccessible(page);
  await page.getByRole('button', { name: 'Fetch now' }).click();
  await expect(page.getByRole('status')).toContainText('Fetching');
  await expect(async () => {
    await page.reload();
    await expect(live.getByRole('table', { name: 'Live’s latest fetch runs' })).toContainText('imported');
  }).toPass({ timeout: 60_000 });
  const datasets = live.getByRole('table', { name: 'Live’s datasets' });
  await expect(datasets).toContainText('2026-10');
  await expect(datasets).toContainText('Current');
  await expect(live).toContainText('Fetched by the service from data.gov.sg. Archive: 0 answers');
  await expectServicePageAccessible(page);
});

test('the Data page is for the service’s staff only', async ({ page }) => {
  await page.goto(`${base}/console/sign-in`);
  await page.getByLabel('E-mail address').fill('dewi@datawatch.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Data', exact: true })).toHaveCount(0);
  const answer = await page.goto(`${base}/console/data`);
  expect(answer?.status()).toBe(403);
});
