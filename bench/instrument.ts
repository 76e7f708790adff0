/**
 * The bench's own instrumentation, so nothing ships in the widget for it: layout shifts and long
 * tasks from the start of the page, and every shadow root the page attaches is watched, noting when
 * the candidate's field is first in the DOM and then drawn (usable), and whenever the suggestion
 * popup's content changes (a list was rendered).
 */
import type { Browser, Page } from 'playwright';
import type { Candidate } from './candidates.js';

/** What the page records, on `window.__svBench`. */
export interface BenchMarks {
  /** The candidate's input is in the DOM and its element (if any) defined. */
  inputShown: number;
  /** The first frame drawn with that input visible: the visitor can see the field and type. */
  usable: number;
  lists: number[];
  cls: number;
  longTasks: { start: number; duration: number }[];
  /** Set by the estimate scenario: when the next estimate's value appears. */
  shown?: Promise<number>;
}

/** The page's window as the instrumentation leaves it: the one declaration of the bench's global. */
export type BenchWindow = Window & { __svBench: BenchMarks };

/**
 * A string, not a function: tsx would add a __name() helper the page does not have. The page's
 * query names the candidate's field (?input=selector) and the element that must be defined
 * (?tag=name); every shadow root, open or closed, is searched: the bench keeps each until the field is found.
 */
const INSTRUMENT_PAGE = `(() => {
  const seen = (window.__svBench = { inputShown: NaN, usable: NaN, lists: [], cls: 0, longTasks: [] });
  const query = new URLSearchParams(location.search);
  const inputSelector = query.get('input') || 'input[role=combobox]';
  const tag = query.get('tag');
  const roots = [document];
  let defined = !tag;
  const visible = (input) => {
    const rect = input.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  };
  const inputs = () => roots.flatMap((root) => [...root.querySelectorAll(inputSelector)]);
  // Visibility is read in a frame, where layout is due anyway: reading it on each mutation would
  // force layouts the page would not otherwise do, and lengthen the very tasks being measured.
  const inFrame = () => {
    if (!inputs().some(visible)) return requestAnimationFrame(inFrame);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      seen.usable = performance.now();
      // Told through the console, which the bench hears over the protocol: polling with
      // page.evaluate would run scripts in the page while it is being measured.
      console.debug('sv-bench:usable');
    };
    channel.port2.postMessage(0);
  };
  const checkUsable = () => {
    if (!defined || !Number.isNaN(seen.inputShown) || !inputs().length) return;
    seen.inputShown = performance.now();
    requestAnimationFrame(inFrame);
  };
  if (tag) customElements.whenDefined(tag).then(() => ((defined = true), checkUsable()));
  new MutationObserver(checkUsable).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) seen.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    if (Number.isNaN(seen.inputShown)) roots.push(root);
    new MutationObserver((records) => {
      const now = performance.now();
      checkUsable();
      const inPopup = (node) => node instanceof Element && !!node.closest('.popup');
      if (records.some((r) => inPopup(r.target) || [...r.addedNodes].some(inPopup))) seen.lists.push(now);
    }).observe(root, { childList: true, subtree: true });
    return root;
  };
})();`;

/** A candidate's page, telling the instrumentation above which field to watch and which element to wait for. */
export function candidateUrl(pagesUrl: string, candidate: Candidate): string {
  const query = new URLSearchParams({ input: candidate.input, ...(candidate.tag ? { tag: candidate.tag } : {}) });
  return `${pagesUrl}${candidate.name}.html?${query}`;
}

/** The networks a load is measured on: loopback as it is, and a phone's, emulated by DevTools. */
export type Network = 'loopback' | 'slow-4g';
export const NETWORKS: Network[] = ['loopback', 'slow-4g'];
/**
 * The issue's slow 4G: Lighthouse's figures for it (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up,
 * in bytes per second here), applied as DevTools' per-request latency and throughput. Lighthouse's
 * own DevTools throttling multiplies that latency by 3.75 to stand for connection set-up, so a real
 * phone pays more per round trip than this, and a saved round trip is worth more than shown.
 */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

export async function newPage(browser: Browser, cpuSlowdown = 1, network: Network = 'loopback'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript({ content: INSTRUMENT_PAGE });
  if (cpuSlowdown > 1 || network !== 'loopback') {
    const cdp = await context.newCDPSession(page);
    if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    if (network === 'slow-4g') {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    }
  }
  return page;
}

/** Resolves when the page's candidate is usable (see INSTRUMENT_PAGE), without running anything in the page. */
export const usableSignal = (page: Page, timeout = 30_000): Promise<unknown> =>
  page.waitForEvent('console', { predicate: (message) => message.text() === 'sv-bench:usable', timeout });

/** What the page has recorded so far. */
export const readMarks = (page: Page): Promise<Omit<BenchMarks, 'shown'>> =>
  page.evaluate(() => {
    const { inputShown, usable, lists, cls, longTasks } = (window as unknown as BenchWindow).__svBench;
    return { inputShown, usable, lists, cls, longTasks };
  });

export async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}
