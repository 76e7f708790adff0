/** Turns the scenarios' raw figures into the results JSON and the table `npm run bench` prints. */
import { cpus, totalmem } from 'node:os';
import { median, quantile } from '../service/core/estimates/statistics.js';
import type { FileSize } from '../scripts/size-report.js';
import type { summariseBelowFold } from './below-fold.js';
import type { estimateRenders, memory } from './scenarios.js';
import type { StartUpSummary } from './start-up-report.js';
import { TYPED_ADDRESS, TYPING_PACES_MS } from './scenarios.js';

export interface Figures {
  browserVersion: string;
  sizes: FileSize[];
  /** One summary per network. */
  startUp: StartUpSummary[];
  belowFold: ReturnType<typeof summariseBelowFold>;
  typing: { paceMs: number; requests: number; latencies: number[] }[];
  estimates: Awaited<ReturnType<typeof estimateRenders>>;
  memory: Awaited<ReturnType<typeof memory>>;
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const percentiles = (xs: number[]) => ({
  p50: round(quantile(xs, 0.5)),
  p95: round(quantile(xs, 0.95)),
  samples: xs.length,
});

export function summarise(f: Figures) {
  const suggestionLatencies = f.typing.flatMap((t) => t.latencies);
  return {
    machine: {
      cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
      memoryGB: round(totalmem() / 2 ** 30),
      node: process.version,
    },
    browser: `Chromium ${f.browserVersion}`,
    sizes: f.sizes,
    startUp: f.startUp,
    belowFold: f.belowFold,
    suggestions: {
      typed: `"${TYPED_ADDRESS}", ${TYPED_ADDRESS.length} characters`,
      requestsPerAddress: Object.fromEntries(
        TYPING_PACES_MS.map((pace) => [
          `${pace}ms`,
          median(f.typing.filter((t) => t.paceMs === pace).map((t) => t.requests)),
        ]),
      ),
      answerToRenderMs: percentiles(suggestionLatencies),
    },
    estimate: {
      answerToRenderMs: percentiles(f.estimates.latencies),
      longTasks: f.estimates.longTasks.length,
      longestTaskMs: round(Math.max(0, ...f.estimates.longTasks)),
    },
    memory: Object.fromEntries(Object.entries(f.memory).map(([k, v]) => [k, round(v)])) as Record<
      keyof Figures['memory'],
      number
    >,
  };
}

export type Results = ReturnType<typeof summarise>;

export function print(r: Results): void {
  console.log(
    `\nValuation widget benchmark · ${r.browser} · ${r.machine.cpus} · ${r.machine.memoryGB} GB · Node ${r.machine.node}\n`,
  );
  console.log('file'.padEnd(40), 'gzip'.padStart(8), 'brotli'.padStart(8));
  for (const s of r.sizes) console.log(s.file.padEnd(40), String(s.gzip).padStart(8), String(s.brotli).padStart(8));
  // Start-up and below the fold were printed as they were measured (run.ts).
  const rows: [string, string][] = [
    ...TYPING_PACES_MS.map((pace): [string, string] => [
      `suggest requests typing ${r.suggestions.typed}, a key every ${pace} ms`,
      String(r.suggestions.requestsPerAddress[`${pace}ms`]),
    ]),
    [
      'suggestion answer → rendered list, p50 / p95',
      `${r.suggestions.answerToRenderMs.p50} / ${r.suggestions.answerToRenderMs.p95} ms (${r.suggestions.answerToRenderMs.samples} answers that changed the list)`,
    ],
    [
      'estimate answer → value in the panel (DOM), p50 / p95',
      `${r.estimate.answerToRenderMs.p50} / ${r.estimate.answerToRenderMs.p95} ms (${r.estimate.answerToRenderMs.samples} samples)`,
    ],
    [
      `long tasks while searching and showing those ${r.estimate.answerToRenderMs.samples} estimates`,
      `${r.estimate.longTasks} (longest ${r.estimate.longestTaskMs} ms)`,
    ],
    ['JS heap: 1 widget / 20 widgets', `${r.memory.oneWidgetKB} KB / ${r.memory.twentyWidgetsKB} KB`],
    [
      'JS heap before / after 500 / after 1,000 mount–unmount cycles',
      `${r.memory.heapBeforeCyclesKB} / ${r.memory.heapAfter500CyclesKB} / ${r.memory.heapAfter1000CyclesKB} KB`,
    ],
  ];
  console.log('');
  for (const [name, value] of rows) console.log(name.padEnd(64), value);
}
