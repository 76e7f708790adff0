/**
 * `npm run bench`: figures, not verdicts. Drives Debian's Chromium (or CHROMIUM_PATH) against the
 * built widget served by the real sandbox host on loopback, prints tables and writes JSON to
 * bench/results/latest.json. It never fails because a machine is slow.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../e2e/engines/browsers.js';
import { startDemoServer } from '../demo/server.js';
import { startService } from '../service/servers/start-service.js';
import { isWholeWidgetFile, measure } from '../scripts/size-report.js';
import { compareBelowFold, printBelowFold, summariseBelowFold } from './below-fold.js';
import { CANDIDATES, HOST_DIR, PAGES_DIR, prepareCandidates } from './candidates.js';
import { type Network, NETWORKS } from './instrument.js';
import { compareMainThread, printMainThread } from './main-thread.js';
import { print, summarise } from './report.js';
import { ESTIMATE_QUERIES, estimateRenders, memory, TYPING_PACES_MS, typingRun } from './scenarios.js';
import { compareStartUp } from './start-up.js';
import { printStartUp, summariseStartUp } from './start-up-report.js';

const DEMO_PORT = 4180;
const PAGES_PORT = 4181;
const WIDGET_PORT = 8789;
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
/**
 * `BENCH_ONLY=start-up` measures start-up alone, for quick comparisons while changing it;
 * `BENCH_ONLY=main-thread` traces the widget's (and BENCH_BASELINE's) start-up tasks instead;
 * `BENCH_ONLY=below-fold` measures only what a container far below the fold costs;
 * `BENCH_ONLY=scenarios` skips both and measures typing, estimates and memory.
 * `BENCH_NETWORK=loopback` or `slow-4g` measures start-up on that network only.
 */
const ONLY_START_UP = process.env.BENCH_ONLY === 'start-up';
const ONLY_MAIN_THREAD = process.env.BENCH_ONLY === 'main-thread';
const ONLY_BELOW_FOLD = process.env.BENCH_ONLY === 'below-fold';
const SKIP_START_UP = process.env.BENCH_ONLY === 'scenarios';
const ON_NETWORKS = NETWORKS.filter((n) => (process.env.BENCH_NETWORK ?? n) === n);
if (!ON_NETWORKS.length) throw new Error(`BENCH_NETWORK is ${process.env.BENCH_NETWORK}: use ${NETWORKS.join(' or ')}`);

await prepareCandidates();
const service = await startService({ origins: { widgetHost: WIDGET_PORT }, widgetHost: { distDir: HOST_DIR } });
const widgetHost = { url: service.urls.widgetHost };
const demo = await startDemoServer({ port: DEMO_PORT, widgetHostUrl: widgetHost.url });
const pages = await startDemoServer({ port: PAGES_PORT, widgetHostUrl: widgetHost.url, root: PAGES_DIR });
const browser = await chromium.launch(chromiumLaunchOptions);
const demoUrl = `http://localhost:${DEMO_PORT}/`;
const qaUrl = `${demoUrl}qa.html`;

try {
  if (ONLY_MAIN_THREAD) {
    const widgets = CANDIDATES.filter((candidate) => candidate.tag === 'service-valuation');
    printMainThread(await compareMainThread(browser, pages.url, widgets, RUNS), RUNS);
    process.exit(0);
  }
  const withWidget = CANDIDATES.filter((c) => ['plain', 'widget', 'baseline'].includes(c.name));
  const measureBelowFold = async () => summariseBelowFold(await compareBelowFold(browser, pages.url, withWidget, RUNS));
  if (ONLY_BELOW_FOLD) {
    printBelowFold(await measureBelowFold());
    process.exit(0);
  }
  const sizes = await measure();
  const widgetFiles = sizes.filter((s) => isWholeWidgetFile(s.file)).map((s) => s.file);
  const loads = SKIP_START_UP
    ? []
    : await compareStartUp(browser, pages.url, widgetHost.url, CANDIDATES, RUNS, ON_NETWORKS);
  const onNetwork = (network: Network) => loads.filter((load) => load.network === network);
  const startUp = SKIP_START_UP
    ? []
    : await Promise.all(ON_NETWORKS.map((network) => summariseStartUp(onNetwork(network), CANDIDATES, widgetFiles)));
  // Printed as soon as measured: the scenarios after them take minutes more.
  startUp.forEach(printStartUp);
  if (ONLY_START_UP) process.exit(0);
  const belowFold = SKIP_START_UP ? [] : await measureBelowFold();
  printBelowFold(belowFold);
  const typing = [];
  for (const paceMs of TYPING_PACES_MS) {
    for (let i = 0; i < 3; i++) typing.push({ paceMs, ...(await typingRun(browser, demoUrl, paceMs)) });
  }
  const estimates = await estimateRenders(browser, qaUrl, ESTIMATE_QUERIES);
  const results = summarise({
    browserVersion: browser.version(),
    sizes,
    startUp,
    belowFold,
    typing,
    estimates,
    memory: await memory(browser, qaUrl),
  });
  print(results);
  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  await writeFile(new URL('./results/latest.json', import.meta.url), JSON.stringify({ ...results, loads }, null, 2));
  console.log('\nWrote bench/results/latest.json');
} finally {
  await browser.close();
  await service.stop();
  demo.server.close();
  pages.server.close();
}
