/**
 * The SDK's npm package as an integrator meets it: `npm pack` of packages/sdk, installed into an
 * empty project, its `service-valuation` command run from the install against the running sandbox,
 * and the client imported by a script of that project.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PLATFORM_PORT } from './ports.js';
import { expect, test } from './fixtures.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const WORK = fileURLToPath(new URL('./.cli-package/', import.meta.url));
const KEY = 'svcp_test_partner000000000000003';
const BASE_URL = `http://127.0.0.1:${PLATFORM_PORT}/v1`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  test.setTimeout(180_000);
  if (!existsSync(`${ROOT}packages/sdk/dist/cli.js`)) throw new Error('Build the package first: npm run build:package');
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(`${WORK}app`, { recursive: true });
  execFileSync('npm', ['pack', '--pack-destination', WORK], { cwd: `${ROOT}packages/sdk`, stdio: 'pipe' });
  const tarball = readdirSync(WORK).find((name) => name.endsWith('.tgz'))!;
  writeFileSync(`${WORK}app/package.json`, JSON.stringify({ name: 'integrator-app', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `../${tarball}`], {
    cwd: `${WORK}app`,
    stdio: 'pipe',
  });
});

/** The installed command, as `npx service-valuation …` runs it. */
const cli = (args: string[], env: Record<string, string> = { SERVICE_API_KEY: KEY }) =>
  spawnSync(`${WORK}app/node_modules/.bin/service-valuation`, args, {
    cwd: `${WORK}app`,
    env: { PATH: process.env.PATH!, SERVICE_BASE_URL: BASE_URL, ...env },
    encoding: 'utf8',
  });

test('the installed command values a property, and says what is wrong in one line', () => {
  const estimate = cli(['valuations', 'estimate', '--postal', '560102', '--mode', 'rent']);
  expect(estimate.stderr).toBe('');
  expect(estimate.status).toBe(0);
  expect(estimate.stdout).toMatch(/Estimated monthly rent: S\$[\d,]+ \(likely S\$[\d,]+ to S\$[\d,]+\)/);
  expect(cli(['valuations', '--help']).stdout).toMatch(/service-valuation valuations estimate/);
  const noKey = cli(['organizations', 'current'], {});
  expect(noKey.status).toBe(2);
  expect(noKey.stderr.trim()).toMatch(/^error: set SERVICE_API_KEY/);
  const noMatch = cli(['valuations', 'estimate', '--postal', '999999']);
  expect(noMatch.status).toBe(1);
});

test('a script of the project imports the client and calls the sandbox', () => {
  writeFileSync(
    `${WORK}app/check.js`,
    `import { createPlatformClient } from 'service-valuation-sdk';
const client = createPlatformClient({ apiKey: process.env.SERVICE_API_KEY, baseUrl: process.env.SERVICE_BASE_URL });
const estimate = await client.valuations.estimate('hdb-560102-4-room');
console.log(client.environment, estimate.property.postalCode, estimate.attribution.url.length > 0);`,
  );
  const answer = spawnSync(process.execPath, ['check.js'], {
    cwd: `${WORK}app`,
    env: { PATH: process.env.PATH!, SERVICE_BASE_URL: BASE_URL, SERVICE_API_KEY: KEY },
    encoding: 'utf8',
  });
  expect(answer.stderr).toBe('');
  expect(answer.stdout.trim()).toBe('sandbox 560102 true');
});
