// Component tests in Chromium, Firefox ESR and WebKitGTK (e2e/engines/), TypeScript through esbuild,
// and MSW's service worker served from the msw package.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { chromiumLaunchOptions, firefoxLaunchOptions } from './e2e/engines/browsers.ts';
import { webkitLauncher } from './e2e/engines/wtr-webkit-launcher.ts';
import { testRunnerHtml } from './e2e/engines/wtr-test-page.ts';

// WebKit runs apart (WTR_ENGINE=webkit): its launcher drives WebKitGTK's MiniBrowser over WebDriver.
const webkit = process.env.WTR_ENGINE === 'webkit';

export default {
  // Chosen by folder: src/ runs in the browsers; service/, sdk/, scripts/ and bench/ run in Node (npm run test:node).
  files: ['src/**/*.test.ts'],
  nodeResolve: true,
  testRunnerHtml,
  concurrency: 1,
  // Chromium and Firefox side by side, one file each, on the two cores. The stalls that once kept them one at a
  // time were failures lost on the way to the runner (e2e/engines/wtr-test-page.ts reports them now).
  concurrentBrowsers: 2,
  // A file's whole run, not one test: a loaded two-core CI machine took over the 120 s default.
  testsFinishTimeout: 300_000,
  testFramework: { config: { timeout: 8000 } },
  plugins: [esbuildPlugin({ ts: true, json: true, tsconfig: './tsconfig.json', target: 'es2022' })],
  middleware: [
    function mswWorker(context, next) {
      if (context.url === '/mockServiceWorker.js') context.url = '/node_modules/msw/lib/mockServiceWorker.js';
      return next();
    },
  ],
  browsers: webkit
    ? [webkitLauncher()]
    : [
        playwrightLauncher({ product: 'chromium', launchOptions: chromiumLaunchOptions }),
        playwrightLauncher({ product: 'firefox', launchOptions: firefoxLaunchOptions() }),
      ],
};
