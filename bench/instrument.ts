/**
 * The bench's own instrumentation, so nothing ships in the widget for it: layout shifts and long
 * tasks from the start of the page, and every shadow root the page attaches is watched, noting when
 * a search field first appears (the panel is ready) and whenever the suggestion popup's content
 * changes (a list was rendered).
 */
import type { Browser, Page } from 'playwright';

/** What the page records, on `window.__svBench`. */
export interface BenchMarks {
  ready: number;
  lists: number[];
  cls: number;
  longTasks: { start: number; duration: number }[];
  /** Set by the estimate scenario: when the next estimate's value appears. */
  shown?: Promise<number>;
}

/** The page's window as the instrumentation leaves it: the one declaration of the bench's global. */
export type BenchWindow = Window & { __svBench: BenchMarks };

/** A string, not a function: tsx would add a __name() helper the page does not have. */
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

export async function newPage(browser: Browser, cpuSlowdown = 1): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript({ content: INSTRUMENT_PAGE });
  if (cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  return page;
}

/** What the page has recorded so far. */
export const readMarks = (page: Page): Promise<Omit<BenchMarks, 'shown'>> =>
  page.evaluate(() => {
    const { ready, lists, cls, longTasks } = (window as unknown as BenchWindow).__svBench;
    return { ready, lists, cls, longTasks };
  });

export async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}
