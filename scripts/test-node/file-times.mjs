/**
 * A node:test reporter that prints nothing until the run ends, then the slowest test files: each file's
 * top-level tests and suites added up (its process's start and imports are not in it). Used beside the
 * usual reporter by scripts/test-node.ts.
 */
const SHOWN = 12;

export default async function* fileTimes(source) {
  const byFile = new Map();
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      const file = event.data.file.replace(`${process.cwd()}/`, '');
      byFile.set(file, (byFile.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
    // Among the run's last counts: --test-force-exit ends the process before a reporter's own end.
    if (event.type === 'test:diagnostic' && event.data.nesting === 0 && event.data.message.startsWith('todo '))
      yield* table(byFile);
  }
}

function* table(byFile) {
  const slowest = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  if (!slowest.length) return;
  // One chunk: the process may end before a second is written.
  yield [
    `\nslowest of ${byFile.size} test files (seconds in their tests):`,
    ...slowest.map(([file, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)}  ${file}`),
    '',
  ].join('\n');
}
