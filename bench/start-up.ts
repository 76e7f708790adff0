/**
 * Time to a usable search box, side by side: every candidate page loaded in turn (interleaved, so
 * a busy moment of the machine falls on all of them), at 1× and 4× CPU. For the plain page and the
 * widget the load then settles (fonts, idle-time chunks), so blocking time, layout shift and the
 * bytes fetched before the visitor types are counted whole.
 */
import type { Browser } from 'playwright';
import type { Candidate } from './candidates.js';
import { candidateUrl, newPage, readMarks, usableSignal } from './instrument.js';

/** What the page fetched from the widget host, by file, before the visitor typed. */
export type HostBytes = Record<string, number>;

export interface Load {
  candidate: string;
  cpu: number;
  /** Navigation start → the input visible and a frame drawn. */
  usable: number;
  longTasks: number[];
  cls: number;
  hostBytes: HostBytes;
  /** The widget's own milestones, from navigation start. */
  milestones?: Milestones;
}

export interface Milestones {
  loaderArrived: number;
  elementRequested: number;
  elementArrived: number;
  inputInDom: number;
  usable: number;
}

/** After the field is usable: long enough for fonts and idle-time chunks to land. */
const SETTLE_MS = 2000;

export async function loadCandidate(
  browser: Browser,
  pagesUrl: string,
  hostUrl: string,
  candidate: Candidate,
  cpu: number,
): Promise<Load> {
  const page = await newPage(browser, cpu);
  const usable = usableSignal(page);
  await page.goto(candidateUrl(pagesUrl, candidate), { waitUntil: 'commit' });
  await usable;
  if (candidate.settles) {
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(SETTLE_MS);
  }
  const marks = await readMarks(page);
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
      ({ name, startTime, responseEnd, encodedBodySize }) => ({
        name,
        startTime,
        responseEnd,
        encodedBodySize,
      }),
    ),
  );
  await page.context().close();
  const fromHost = entries.filter((e) => e.name.startsWith(hostUrl));
  const hostBytes = Object.fromEntries(fromHost.map((e) => [new URL(e.name).pathname.slice(1), e.encodedBodySize]));
  const load: Load = {
    candidate: candidate.name,
    cpu,
    usable: marks.usable,
    longTasks: marks.longTasks.map((t) => t.duration),
    cls: marks.cls,
    hostBytes,
  };
  if (candidate.name === 'widget') {
    const file = (path: string) => fromHost.find((e) => new URL(e.name).pathname === path);
    const loader = file('/widget.js');
    const element = fromHost.find((e) => /^\/element(-[\w-]+)?\.js$/.test(new URL(e.name).pathname));
    load.milestones = {
      loaderArrived: loader?.responseEnd ?? NaN,
      elementRequested: element?.startTime ?? NaN,
      elementArrived: element?.responseEnd ?? NaN,
      inputInDom: marks.inputShown,
      usable: marks.usable,
    };
  }
  return load;
}

/** Loads every candidate, `runs` times, at each CPU rate, interleaved and in turning order. */
export async function inTurns<T>(
  candidates: Candidate[],
  runs: number,
  cpus: number[],
  load: (candidate: Candidate, cpu: number) => Promise<T>,
) {
  const loads: T[] = [];
  for (let i = 0; i < runs; i++) {
    // Each run starts with the next candidate, so none is always first (or last) after a pause.
    const order = candidates.map((_, k) => candidates[(k + i) % candidates.length]);
    for (const cpu of cpus) for (const candidate of order) loads.push(await load(candidate, cpu));
  }
  return loads;
}

export const compareStartUp = (
  browser: Browser,
  pagesUrl: string,
  hostUrl: string,
  candidates: Candidate[],
  runs: number,
  cpus = [1, 4],
) => inTurns(candidates, runs, cpus, (candidate, cpu) => loadCandidate(browser, pagesUrl, hostUrl, candidate, cpu));
