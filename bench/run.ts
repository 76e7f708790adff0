/**
 * `npm run bench`: figures, not verdicts. Drives Debian's Chromium (or CHROMIUM_PATH) against the
 * built widget served by the real sandbox host on loopback, prints a table and writes JSON to
 * bench/results/latest.json. It never fails because a machine is slow.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { chromium, type Browser, type Page } from 'playwright';
import keys from '../sandbox/keys.json' with { type: 'json' };
import { startDemoServer } from '../sandbox/demo-server.js';
import { startWidgetHostServer } from '../sandbox/node-server.js';
import { measure } from '../scripts/size-report.js';

const DEMO_PORT = 4180;
const WIDGET_PORT = 8789;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TYPED_ADDRESS = '101 toa payoh lorong'; // 20 characters
/** Milliseconds between keys: a fast typist, an average one, a slow one (on a phone). */
const TYPING_PACES_MS = [80, 150, 300];
/** Searches whose first suggestion has an estimate: HDB, condo and landed, sale mode. */
const ESTIMATE_QUERIES = ['310101', '560102', 'parc esta', 'the sail', 'kembangan', '102 amk ave 3', 'blk 101 toa payoh lor 1', 'bishan'];

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const position = (sorted.length - 1) * q;
  const lo = Math.floor(position);
  const hi = Math.ceil(position);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (position - lo);
}
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * The bench's own instrumentation, so nothing ships in the widget for it: layout shifts and long
 * tasks from the start of the page; and every shadow root the page attaches is watched, noting
 * when a search field first appears (the panel is ready) and whenever the suggestion popup's
 * content changes (a list was rendered).
 * A string, not a function: tsx would add a __name() helper the page does not have.
 */
const INSTRUMENT_PAGE = `(() => {
  const seen = (window.__svBench = { ready: NaN, lists: [], cls: 0, longTasks: [] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) seen.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    new MutationObserver((records) => {
      const now = performance.now();
      if (Number.isNaN(seen.ready) && root.querySelector('input[role=combobox]')) seen.ready = now;
      const inPopup = (node) => node instanceof Element && !!node.closest('.popup');
      if (records.some((r) => inPopup(r.target) || [...r.addedNodes].some(inPopup))) seen.lists.push(now);
    }).observe(root, { childList: true, subtree: true });
    return root;
  };
})();`;

interface BenchMarks {
  ready: number;
  lists: number[];
  cls: number;
  longTasks: { start: number; duration: number }[];
}

async function newPage(browser: Browser, cpuSlowdown = 1): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript({ content: INSTRUMENT_PAGE });
  if (cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  return page;
}

interface StartUp {
  /** Loader start → a panel whose search field is ready. */
  total: number;
  /** widget.js received → element.js requested: the page's main thread, the loader's work, the viewport check. */
  loader: number;
  /** element.js requested → received. */
  download: number;
  /** element.js received → first render: parse, compile, define, render, adopt styles. */
  render: number;
  /** Bytes of widget.js + element.js as the browser received them (compressed by the widget host). */
  transferred: number;
  /** The Content-Encoding element.js came with. */
  encoding: string;
}

/** Milliseconds from the loader script starting to a panel whose search field is ready, by phase. */
async function startUp(browser: Browser, cpuSlowdown: number): Promise<StartUp> {
  const page = await newPage(browser, cpuSlowdown);
  const elementResponse = page.waitForResponse((response) => response.url().endsWith('/element.js'));
  await page.goto(`http://localhost:${DEMO_PORT}/`);
  await page.locator('service-valuation').getByRole('combobox').waitFor();
  const encoding = (await elementResponse).headers()['content-encoding'] ?? 'identity';
  const phases = await page.evaluate(() => {
    // No named helpers in here: tsx would wrap them in a __name() the page does not have.
    const [loader, element] = ['/widget.js', '/element.js'].map(
      (file) => performance.getEntriesByType('resource').find((e) => e.name.endsWith(file)) as PerformanceResourceTiming,
    );
    const { ready } = (window as unknown as { __svBench: BenchMarks }).__svBench;
    return {
      total: ready - loader.responseEnd,
      loader: element.startTime - loader.responseEnd,
      download: element.responseEnd - element.startTime,
      render: ready - element.responseEnd,
      transferred: loader.encodedBodySize + element.encodedBodySize,
    };
  });
  await page.context().close();
  return { ...phases, encoding };
}

/**
 * Milliseconds from an estimate's answer arriving to its value being in the panel, for each
 * property in `queries`, and the long tasks while searching and showing them. Read in the page:
 * resource timing for the answer, a MutationObserver on the element's (open) shadow root for the
 * render; nothing is added to the widget for it.
 */
async function estimateRenders(browser: Browser, queries: string[]): Promise<{ latencies: number[]; longTasks: number[] }> {
  const page = await newPage(browser);
  await page.goto(`http://localhost:${DEMO_PORT}/qa.html`);
  const box = page.locator('service-valuation').getByRole('combobox');
  await box.waitFor();
  const since = await page.evaluate(() => performance.now());
  const latencies: number[] = [];
  for (const query of queries) {
    await page.locator('service-valuation').evaluate((el) => {
      const w = window as unknown as { __shown?: Promise<number> };
      const previous = el.shadowRoot!.querySelector('[part="value"]');
      w.__shown = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          const value = el.shadowRoot!.querySelector('[part="value"]');
          if (!value || value === previous) return;
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(el.shadowRoot!, { childList: true, subtree: true });
      });
      performance.clearResourceTimings();
    });
    await box.fill(query);
    await page.getByRole('option').first().click();
    latencies.push(
      await page.evaluate(async () => {
        const shown = await (window as unknown as { __shown: Promise<number> }).__shown;
        // The answer's resource entry is queued after the fetch resolves, so it may land after the render.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const answer = performance.getEntriesByType('resource').find((e) => e.name.includes('/v1/estimates')) as PerformanceResourceTiming;
        return shown - answer.responseEnd;
      }),
    );
  }
  const longTasks = await page.evaluate(
    (from) => (window as unknown as { __svBench: BenchMarks }).__svBench.longTasks.filter((t) => t.start >= from).map((t) => t.duration),
    since,
  );
  await page.context().close();
  return { latencies, longTasks };
}

async function observePageHealth(browser: Browser, withWidget: boolean, cpuSlowdown: number) {
  const page = await newPage(browser, cpuSlowdown);
  if (!withWidget) await page.route('**/widget.js', (route) => route.abort());
  await page.goto(`http://localhost:${DEMO_PORT}/`);
  if (withWidget) await page.locator('service-valuation').getByRole('combobox').waitFor();
  await page.waitForTimeout(1500);
  const result = await page.evaluate(() => {
    const { cls, longTasks } = (window as unknown as { __svBench: BenchMarks }).__svBench;
    return { cls, longTasks: longTasks.length, longestTaskMs: Math.max(0, ...longTasks.map((t) => t.duration)) };
  });
  await page.context().close();
  return result;
}

/** The page's health over several loads: worst CLS, median long-task count, loads with any, longest task. */
async function pageHealth(browser: Browser, withWidget: boolean, loads = 3, cpuSlowdown = 1) {
  const runs = [];
  for (let i = 0; i < loads; i++) runs.push(await observePageHealth(browser, withWidget, cpuSlowdown));
  return {
    cls: Math.max(...runs.map((r) => r.cls)),
    longTasks: median(runs.map((r) => r.longTasks)),
    loadsWithLongTasks: runs.filter((r) => r.longTasks > 0).length,
    longestTaskMs: Math.max(...runs.map((r) => r.longestTaskMs)),
    loads: runs.length,
  };
}

/** Types an address at a steady pace; counts suggest requests and times answer-to-render for each. */
async function typingRun(browser: Browser, paceMs: number) {
  const page = await newPage(browser);
  await page.goto(`http://localhost:${DEMO_PORT}/`);
  const box = page.locator('service-valuation').getByRole('combobox');
  await box.waitFor();
  let requests = 0;
  page.on('request', (r) => {
    if (r.url().includes('/v1/suggestions')) requests++;
  });
  await box.click();
  await box.pressSequentially(TYPED_ADDRESS, { delay: paceMs });
  await page.waitForTimeout(800);
  const latencies = await page.evaluate(() => {
    // Answers that arrived (aborted requests leave entries too, with no status), each timed to the
    // first change of the popup's content before the next answer: an answer identical to the list
    // on screen changes nothing, so it has no render to time.
    const { lists } = (window as unknown as { __svBench: BenchMarks }).__svBench;
    const arrivals = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/v1/suggestions') && (e as PerformanceResourceTiming).responseStatus === 200)
      .map((e) => (e as PerformanceResourceTiming).responseEnd)
      .sort((a, b) => a - b);
    return arrivals
      .map((arrived, i) => (lists.find((t) => t >= arrived && t < (arrivals[i + 1] ?? arrived + 500)) ?? NaN) - arrived)
      .filter((x) => Number.isFinite(x));
  });
  await page.context().close();
  return { requests, latencies };
}

async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

const addWidgets = (page: Page, count: number) =>
  page.evaluate(async (n) => {
    for (let i = 0; i < n; i++) {
      const container = document.createElement('div');
      container.className = 'bench-widget';
      container.setAttribute('data-service-valuation', '');
      container.setAttribute('data-embed-key', 'svce_test_demo0000000000000001');
      document.body.append(container);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }, count);

async function memory(browser: Browser) {
  const page = await newPage(browser);
  await page.goto(`http://localhost:${DEMO_PORT}/qa.html`);
  await page.locator('service-valuation').getByRole('combobox').waitFor();
  await page.locator('[data-service-valuation]').evaluate((el) => el.remove());
  await page.waitForTimeout(300);
  const empty = await heapUsed(page);
  await addWidgets(page, 1);
  const one = (await heapUsed(page)) - empty;
  await addWidgets(page, 19);
  const twenty = (await heapUsed(page)) - empty;
  await page.evaluate(() => document.querySelectorAll('.bench-widget').forEach((el) => el.remove()));
  const before = await heapUsed(page);
  const cycles = () =>
    page.evaluate(async () => {
      for (let i = 0; i < 500; i++) {
        const container = document.createElement('div');
        container.setAttribute('data-service-valuation', '');
        container.setAttribute('data-embed-key', 'svce_test_demo0000000000000001');
        document.body.append(container);
        await new Promise((resolve) => setTimeout(resolve, 0));
        container.remove();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
  await cycles();
  const after = await heapUsed(page);
  // A second batch tells a leak (it grows again) from one-time warm-up (it does not).
  await cycles();
  const afterSecond = await heapUsed(page);
  await page.context().close();
  return {
    oneWidgetKB: one / 1024,
    twentyWidgetsKB: twenty / 1024,
    heapBeforeCyclesKB: before / 1024,
    heapAfter500CyclesKB: after / 1024,
    heapAfter1000CyclesKB: afterSecond / 1024,
  };
}

const widgetHost = await startWidgetHostServer({ port: WIDGET_PORT, keys: keys.keys });
const demo = await startDemoServer({ port: DEMO_PORT, widgetHostUrl: widgetHost.url });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

try {
  const sizes = await measure();
  const starts: StartUp[] = [];
  const startsThrottled: StartUp[] = [];
  for (let i = 0; i < RUNS; i++) {
    starts.push(await startUp(browser, 1));
    startsThrottled.push(await startUp(browser, 4));
  }
  const phase = (runs: StartUp[], key: Exclude<keyof StartUp, 'encoding'>) => round(median(runs.map((r) => r[key])));
  const tti = starts.map((r) => r.total);
  const healthWithout = await pageHealth(browser, false);
  const healthWith = await pageHealth(browser, true);
  // A slow phone: the page has long tasks of its own then, so count the loads that have any.
  const healthWithoutCpu4x = await pageHealth(browser, false, 10, 4);
  const healthWithCpu4x = await pageHealth(browser, true, 10, 4);
  const typing: { paceMs: number; requests: number; latencies: number[] }[] = [];
  for (const paceMs of TYPING_PACES_MS) {
    for (let i = 0; i < 3; i++) typing.push({ paceMs, ...(await typingRun(browser, paceMs)) });
  }
  const latencies = typing.flatMap((t) => t.latencies);
  const { latencies: estimateLatencies, longTasks: estimateLongTasks } = await estimateRenders(browser, ESTIMATE_QUERIES);
  const mem = await memory(browser);

  const results = {
    machine: { cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`, memoryGB: round(totalmem() / 2 ** 30), node: process.version },
    browser: `Chromium ${browser.version()}`,
    runs: RUNS,
    sizes,
    transferredBytes: { encoding: starts[0].encoding, widgetAndElement: median(starts.map((r) => r.transferred)) },
    loaderToInteractiveMs: {
      median: round(median(tti)),
      medianCpu4x: phase(startsThrottled, 'total'),
      all: tti.map((x) => round(x)),
      phases: Object.fromEntries((['loader', 'download', 'render'] as const).map((key) => [key, phase(starts, key)])),
      phasesCpu4x: Object.fromEntries((['loader', 'download', 'render'] as const).map((key) => [key, phase(startsThrottled, key)])),
    },
    demoPage: { withoutWidget: healthWithout, withWidget: healthWith, withoutWidgetCpu4x: healthWithoutCpu4x, withWidgetCpu4x: healthWithCpu4x },
    suggestions: {
      typed: `"${TYPED_ADDRESS}", ${TYPED_ADDRESS.length} characters`,
      requestsPerAddress: Object.fromEntries(
        TYPING_PACES_MS.map((pace) => [`${pace}ms`, median(typing.filter((t) => t.paceMs === pace).map((t) => t.requests))]),
      ),
      answerToRenderMs: { p50: round(quantile(latencies, 0.5)), p95: round(quantile(latencies, 0.95)), samples: latencies.length },
    },
    estimate: {
      answerToRenderMs: {
        p50: round(quantile(estimateLatencies, 0.5)),
        p95: round(quantile(estimateLatencies, 0.95)),
        samples: estimateLatencies.length,
      },
      longTasks: estimateLongTasks.length,
      longestTaskMs: round(Math.max(0, ...estimateLongTasks)),
    },
    memory: Object.fromEntries(Object.entries(mem).map(([k, v]) => [k, round(v)])),
  };

  console.log(`\nValuation widget benchmark · ${results.browser} · ${results.machine.cpus} · ${results.machine.memoryGB} GB · Node ${results.machine.node}\n`);
  console.log('file'.padEnd(40), 'gzip'.padStart(8), 'brotli'.padStart(8));
  for (const s of sizes) console.log(s.file.padEnd(40), String(s.gzip).padStart(8), String(s.brotli).padStart(8));
  const rows: [string, string][] = [
    [
      `widget.js + element.js as the browser received them (${results.transferredBytes.encoding})`,
      `${results.transferredBytes.widgetAndElement} B`,
    ],
    [`widget.js received → interactive panel, median of ${RUNS}`, `${results.loaderToInteractiveMs.median} ms`],
    [
      '  until element.js is requested / its download / parse to first render',
      `${phase(starts, 'loader')} / ${phase(starts, 'download')} / ${phase(starts, 'render')} ms`,
    ],
    ['  same, 4× CPU throttling', `${results.loaderToInteractiveMs.medianCpu4x} ms`],
    [
      '  until element.js is requested / its download / parse to first render',
      `${phase(startsThrottled, 'loader')} / ${phase(startsThrottled, 'download')} / ${phase(startsThrottled, 'render')} ms`,
    ],
    ['demo CLS without / with widget (worst of 3 loads)', `${round(healthWithout.cls, 4)} / ${round(healthWith.cls, 4)}`],
    ['demo long tasks without / with widget (median of 3 loads)', `${healthWithout.longTasks} / ${healthWith.longTasks} (longest ${round(healthWith.longestTaskMs)} ms)`],
    [
      '  4× CPU: loads with a long task, without / with widget (of 10)',
      `${healthWithoutCpu4x.loadsWithLongTasks} / ${healthWithCpu4x.loadsWithLongTasks} (longest ${round(healthWithoutCpu4x.longestTaskMs)} / ${round(healthWithCpu4x.longestTaskMs)} ms)`,
    ],
    ...TYPING_PACES_MS.map((pace): [string, string] => [
      `suggest requests typing ${results.suggestions.typed}, a key every ${pace} ms`,
      String(results.suggestions.requestsPerAddress[`${pace}ms`]),
    ]),
    ['suggestion answer → rendered list, p50 / p95', `${results.suggestions.answerToRenderMs.p50} / ${results.suggestions.answerToRenderMs.p95} ms (${latencies.length} answers that changed the list)`],
    [
      'estimate answer → value in the panel (DOM), p50 / p95',
      `${results.estimate.answerToRenderMs.p50} / ${results.estimate.answerToRenderMs.p95} ms (${estimateLatencies.length} samples)`,
    ],
    [
      `long tasks while searching and showing those ${estimateLatencies.length} estimates`,
      `${results.estimate.longTasks} (longest ${results.estimate.longestTaskMs} ms)`,
    ],
    ['JS heap: 1 widget / 20 widgets', `${results.memory.oneWidgetKB} KB / ${results.memory.twentyWidgetsKB} KB`],
    [
      'JS heap before / after 500 / after 1,000 mount–unmount cycles',
      `${results.memory.heapBeforeCyclesKB} / ${results.memory.heapAfter500CyclesKB} / ${results.memory.heapAfter1000CyclesKB} KB`,
    ],
  ];
  console.log('');
  for (const [name, value] of rows) console.log(name.padEnd(64), value);
  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  await writeFile(new URL('./results/latest.json', import.meta.url), JSON.stringify(results, null, 2));
  console.log('\nWrote bench/results/latest.json');
} finally {
  await browser.close();
  widgetHost.server.close();
  demo.server.close();
}
