// Component tests: real Chromium (Debian's, or CHROMIUM_PATH), TypeScript through esbuild,
// and MSW's service worker served from the msw package.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { fileURLToPath } from 'node:url';
import { webkitLauncher } from './e2e/engines/wtr-webkit-launcher.ts';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default {
  // sandbox/platform, sandbox/db, sandbox/console, sandbox/mcp and sdk run in Node (npm run test:node): they are server-side.
  files: ['src/**/*.test.ts', 'sandbox/**/*.test.ts', '!sandbox/platform/**', '!sandbox/db/**', '!sandbox/console/**', '!sandbox/mcp/**'],
  nodeResolve: true,
  concurrency: 1,
  testFramework: { config: { timeout: 8000 } },
  plugins: [esbuildPlugin({ ts: true, json: true, tsconfig: './tsconfig.json', target: 'es2022' })],
  middleware: [
    function mswWorker(context, next) {
      if (context.url === '/mockServiceWorker.js') context.url = '/node_modules/msw/lib/mockServiceWorker.js';
      return next();
    },
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      },
    }),
    playwrightLauncher({
      product: 'firefox',
      launchOptions: {
        channel: 'moz-firefox',
        executablePath: fileURLToPath(new URL('./e2e/engines/firefox-esr.ts', import.meta.url)),
        firefoxUserPrefs: { 'layout.css.prefers-color-scheme.content-override': 1 },
      },
    }),
    webkitLauncher(),
  ],
};
