/**
 * Time to a usable search box, side by side: every candidate page loaded in turn (interleaved, so
 * a busy moment of the machine falls on all of them), at 1× and 4× CPU, on loopback and on an
 * emulated slow 4G network. For the plain page and the
 * widget the load then settles (fonts, idle-time work), so blocking time, layout shift and the
 * bytes fetched before the visitor types are counted whole.
 */
import type { Browser } from 'playwright';
import type { Candidate } from './candidates.js';
import { candidateUrl, type Network, NETWORKS, newPage, readMarks, usableSignal } from './instrument.js';

/** What the page fetched from the widget host, by file, before the visitor typed. */
export type HostBytes = Record<string, number>;

export interface Load {
  candidate: string;
  cpu: number;
  network: Network;
  /** Navigation start → the input visible and a frame drawn. */
  usable: number;
  longTasks: number[];
  cls: number;
  hostBytes: HostBytes;
  /** The widget's own milestones, from navigation start. */
  milestones?: Milestones;
}

export interface Milestones {
  scriptRequested: number;
  scriptArrived: number;
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
  network: Network,
): Promise<Load> {
  const page = await newPage(browser, cpu, network);
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
    network,
    usable: marks.usable,
    longTasks: marks.longTasks.map((t) => t.duration),
    cls: marks.cls,
    hostBytes,
  };
  if (candidate.name === 'widget') {
    const script = fromHost.find((e) => new URL(e.name).pathname === '/widget.js');
    load.milestones = {
      scriptRequested: script?.startTime ?? NaN,
      scriptArrived: script?.responseEnd ?? NaN,
      inputInDom: marks.inputShown,
      usable: marks.usable,
    };
  }
  return load;
}

/** Loads every candidate, `runs` times, at each CPU rate (on each network), interleaved and in turning order. */
export async function inTurns<T>(
  candidates: Candidate[],
  runs: number,
  cpus: number[],
  load: (candidate: Candidate, cpu: number, network: Network) => Promise<T>,
  networks: Network[] = ['loopback'],
) {
  const loads: T[] = [];
  for (let i = 0; i < runs; i++) {
    // Each run starts with the next candidate, so none is always first (or last) after a pause.
    const order = candidates.map((_, k) => candidates[(k + i) % candidates.length]);
    for (const network of networks)
      for (const cpu of cpus) for (const candidate of order) loads.push(await load(candidate, cpu, network));
  }
  return loads;
}

export const compareStartUp = (
  browser: Browser,
  pagesUrl: string,
  hostUrl: string,
  candidates: Candidate[],
  runs: number,
  networks = NETWORKS,
  cpus = [1, 4],
) =>
  inTurns(
    candidates,
    runs,
    cpus,
    (candidate, cpu, network) => loadCandidate(browser, pagesUrl, hostUrl, candidate, cpu, network),
    networks,
  );
