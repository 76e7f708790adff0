/**
 * `npm run bench`: figures, not verdicts. Drives Debian's Chromium (or CHROMIUM_PATH) against the
 * built widget served by the real sandbox host on loopback, prints a table and writes JSON to
 * bench/results/latest.json. It never fails because a machine is slow.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright';
import keys from '../sandbox/keys.json' with { type: 'json' };
import { startDemoServer } from '../sandbox/demo-server.js';
import { startWidgetHostServer } from '../sandbox/node-server.js';
import { measure } from '../scripts/size-report.js';
import { print, summarise } from './report.js';
import { ESTIMATE_QUERIES, estimateRenders, memory, pageHealth, type StartUp, startUp, TYPING_PACES_MS, typingRun } from './scenarios.js';

const DEMO_PORT = 4180;
const WIDGET_PORT = 8789;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const widgetHost = await startWidgetHostServer({ port: WIDGET_PORT, keys: keys.keys });
const demo = await startDemoServer({ port: DEMO_PORT, widgetHostUrl: widgetHost.url });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const demoUrl = `http://localhost:${DEMO_PORT}/`;
const qaUrl = `${demoUrl}qa.html`;

try {
  const sizes = await measure();
  const starts: StartUp[] = [];
  const startsThrottled: StartUp[] = [];
  for (let i = 0; i < RUNS; i++) {
    starts.push(await startUp(browser, demoUrl, 1));
    startsThrottled.push(await startUp(browser, demoUrl, 4));
  }
  const health = {
    without: await pageHealth(browser, demoUrl, false),
    with: await pageHealth(browser, demoUrl, true),
    // A slow phone: the page has long tasks of its own then, so count the loads that have any.
    withoutCpu4x: await pageHealth(browser, demoUrl, false, 10, 4),
    withCpu4x: await pageHealth(browser, demoUrl, true, 10, 4),
  };
  const typing = [];
  for (const paceMs of TYPING_PACES_MS) {
    for (let i = 0; i < 3; i++) typing.push({ paceMs, ...(await typingRun(browser, demoUrl, paceMs)) });
  }
  const estimates = await estimateRenders(browser, qaUrl, ESTIMATE_QUERIES);
  const results = summarise({
    browserVersion: browser.version(),
    runs: RUNS,
    sizes,
    starts,
    startsThrottled,
    health,
    typing,
    estimates,
    memory: await memory(browser, qaUrl),
  });
  print(results);
  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  await writeFile(new URL('./results/latest.json', import.meta.url), JSON.stringify(results, null, 2));
  console.log('\nWrote bench/results/latest.json');
} finally {
  await browser.close();
  widgetHost.server.close();
  demo.server.close();
}
