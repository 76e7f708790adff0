/**
 * One pass of `npm run test:node` (scripts/test-node.ts): the files given, CONCURRENCY at a time, through
 * node:test's run(), which keeps their order where the command line's runner sorts them by name, so the
 * longest start first. It reports as the command line's spec reporter does, then names the slowest files
 * (each file's top-level tests added up; its process's start and imports are not in it).
 *
 * `tsx scripts/test-node/run-files.ts CONCURRENCY FILE…`
 */
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

const SHOWN = 12;
const [concurrency, ...files] = process.argv.slice(2);

const byFile = new Map<string, number>();
let failed = false;
const stream = run({
  files,
  concurrency: Number(concurrency),
  // A test stuck for five minutes fails (a hang once cost a whole CI run), and a file that leaves a server
  // or a timer open ends anyway.
  timeout: 300_000,
  forceExit: true,
});
const added = (data: { nesting: number; file?: string; details: { duration_ms: number } }) => {
  if (data.nesting !== 0 || !data.file) return;
  const file = data.file.replace(`${process.cwd()}/`, '');
  byFile.set(file, (byFile.get(file) ?? 0) + data.details.duration_ms);
};
stream.on('test:pass', added);
stream.on('test:fail', (data) => {
  failed = true;
  added(data);
});
stream.on('end', () => {
  const slowest = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  console.log(`\nslowest of ${byFile.size} test files (seconds in their tests):`);
  for (const [file, ms] of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)}  ${file}`);
  process.exitCode = failed ? 1 : 0;
});
stream.compose(new spec()).pipe(process.stdout);
