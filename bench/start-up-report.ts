/** Summarises the start-up comparison into the side-by-side table, the widget's milestones and its budgets. */
import { readFile } from 'node:fs/promises';
import { brotli } from '../service/web/compression.js';
import { median, medianInterval } from '../service/core/estimates/statistics.js';
import { type Candidate, HOST_DIR } from './candidates.js';
import type { Network } from './instrument.js';
import type { Load, Milestones } from './start-up.js';

/** The start-up targets (issue 27), which `npm run bench` reports against and never fails on. */
export const START_UP_TARGETS = {
  /** Extra time to usable over the plain page, by network and CPU rate. */
  extraUsableMs: {
    loopback: { 1: 50, 4: 180 },
    'slow-4g': { 1: 250, 4: 300 },
  } as Record<Network, Record<number, number>>,
  extraLongTasksCpu4x: 1,
  extraBlockingMsCpu4x: 10,
  cls: 0,
  hostBytesBeforeTyping: 25 * 1024,
};

const round = (x: number) => Math.round(x * 10) / 10;
const blocking = (tasks: number[]) => tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0);

async function brotliBytes(files: string[]): Promise<number> {
  let total = 0;
  for (const file of files) {
    total += brotli(await readFile(`${HOST_DIR}${file}`)).length;
  }
  return total;
}

/** One network's loads, summarised. */
export async function summariseStartUp(loads: Load[], candidates: Candidate[], widgetFiles: string[]) {
  const networks = [...new Set(loads.map((l) => l.network))];
  if (networks.length !== 1) throw new Error(`summariseStartUp takes one network's loads, not ${networks.join(', ')}`);
  const cpus = [...new Set(loads.map((l) => l.cpu))];
  const of = (name: string, cpu: number) => loads.filter((l) => l.candidate === name && l.cpu === cpu);
  const usable = (name: string, cpu: number) => round(median(of(name, cpu).map((l) => l.usable)));
  // Each turn loads every candidate once per CPU rate, so the i-th load of a candidate and the i-th plain
  // load shared a moment of the machine: their difference cancels what that moment did to both.
  const pairedExtra = (name: string, cpu: number) => {
    const plain = of('plain', cpu);
    const extras = of(name, cpu).map((load, i) => load.usable - plain[i].usable);
    const [lower, upper] = medianInterval(extras);
    return { median: round(median(extras)), lower: round(lower), upper: round(upper) };
  };
  const table = [];
  for (const candidate of candidates) {
    const files = candidate.name === 'widget' ? widgetFiles : candidate.js;
    table.push({
      candidate: candidate.label,
      usableMs: Object.fromEntries(cpus.map((cpu) => [`${cpu}x`, usable(candidate.name, cpu)])),
      extraMs: Object.fromEntries(
        cpus.map((cpu) => [`${cpu}x`, round(usable(candidate.name, cpu) - usable('plain', cpu))]),
      ),
      pairedExtraMs: Object.fromEntries(cpus.map((cpu) => [`${cpu}x`, pairedExtra(candidate.name, cpu)])),
      jsBrotli: await brotliBytes(files),
    });
  }
  const milestones = Object.fromEntries(
    cpus.map((cpu) => {
      const runs = of('widget', cpu).map((l) => l.milestones!);
      const keys = Object.keys(runs[0]) as (keyof Milestones)[];
      return [`${cpu}x`, Object.fromEntries(keys.map((key) => [key, round(median(runs.map((m) => m[key])))]))];
    }),
  );
  const perLoad = (name: string, cpu: number) => {
    const runs = of(name, cpu);
    return {
      longTasks: median(runs.map((l) => l.longTasks.length)),
      blockingMs: round(median(runs.map((l) => blocking(l.longTasks)))),
      worstCls: Math.max(...runs.map((l) => l.cls)),
      hostBytes: median(runs.map((l) => Object.values(l.hostBytes).reduce((a, b) => a + b, 0))),
    };
  };
  const hostFiles = of('widget', cpus[0])[0].hostBytes;
  return {
    network: networks[0],
    runs: of('plain', cpus[0]).length,
    table,
    milestones,
    pairedExtraMs: Object.fromEntries(cpus.map((cpu) => [`${cpu}x`, pairedExtra('widget', cpu)])),
    page: Object.fromEntries(
      cpus.map((cpu) => [`${cpu}x`, { plain: perLoad('plain', cpu), widget: perLoad('widget', cpu) }]),
    ),
    hostFilesBeforeTyping: hostFiles,
  };
}

export type StartUpSummary = Awaited<ReturnType<typeof summariseStartUp>>;

const ms = (x: number) => `${Math.round(x)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
/** With a true minus sign: a candidate can be quicker than the plain page within the noise, −4 (not +-4). */
const minus = (x: number) => (x < 0 ? `−${-x}` : String(x));
const signed = (x: number) => (x < 0 ? minus(x) : `+${x}`);

export function printStartUp(s: StartUpSummary): void {
  const cpus = Object.keys(s.milestones);
  const network = s.network === 'slow-4g' ? 'slow 4G emulated (150 ms round trip, 1.6 Mbit/s)' : 'loopback';
  console.log(
    `\nTime to a usable search box on ${network}: navigation start → field visible and a frame drawn; median of ${s.runs} interleaved loads each`,
  );
  console.log(
    '(in brackets: the extra over the same page with a plain <input>, and the 95% interval of the extra paired with the plain load of the same turn)\n',
  );
  console.log('candidate'.padEnd(36), ...cpus.map((cpu) => `${cpu} CPU`.padStart(26)), 'JS brotli'.padStart(11));
  for (const row of s.table) {
    const cells = cpus.map((cpu) => {
      if (row.candidate === s.table[0].candidate) return ms(row.usableMs[cpu]);
      const { lower, upper } = row.pairedExtraMs[cpu];
      const interval = `${minus(Math.round(lower))}..${minus(Math.round(upper))}`;
      return `${Math.round(row.usableMs[cpu])} (${signed(Math.round(row.extraMs[cpu]))}, ${interval})`;
    });
    console.log(
      row.candidate.padEnd(36),
      ...cells.map((c) => c.padStart(26)),
      (row.jsBrotli ? kb(row.jsBrotli) : '0').padStart(11),
    );
  }
  console.log(`\nthis widget's milestones, ms from navigation start (${cpus.join(' / ')}):`);
  const names: Record<keyof Milestones, string> = {
    scriptRequested: 'widget.js requested',
    scriptArrived: 'widget.js arrived',
    inputInDom: 'input in the DOM',
    usable: 'usable (a frame drawn)',
  };
  for (const [key, name] of Object.entries(names))
    console.log(
      `  ${name.padEnd(34)}`,
      cpus.map((cpu) => String(s.milestones[cpu][key as keyof Milestones])).join(' / '),
    );

  const widget = s.table.find((row) => row.candidate === 'this widget')!;
  const page4 = s.page['4x'];
  const worstCls = Math.max(...cpus.map((cpu) => s.page[cpu].widget.worstCls));
  const hostBytes = Math.max(...cpus.map((cpu) => s.page[cpu].widget.hostBytes));
  const lines: [string, string, boolean, note?: string][] = [
    ...cpus.map((cpu): [string, string, boolean, string?] => {
      const target = START_UP_TARGETS.extraUsableMs[s.network][parseInt(cpu)];
      const { lower, upper } = s.pairedExtraMs[cpu];
      return [
        `extra time to usable at ${cpu} (target ≤ ${target} ms)`,
        `${ms(widget.extraMs[cpu])} (${minus(Math.round(lower))} to ${minus(Math.round(upper))})`,
        widget.extraMs[cpu] <= target,
        lower <= target && target < upper ? 'within the noise' : undefined,
      ];
    }),
  ];
  if (page4) {
    lines.push(
      [
        'long tasks per load at 4×, widget page / plain page (at most 1 more)',
        `${page4.widget.longTasks} / ${page4.plain.longTasks}`,
        page4.widget.longTasks - page4.plain.longTasks <= START_UP_TARGETS.extraLongTasksCpu4x,
      ],
      [
        'blocking time at 4×, widget page / plain page (at most 10 ms more)',
        `${ms(page4.widget.blockingMs)} / ${ms(page4.plain.blockingMs)}`,
        page4.widget.blockingMs - page4.plain.blockingMs <= START_UP_TARGETS.extraBlockingMsCpu4x,
      ],
    );
  }
  lines.push(
    [
      'CLS, worst load at any CPU rate, font swap included (target 0)',
      String(round(worstCls * 1e4) / 1e4),
      worstCls === START_UP_TARGETS.cls,
    ],
    [
      'bytes from the widget host before the visitor types (≤ 25 KB)',
      kb(hostBytes),
      hostBytes <= START_UP_TARGETS.hostBytesBeforeTyping,
    ],
  );
  console.log(
    '\nstart-up targets (in brackets: the 95% interval of the extra paired with the plain load of the same turn):',
  );
  for (const [name, value, ok, note] of lines)
    console.log(`  ${name.padEnd(70)} ${value.padEnd(22)} ${verdict(ok)}${note ? `, ${note}` : ''}`);
  console.log(
    '  fetched before typing:',
    Object.entries(s.hostFilesBeforeTyping)
      .map(([file, bytes]) => `${file} ${bytes} B`)
      .join(', '),
  );
}
