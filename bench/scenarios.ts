/**
 * What the bench does to the demo once the widget is up, each scenario on a fresh page: type into
 * it, show estimates, mount and unmount widgets (start-up is start-up.ts's). Each returns raw
 * figures; report.ts summarises them.
 */
import type { Browser, Page } from 'playwright';
import { heapUsed, newPage, readMarks } from './instrument.js';

export const TYPED_ADDRESS = '101 toa payoh lorong'; // 20 characters
/** Milliseconds between keys: a fast typist, an average one, a slow one (on a phone). */
export const TYPING_PACES_MS = [80, 150, 300];
/** Searches whose first suggestion has an estimate: HDB, condo and landed, sale mode. */
export const ESTIMATE_QUERIES = [
  '310101',
  '560102',
  'parc esta',
  'the sail',
  'kembangan',
  '102 amk ave 3',
  'blk 101 toa payoh lor 1',
  'bishan',
];
const DEMO_KEY = 'svce_test_demo0000000000000001';

interface Resource {
  name: string;
  startTime: number;
  responseEnd: number;
  responseStatus: number;
  encodedBodySize: number;
}

const resources = (page: Page): Promise<Resource[]> =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
      ({ name, startTime, responseEnd, responseStatus, encodedBodySize }) => ({
        name,
        startTime,
        responseEnd,
        responseStatus,
        encodedBodySize,
      }),
    ),
  );

// By name: the comparables' sort <select> is a combobox too.
const combobox = (page: Page) => page.locator('service-valuation').getByRole('combobox', { name: /^Search by/ });

/**
 * Milliseconds from an estimate's answer arriving to its value being in the panel, for each query,
 * and the long tasks while searching and showing them. The render is seen by a MutationObserver on
 * the element's (open) shadow root; nothing is added to the widget for it.
 */
export async function estimateRenders(browser: Browser, qaUrl: string, queries: string[]) {
  const page = await newPage(browser);
  await page.goto(qaUrl);
  await combobox(page).waitFor();
  const since = await page.evaluate(() => performance.now());
  const latencies: number[] = [];
  for (const query of queries) {
    // Wrapped in an object: a promise returned to evaluateHandle would be awaited at once.
    const watch = await page.locator('service-valuation').evaluateHandle((el) => {
      const previous = el.shadowRoot!.querySelector('[part="value"]');
      performance.clearResourceTimings();
      const shown = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          const value = el.shadowRoot!.querySelector('[part="value"]');
          if (!value || value === previous) return;
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(el.shadowRoot!, { childList: true, subtree: true });
      });
      return { shown };
    });
    await combobox(page).fill(query);
    // In the suggestion list: the comparables' sort <select> has options too.
    await page.locator('service-valuation').getByRole('listbox').getByRole('option').first().click();
    const shownAt = await watch.evaluate((w) => w.shown);
    // The answer's resource entry is queued after the fetch resolves, so it may land after the render.
    await page.waitForTimeout(200);
    const answer = (await resources(page)).find((e) => e.name.includes('/v1/estimates'))!;
    latencies.push(shownAt - answer.responseEnd);
  }
  const { longTasks } = await readMarks(page);
  await page.context().close();
  return { latencies, longTasks: longTasks.filter((t) => t.start >= since).map((t) => t.duration) };
}

/** Types an address at a steady pace; counts suggest requests and times answer-to-render for each. */
export async function typingRun(browser: Browser, demoUrl: string, paceMs: number) {
  const page = await newPage(browser);
  await page.goto(demoUrl);
  const box = combobox(page);
  await box.waitFor();
  let requests = 0;
  page.on('request', (r) => {
    if (r.url().includes('/v1/suggestions')) requests++;
  });
  await box.click();
  await box.pressSequentially(TYPED_ADDRESS, { delay: paceMs });
  await page.waitForTimeout(800);
  const { lists } = await readMarks(page);
  // Answers that arrived (aborted requests leave entries too, with no status), each timed to the
  // first change of the popup's content before the next answer: an answer identical to the list
  // on screen changes nothing, so it has no render to time.
  const arrivals = (await resources(page))
    .filter((e) => e.name.includes('/v1/suggestions') && e.responseStatus === 200)
    .map((e) => e.responseEnd)
    .sort((a, b) => a - b);
  await page.context().close();
  const latencies = arrivals
    .map((arrived, i) => (lists.find((t) => t >= arrived && t < (arrivals[i + 1] ?? arrived + 500)) ?? NaN) - arrived)
    .filter((x) => Number.isFinite(x));
  return { requests, latencies };
}

const addWidgets = (page: Page, count: number) =>
  page.evaluate(
    async ({ n, key }) => {
      for (let i = 0; i < n; i++) {
        const container = document.createElement('div');
        container.className = 'bench-widget';
        container.setAttribute('data-service-valuation', '');
        container.setAttribute('data-embed-key', key);
        document.body.append(container);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    },
    { n: count, key: DEMO_KEY },
  );

/** Heap for 1 and 20 widgets, and before and after two batches of 500 mount–unmount cycles. */
export async function memory(browser: Browser, qaUrl: string) {
  const page = await newPage(browser);
  await page.goto(qaUrl);
  await combobox(page).waitFor();
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
    page.evaluate(async (key) => {
      for (let i = 0; i < 500; i++) {
        const container = document.createElement('div');
        container.setAttribute('data-service-valuation', '');
        container.setAttribute('data-embed-key', key);
        document.body.append(container);
        await new Promise((resolve) => setTimeout(resolve, 0));
        container.remove();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }, DEMO_KEY);
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
