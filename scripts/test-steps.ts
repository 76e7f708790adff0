/**
 * `npm test`: every check CI runs, one step after another, ending with a table of each step's wall
 * time (also when a step fails: the steps after it are listed as not run). The table is how a change
 * sees what it cost the suite; CI's log shows it.
 *
 * `npm test -- STEP…` runs only the steps named, in this order (`npm test -- test:node size`).
 */
import { spawn } from 'node:child_process';

/** Each step is an npm script of this package, so it can also be run alone. */
const STEPS = [
  'generate',
  'typecheck',
  'lint',
  'format:check',
  'test:node',
  'test:unit',
  'build',
  'build:package',
  'check:package',
  'test:package',
  'test:e2e',
  'size',
] as const;

type Outcome = 'passed' | 'failed' | 'not run';

const run = (script: string) =>
  new Promise<number>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(STEPS as readonly string[]).includes(name));
if (unknown.length) {
  console.error(`npm test: no step ${unknown.join(', ')}; the steps are ${STEPS.join(', ')}.`);
  process.exit(2);
}
const steps = asked.length ? STEPS.filter((step) => asked.includes(step)) : STEPS;

const rows: { step: string; seconds?: number; outcome: Outcome }[] = [];
const began = performance.now();
let failed = false;
for (const step of steps) {
  if (failed) {
    rows.push({ step, outcome: 'not run' });
    continue;
  }
  console.log(`\n── npm test: ${step} ──`);
  const started = performance.now();
  const code = await run(step);
  const seconds = (performance.now() - started) / 1000;
  rows.push({ step, seconds, outcome: code === 0 ? 'passed' : 'failed' });
  failed = code !== 0;
}
const total = (performance.now() - began) / 1000;

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${Math.round(seconds % 60)
    .toString()
    .padStart(2, '0')}`;
const width = Math.max(...rows.map((row) => row.step.length), 'total'.length);
console.log(`\nnpm test, wall time per step (m:ss):`);
for (const row of rows)
  console.log(
    `  ${row.step.padEnd(width)}  ${row.seconds === undefined ? '    ' : clock(row.seconds).padStart(5)}  ${row.outcome}`,
  );
console.log(`  ${'total'.padEnd(width)}  ${clock(total).padStart(5)}  ${failed ? 'failed' : 'passed'}`);
process.exit(failed ? 1 : 0);
