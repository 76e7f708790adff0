/**
 * Where the widget's start-up goes on the page's main thread, read from Chromium's trace of a load:
 * the loader's task, the task that evaluates the element and renders it first (the loader's own
 * task, since the element's code is a function of widget.js; a module's for a build of the old
 * split), the frame that first draws the panel and the font lookups inside that frame. Tracing slows every task, and one load
 * differs from the next by half on a shared machine, so these compare builds loaded in turn with
 * each other; the untraced table is the one that compares candidates.
 */
import type { Browser } from 'playwright';
import { median } from '../service/core/estimates/statistics.js';
import type { Candidate } from './candidates.js';
import { candidateUrl, newPage, usableSignal } from './instrument.js';
import { inTurns } from './start-up.js';

export interface MainThreadPhases {
  candidate: string;
  cpu: number;
  loaderTask: number;
  elementTask: number;
  firstFrame: number;
  /** Inside the first frame: Blink asking the system for fonts (sandbox IPC on Linux). */
  fontLookups: number;
  /** From the loader's task starting to the first frame ending: the widget's chain, waits included. */
  loaderToFrameEnd: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string } };
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'fonts'];
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

export async function traceMainThread(
  browser: Browser,
  pagesUrl: string,
  candidate: Candidate,
  cpu: number,
): Promise<MainThreadPhases | undefined> {
  const page = await newPage(browser, cpu);
  const usable = usableSignal(page);
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(candidateUrl(pagesUrl, candidate), { waitUntil: 'commit' });
  await usable;
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  await page.context().close();
  return phasesOf(traceEvents, candidate.name, cpu);
}

/** The phases of one load, or undefined when the trace lacks one (a load the browser cut short). */
export function phasesOf(events: TraceEvent[], candidate: string, cpu: number): MainThreadPhases | undefined {
  const script = events.find((e) => e.name === 'EvaluateScript' && /\/widget\.js$/.test(e.args?.data?.url ?? ''));
  if (!script) return undefined;
  const onMain = events
    .filter((e) => e.ph === 'X' && e.pid === script.pid && e.tid === script.tid)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const evaluation = onMain.findLast((e) => e.name === 'v8.evaluateModule') ?? script;
  const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
  const inside = (outer: TraceEvent, name: string, test: (e: TraceEvent) => boolean = () => true) =>
    onMain.filter((e) => e.name === name && e.ts >= outer.ts && e.ts < end(outer) && test(e));
  const tasks = onMain.filter((e) => TASKS.has(e.name));
  const loaderTask = tasks.find(
    (t) => inside(t, 'EvaluateScript', (e) => /\/widget\.js$/.test(e.args?.data?.url ?? '')).length,
  );
  const elementTask = tasks.findLast((t) => evaluation.ts >= t.ts && evaluation.ts < end(t));
  const firstFrame = elementTask && tasks.find((t) => t.ts > elementTask.ts && inside(t, 'Paint').length);
  if (!loaderTask || !elementTask || !firstFrame) return undefined;
  // Lookups nest (a family, then its fallback), often with equal times: count each outermost one once.
  let fontLookups = 0;
  let coveredUntil = -Infinity;
  for (const lookup of inside(firstFrame, 'FontCache::GetFontPlatformData')) {
    if (lookup.ts < coveredUntil) continue;
    fontLookups += lookup.dur!;
    coveredUntil = end(lookup);
  }
  const ms = (us: number) => us / 1000;
  return {
    candidate,
    cpu,
    loaderTask: ms(loaderTask.dur!),
    elementTask: ms(elementTask.dur!),
    firstFrame: ms(firstFrame.dur!),
    fontLookups: ms(fontLookups),
    loaderToFrameEnd: ms(end(firstFrame) - loaderTask.ts),
  };
}

export async function compareMainThread(
  browser: Browser,
  pagesUrl: string,
  candidates: Candidate[],
  runs: number,
  cpus = [1, 4],
) {
  const loads = await inTurns(candidates, runs, cpus, (candidate, cpu) =>
    traceMainThread(browser, pagesUrl, candidate, cpu),
  );
  return loads.filter((load) => load !== undefined);
}

const PHASES = {
  loaderTask: 'loader task',
  elementTask: 'element evaluated + first render',
  firstFrame: 'first frame with the panel',
  fontLookups: '  of it, font lookups',
  loaderToFrameEnd: 'loader start → that frame drawn',
} satisfies Partial<Record<keyof MainThreadPhases, string>>;

export function printMainThread(phases: MainThreadPhases[], runs: number): void {
  const columns = [...new Set(phases.map((p) => `${p.candidate} ${p.cpu}×`))];
  console.log(
    `\nThe widget's main thread at start-up, traced; ms, median of ${runs} loads each (tracing slows every task)\n`,
  );
  console.log(''.padEnd(36), ...columns.map((c) => c.padStart(16)));
  for (const [key, name] of Object.entries(PHASES) as [keyof typeof PHASES, string][]) {
    const cells = columns.map((column) =>
      median(phases.filter((p) => `${p.candidate} ${p.cpu}×` === column).map((p) => p[key])).toFixed(1),
    );
    console.log(name.padEnd(36), ...cells.map((c) => c.padStart(16)));
  }
}
