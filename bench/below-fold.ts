/**
 * What a container far below the fold costs before the visitor scrolls to it: the page's main-thread
 * time (all tasks, and script alone, from Chromium's own counters) with the widget's field 5,000 px
 * down, against the same page with a plain <input> there, loaded in turns; and whether the element's
 * code ran at all (it should not: the loader only reserves the space and watches).
 */
import type { Browser } from 'playwright';
import { median, medianInterval } from '../service/core/estimates/statistics.js';
import { BELOW_FOLD_PX, type Candidate } from './candidates.js';
import { newPage } from './instrument.js';
import { inTurns } from './start-up.js';

/** Long enough after `load` for idle-time work to have run. */
const SETTLE_MS = 2000;

export interface BelowFoldLoad {
  candidate: string;
  cpu: number;
  taskMs: number;
  scriptMs: number;
  elementDefined: boolean;
}

async function loadBelowFold(browser: Browser, pagesUrl: string, candidate: Candidate, cpu: number) {
  const page = await newPage(browser, cpu);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${pagesUrl}${candidate.name}-below.html`, { waitUntil: 'load' });
  await page.waitForTimeout(SETTLE_MS);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000;
  const elementDefined = await page.evaluate(() => customElements.get('service-valuation') !== undefined);
  await page.context().close();
  return {
    candidate: candidate.name,
    cpu,
    taskMs: metric('TaskDuration'),
    scriptMs: metric('ScriptDuration'),
    elementDefined,
  };
}

export const compareBelowFold = (
  browser: Browser,
  pagesUrl: string,
  candidates: Candidate[],
  runs: number,
  cpus = [1, 4],
) => inTurns(candidates, runs, cpus, (candidate, cpu) => loadBelowFold(browser, pagesUrl, candidate, cpu));

const round = (x: number) => Math.round(x * 10) / 10;

/** Per CPU rate, each widget build (`widget`, and `baseline` when set) against the plain page. */
export function summariseBelowFold(loads: BelowFoldLoad[]) {
  const cpus = [...new Set(loads.map((l) => l.cpu))];
  const builds = [...new Set(loads.map((l) => l.candidate))].filter((name) => name !== 'plain');
  return cpus.flatMap((cpu) => {
    const of = (name: string) => loads.filter((l) => l.candidate === name && l.cpu === cpu);
    return builds.map((build) => {
      const paired = (key: 'taskMs' | 'scriptMs') => {
        const plain = of('plain');
        const extras = of(build).map((load, i) => load[key] - plain[i][key]);
        const [lower, upper] = medianInterval(extras);
        return { median: round(median(extras)), lower: round(lower), upper: round(upper) };
      };
      return {
        build,
        cpu,
        plainTaskMs: round(median(of('plain').map((l) => l.taskMs))),
        taskMs: round(median(of(build).map((l) => l.taskMs))),
        extraTaskMs: paired('taskMs'),
        extraScriptMs: paired('scriptMs'),
        elementRan: of(build).filter((l) => l.elementDefined).length,
        loads: of(build).length,
      };
    });
  });
}

export function printBelowFold(summary: ReturnType<typeof summariseBelowFold>): void {
  if (!summary.length) return;
  console.log(
    `\nA container ${BELOW_FOLD_PX} px below the fold, before any scroll (loopback; median, 95% interval of the extra paired with the plain load of the same turn):`,
  );
  for (const s of summary) {
    const { extraTaskMs: t, extraScriptMs: j } = s;
    console.log(
      `  ${s.build}, ${s.cpu}× CPU: script ${j.median} ms more than with a plain <input> (${j.lower} to ${j.upper}); all main-thread tasks ${s.taskMs} ms vs ${s.plainTaskMs} ms, ${t.median} ms more (${t.lower} to ${t.upper}); the element's code ran in ${s.elementRan} of ${s.loads} loads`,
    );
  }
}
