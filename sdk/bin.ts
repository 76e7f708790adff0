/** The `service-valuation` command of the SDK's package: runs the CLI with this process's arguments and key. */
import { explain, run } from './cli.js';

// Ctrl+C ends a long-running command (webhooks listen) cleanly: it deletes what it made, then exits.
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    stop.abort();
    setTimeout(() => process.exit(130), 3000).unref(); // anything else still waiting ends here
  });

try {
  process.exitCode = await run(process.argv.slice(2), process.env, (text) => console.log(text), stop.signal);
} catch (error) {
  const { line, status } = explain(error);
  console.error(line);
  process.exitCode = status;
}
