/**
 * The npm package as a bundler user meets it: `npm pack`, installed into a Vite + React 19 app
 * (e2e/package-app/), type-checked (the JSX typing), built, served, and used by a visitor.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { listen } from '../service/web/serve.js';
import { fileResponse } from '../service/web/static-files.js';
import { API_BASE, expect, search, test } from './fixtures.js';

const APP_PORT = 4176;
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PACKAGE = `${ROOT}packages/widget/`;
// Inside the repository (git-ignored), so the app finds Vite and TypeScript in its node_modules.
const WORK = fileURLToPath(new URL('./.package-app/', import.meta.url));
const run = (command: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
  execFileSync(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe', encoding: 'utf8' });

let server: Server;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  if (!existsSync(`${PACKAGE}dist/index.js`)) throw new Error('Build the package first: npm run build:package');
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  run('npm', ['pack', '--pack-destination', WORK], PACKAGE);
  const tarball = readdirSync(WORK).find((name) => name.endsWith('.tgz'))!;
  cpSync(fileURLToPath(new URL('./package-app/', import.meta.url)), `${WORK}app`, { recursive: true });
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `../${tarball}`], `${WORK}app`);
  // The JSX typing: the app type-checks, and its one deliberate mistake is refused.
  run(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-p', 'tsconfig.json'], `${WORK}app`);
  run(process.execPath, [`${ROOT}node_modules/vite/bin/vite.js`, 'build'], `${WORK}app`, {
    WIDGET_HOST: `${API_BASE}/`,
  });
  server = await listen(async (request) => {
    const path = new URL(request.url).pathname;
    return (
      (await fileResponse(`${WORK}app/dist`, path === '/' ? '/index.html' : path)) ??
      new Response(null, { status: 404 })
    );
  }, APP_PORT);
});

test.afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

test('installed from the packed tarball into a Vite + React app: a visitor gets an estimate, and the app hears it', async ({
  page,
  consoleMessages,
}) => {
  await page.goto(`http://localhost:${APP_PORT}/`);
  await expect(page.getByText('The widget is defined.')).toBeVisible();
  await search(page, '560102');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('heading', { name: 'Estimated sale price' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Last estimate' })).toHaveText(
    /^Last estimate: S\$[\d,]+ \(sale\)$/,
  );
  expect(consoleMessages.filter((line) => line.startsWith('error'))).toEqual([]);
});

test('the package imports during server rendering without touching the DOM', () => {
  const output = run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import('service-valuation-widget'); await m.defined; console.log(m.TAG_NAME, typeof HTMLElement);",
    ],
    `${WORK}app`,
  );
  expect(output.trim()).toBe('service-valuation undefined');
});
