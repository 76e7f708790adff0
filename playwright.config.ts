import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/engines/browsers.js';
import { type Engine, ENGINES } from './e2e/engines/driver.js';

import {
  DEMO_PORT,
  MAIL_INBOX_PORT,
  MCP_PORT,
  PLATFORM_PORT,
  STATIC_DEMO_PORT,
  WIDGET_HOST_PORT,
} from './e2e/ports.js';

/** e2e runs against the built widget, served by the real sandbox host on its own origin. */

/**
 * Specs that change what the shared sandbox holds (accounts, keys, reviews, webhooks), or start a service
 * of their own: one at a time, in their own project, beside the visitors' specs.
 */
const WALKS = [
  'accounts.spec.ts',
  'console.spec.ts',
  'go-live.spec.ts',
  'inventory-console.spec.ts',
  'mcp-oauth.spec.ts',
  'webhooks.spec.ts',
  'live.spec.ts',
  'organization-records.spec.ts',
  'staff-data.spec.ts',
  'staff-reviews.spec.ts',
];
/** The npm packages as their users meet them (npm pack, install, tsc, vite build): `npm run test:package`. */
const PACKAGES = ['package.spec.ts', 'sdk-package.spec.ts'];
const inE2e = (files: string[]) => files.map((file) => `**/e2e/${file}`);

// The test run's password cost and database templates (scripts/test-node.ts), for the services the
// workers start in-process as for the shared server.
process.env.SERVICE_PASSWORD_COST ??= 'test';
process.env.SERVICE_TEST_DATABASES ??= '.data/test-databases';

const chromium = { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions };

export default defineConfig<{ engine: Engine }>({
  testDir: 'e2e',
  // The visitors' specs only read the sandbox, so they share two workers; the walks take one of them in turn.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  // A hung run ends as a failure, well inside CI's 90 minutes.
  globalTimeout: 45 * 60_000,
  expect: { timeout: 8_000 },
  use: {
    baseURL: `http://localhost:${DEMO_PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    // The name stays 'chromium': the screenshots it compares are named after it.
    { name: 'chromium', testIgnore: ['engines/**', ...inE2e(WALKS), ...inE2e(PACKAGES)], use: chromium },
    { name: 'walks', testMatch: inE2e(WALKS), workers: 1, use: chromium },
    { name: 'packages', testMatch: inE2e(PACKAGES), workers: 1, use: chromium },
    // The visitor's flows, written once (e2e/engines/), in each engine through one driver interface.
    ...ENGINES.map((engine) => ({
      name: `engine-${engine}`,
      testDir: 'e2e/engines',
      // Not the node:test files beside them (npm run test:node runs those).
      testMatch: '*.spec.ts',
      use: { engine },
      timeout: 60_000,
      workers: 1,
    })),
  ],
  webServer: [
    {
      command: 'tsx service/start.ts',
      url: `http://127.0.0.1:${DEMO_PORT}/`,
      env: {
        DEMO_PORT: String(DEMO_PORT),
        WIDGET_HOST_PORT: String(WIDGET_HOST_PORT),
        PLATFORM_PORT: String(PLATFORM_PORT),
        SANDBOX_DATA_DIR: 'memory://',
        MCP_PORT: String(MCP_PORT),
        // The account walks open the links the service mails from the sandbox inbox's page.
        MAIL_INBOX_PORT: String(MAIL_INBOX_PORT),
        SANDBOX_VISITOR_LIMITS: 'off',
        SERVICE_PASSWORD_COST: 'test',
        // The visitors' flows need no fetch of the world at start (service/tests/data-*.test.ts walk that road).
        SANDBOX_FETCH: 'off',
        // The webhook walk's receiver runs on loopback (e2e/webhooks.spec.ts), as a developer's own would.
        WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
      },
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
      timeout: 30_000,
    },
    {
      // The static demo: the same sandbox host, in the page through MSW.
      command: `vite --mode static-demo --port ${STATIC_DEMO_PORT}`,
      url: `http://localhost:${STATIC_DEMO_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
});
