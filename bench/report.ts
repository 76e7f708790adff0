/** Turns the scenarios' raw figures into the results JSON and the table `npm run bench` prints. */
import { cpus, totalmem } from 'node:os';
import { median, quantile } from '../sandbox/statistics.js';
import type { FileSize } from '../scripts/size-report.js';
import type { estimateRenders, memory, pageHealth, StartUp } from './scenarios.js';
import { TYPED_ADDRESS, TYPING_PACES_MS } from './scenarios.js';

export interface Figures {
  browserVersion: string;
  runs: number;
  sizes: FileSize[];
  starts: StartUp[];
  startsThrottled: StartUp[];
  health: Record<'without' | 'with' | 'withoutCpu4x' | 'withCpu4x', Awaited<ReturnType<typeof pageHealth>>>;
  typing: { paceMs: number; requests: number; latencies: number[] }[];
  estimates: Awaited<ReturnType<typeof estimateRenders>>;
  memory: Awaited<ReturnType<typeof memory>>;
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
type Phase = Exclude<keyof StartUp, 'encoding'>;
const phase = (runs: StartUp[], key: Phase) => round(median(runs.map((r) => r[key])));
const phases = (runs: StartUp[]) => Object.fromEntries((['loader', 'download', 'render'] as const).map((key) => [key, phase(runs, key)]));
const percentiles = (xs: number[]) => ({ p50: round(quantile(xs, 0.5)), p95: round(quantile(xs, 0.95)), samples: xs.length });

export function summarise(f: Figures) {
  const suggestionLatencies = f.typing.flatMap((t) => t.latencies);
  return {
    machine: { cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`, memoryGB: round(totalmem() / 2 ** 30), node: process.version },
    browser: `Chromium ${f.browserVersion}`,
    runs: f.runs,
    sizes: f.sizes,
    transferredBytes: { encoding: f.starts[0].encoding, widgetAndElement: median(f.starts.map((r) => r.transferred)) },
    loaderToInteractiveMs: {
      median: phase(f.starts, 'total'),
      medianCpu4x: phase(f.startsThrottled, 'total'),
      all: f.starts.map((r) => round(r.total)),
      phases: phases(f.starts),
      phasesCpu4x: phases(f.startsThrottled),
    },
    demoPage: {
      withoutWidget: f.health.without,
      withWidget: f.health.with,
      withoutWidgetCpu4x: f.health.withoutCpu4x,
      withWidgetCpu4x: f.health.withCpu4x,
    },
    suggestions: {
      typed: `"${TYPED_ADDRESS}", ${TYPED_ADDRESS.length} characters`,
      requestsPerAddress: Object.fromEntries(
        TYPING_PACES_MS.map((pace) => [`${pace}ms`, median(f.typing.filter((t) => t.paceMs === pace).map((t) => t.requests))]),
      ),
      answerToRenderMs: percentiles(suggestionLatencies),
    },
    estimate: {
      answerToRenderMs: percentiles(f.estimates.latencies),
      longTasks: f.estimates.longTasks.length,
      longestTaskMs: round(Math.max(0, ...f.estimates.longTasks)),
    },
    memory: Object.fromEntries(Object.entries(f.memory).map(([k, v]) => [k, round(v)])) as Record<keyof Figures['memory'], number>,
  };
}

export type Results = ReturnType<typeof summarise>;

export function print(r: Results): void {
  const { phases: p, phasesCpu4x: p4 } = r.loaderToInteractiveMs;
  const h = r.demoPage;
  console.log(`\nValuation widget benchmark · ${r.browser} · ${r.machine.cpus} · ${r.machine.memoryGB} GB · Node ${r.machine.node}\n`);
  console.log('file'.padEnd(40), 'gzip'.padStart(8), 'brotli'.padStart(8));
  for (const s of r.sizes) console.log(s.file.padEnd(40), String(s.gzip).padStart(8), String(s.brotli).padStart(8));
  const rows: [string, string][] = [
    [`widget.js + element.js as the browser received them (${r.transferredBytes.encoding})`, `${r.transferredBytes.widgetAndElement} B`],
    [`widget.js received → interactive panel, median of ${r.runs}`, `${r.loaderToInteractiveMs.median} ms`],
    ['  until element.js is requested / its download / parse to first render', `${p.loader} / ${p.download} / ${p.render} ms`],
    ['  same, 4× CPU throttling', `${r.loaderToInteractiveMs.medianCpu4x} ms`],
    ['  until element.js is requested / its download / parse to first render', `${p4.loader} / ${p4.download} / ${p4.render} ms`],
    ['demo CLS without / with widget (worst of 3 loads)', `${round(h.withoutWidget.cls, 4)} / ${round(h.withWidget.cls, 4)}`],
    [
      'demo long tasks without / with widget (median of 3 loads)',
      `${h.withoutWidget.longTasks} / ${h.withWidget.longTasks} (longest ${round(h.withWidget.longestTaskMs)} ms)`,
    ],
    [
      '  4× CPU: loads with a long task, without / with widget (of 10)',
      `${h.withoutWidgetCpu4x.loadsWithLongTasks} / ${h.withWidgetCpu4x.loadsWithLongTasks} (longest ${round(h.withoutWidgetCpu4x.longestTaskMs)} / ${round(h.withWidgetCpu4x.longestTaskMs)} ms)`,
    ],
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
