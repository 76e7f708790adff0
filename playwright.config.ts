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

export default defineConfig<{ engine: Engine }>({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  // A hung run ends as a failure, well inside CI's 90 minutes (the suite takes about 10 here).
  globalTimeout: 45 * 60_000,
  expect: { timeout: 8_000 },
  use: {
    baseURL: `http://localhost:${DEMO_PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: 'engines/**',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunchOptions,
      },
    },
    // The visitor's flows, written once (e2e/engines/), in each engine through one driver interface.
    ...ENGINES.map((engine) => ({
      name: `engine-${engine}`,
      testDir: 'e2e/engines',
      use: { engine },
      timeout: 60_000,
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
