/**
 * Organizations that signed up run their own business in the API Console, in the sandbox and in live,
 * with no fixture organization: an agency adds an agent (a wrong CEA number first) and a team, and
 * archives an agent after confirming; a developer adds a project in each environment, its unit type,
 * and launches it after confirming; a partner site writes its profile (nothing ticked first). A service
 * started here with live beside the sandbox, on official files. Axe checks every page, light and dark,
 * at 1,280 and 360 px.
 */
import type { Page } from '@playwright/test';
import type { Database } from '../service/db/database.js';
import { startService, type StartedService } from '../service/servers/start-service.js';
import { importedWorld } from '../service/tests/imported-world.js';
import { expectServicePageAccessible } from './accessibility.js';
import { expect, test } from './fixtures.js';
import { approvedOwner, PASSWORD } from './review-accounts.js';

let service: StartedService;
let db: Database;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  db = await importedWorld();
  service = await startService({
    database: db,
    origins: { widgetHost: 0 },
    live: { origins: { widgetHost: 0, platform: 0, mcp: 0 } },
    settings: { visitorLimits: false },
  });
  base = service.urls.widgetHost.replace(/\/$/, '');
  for (const [kind, id, organizationName, name] of [
    ['agency', 'org_orchidrealty', 'Orchid Realty', 'Ong Bee Hoon'],
    ['developer', 'org_kallangbay', 'Kallang Bay Development', 'Rahul Menon'],
    ['partner_site', 'org_homesweekly', 'Homes Weekly', 'Nadia Karim'],
  ] as const)
    await approvedOwner(db, {
      organizationId: id,
      organizationName,
      kind,
      userId: `usr_${id.slice(4)}`,
      name,
      email: `${id.slice(4)}@example.test`,
    });
});
test.afterAll(async () => {
  await service?.stop();
  await db?.close();
});

async function signIn(page: Page, email: string) {
  await page.goto(`${base}/console/sign-in`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Widget keys', level: 1 })).toBeVisible();
}
const nav = (page: Page) => page.getByRole('navigation', { name: 'Console' });
async function switchTo(page: Page, environment: 'live' | 'sandbox') {
  await page.getByRole('button', { name: `Switch to ${environment}` }).click();
  await expect(page.getByRole('region', { name: 'Environment' })).toContainText(
    environment === 'live' ? 'Live: real data' : 'Sandbox: test data',
  );
}

test('a new agency adds an agent and a team, and archives an agent after confirming', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'orchidrealty@example.test');
  await nav(page).getByRole('link', { name: 'Agents' }).click();
  await expect(page.getByRole('heading', { name: 'Agents', level: 1 })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Projects' })).toHaveCount(0);
  await expect(page.getByText('No agents yet')).toBeVisible();
  await expectServicePageAccessible(page);

  await page.getByLabel('Name', { exact: true }).fill('Ong Bee Hoon');
  await page.getByLabel('CEA registration number').fill('R12345');
  await page.getByLabel('Agency admin').check();
  await page.getByRole('button', { name: 'Add agent' }).click();
  await expect(page.getByLabel('CEA registration number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ong Bee Hoon');
  await expectServicePageAccessible(page);
  await page.getByLabel('CEA registration number').fill('R800001A');
  await page.getByRole('button', { name: 'Add agent' }).click();
  await expect(page.getByRole('status')).toContainText('Agent added');
  await page.getByLabel('Name', { exact: true }).fill('Farid Ismail');
  await page.getByLabel('CEA registration number').fill('R800002B');
  await page.getByRole('button', { name: 'Add agent' }).click();
  const agents = page.getByRole('table', { name: 'Agents' });
  await expect(agents.getByRole('row')).toHaveCount(3);

  await page.getByLabel('Team name').fill('Kallang');
  await page.getByLabel('Ong Bee Hoon (R800001A)').check();
  await page.getByLabel('Farid Ismail (R800002B)').check();
  await page.getByRole('button', { name: 'Make team' }).click();
  await expect(page.getByRole('table', { name: 'Teams' })).toContainText('Ong Bee Hoon, Farid Ismail');
  await expectServicePageAccessible(page);
  await page.getByRole('link', { name: 'Change Kallang' }).click();
  await expect(page.getByRole('heading', { name: 'Team Kallang', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Farid Ismail (R800002B)')).toBeChecked();
  await expectServicePageAccessible(page);
  await page.getByRole('link', { name: 'Cancel' }).click();

  // The agents are the organization's: live shows the same, and archiving there is asked first.
  await switchTo(page, 'live');
  await nav(page).getByRole('link', { name: 'Agents' }).click();
  await agents
    .getByRole('row')
    .filter({ hasText: 'Farid Ismail' })
    .getByRole('link', { name: 'Archive Farid Ismail' })
    .click();
  await expect(page.getByRole('heading', { name: 'Archive Farid Ismail?' })).toBeVisible();
  await expectServicePageAccessible(page);
  await page.getByRole('button', { name: 'Archive agent' }).click();
  await expect(page.getByRole('status')).toContainText('Archived');
  await expect(agents.getByRole('row').filter({ hasText: 'Farid Ismail' })).toContainText('Archived');
  await expect(page.getByRole('table', { name: 'Teams' })).not.toContainText('Farid Ismail');
});

test('a new developer adds a project in each environment, a unit type, and launches it after confirming', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'kallangbay@example.test');
  for (const environment of ['sandbox', 'live'] as const) {
    if (environment === 'live') await switchTo(page, 'live');
    await nav(page).getByRole('link', { name: 'Projects' }).click();
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    await expect(page.getByText('No projects yet.')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(`Kallang Bay ${environment}`);
    await page.getByLabel('Postal district').fill('30');
    await page.getByRole('button', { name: 'Add project' }).click();
    await expect(page.getByLabel('Postal district')).toHaveAttribute('aria-invalid', 'true');
    await expectServicePageAccessible(page);
    await page.getByLabel('Postal district').fill('12');
    await page.getByLabel('freehold', { exact: true }).check();
    await page.getByRole('button', { name: 'Add project' }).click();
    await expect(page.getByRole('heading', { name: `Kallang Bay ${environment}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Project added');
    await page.getByLabel('Name', { exact: true }).fill('2-bedroom');
    await page.getByLabel('Bedrooms').fill('2');
    await page.getByLabel('Floor area in square metres').fill('68');
    await page.getByLabel('Units of this type').fill('60');
    await page.getByRole('button', { name: 'Add unit type' }).click();
    await expect(page.getByRole('table', { name: 'Unit types' })).toContainText('2-bedroom');
    await expectServicePageAccessible(page);
    await page.getByRole('link', { name: 'Launch' }).click();
    await expect(page.getByRole('heading', { name: `Launch: Kallang Bay ${environment}?` })).toBeVisible();
    await expectServicePageAccessible(page);
    await page.getByRole('button', { name: 'Launch' }).click();
    await expect(page.getByText('Launched', { exact: true })).toBeVisible();
  }
  await nav(page).getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('table', { name: 'Projects' })).not.toContainText('Kallang Bay sandbox');
});

test('a new partner site writes its profile', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'homesweekly@example.test');
  await nav(page).getByRole('link', { name: 'Site profile' }).click();
  await expect(page.getByText('No profile yet')).toBeVisible();
  await page.getByLabel('Site name').fill('Homes Weekly');
  await page.getByLabel('Address').fill('https://homesweekly.example/');
  for (const label of ['For sale', 'For rent', 'HDB flats', 'Condominiums', 'Landed homes'])
    await page.getByLabel(label).uncheck();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Choose at least one.').first()).toBeVisible();
  await expectServicePageAccessible(page);
  await page.getByLabel('For sale').check();
  await page.getByLabel('HDB flats').check();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status')).toContainText('Profile saved');
  await expect(page.getByText(/Agencies distribute to ps_homesweekly[a-z0-9]{4}/)).toBeVisible();
  await expectServicePageAccessible(page);
});

test('in live, the agency shows its listing on the partner site another sign-up made, and on no demo site', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const live = service.live!.services;
  const [agent] = await live.directory.agents.list('org_orchidrealty', 'active');
  const home = live.settings.data.homes.properties.find((p) => p.propertyType === 'hdb')!;
  const made = await live.listings.listings.create('org_orchidrealty', undefined, {
    propertyId: home.id,
    mode: 'sale',
    listPrice: 640_000,
    listAgentId: agent!.id,
  });
  expect('listing' in made).toBe(true);
  await signIn(page, 'orchidrealty@example.test');
  await switchTo(page, 'live');
  await nav(page).getByRole('link', { name: 'Distribution' }).click();
  const table = page.getByRole('table', { name: 'Your listings on partner sites' });
  await expect(table.getByRole('link', { name: /^Show on Homes Weekly/ })).toBeVisible();
  await expect(table.getByRole('link', { name: /Lion City Homes|Flat Finder/ })).toHaveCount(0);
  await expectServicePageAccessible(page);
  await table.getByRole('link', { name: /^Show on Homes Weekly/ }).click();
  await expect(page.getByRole('heading', { name: 'Show this listing on Homes Weekly?' })).toBeVisible();
  await page.getByRole('button', { name: 'Show on Homes Weekly' }).click();
  await expect(page.getByRole('status')).toContainText('Shown');
  await expect(table.getByRole('link', { name: /^Withdraw from Homes Weekly/ })).toBeVisible();
});
