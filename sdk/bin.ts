/** The `service-valuation` command of the SDK's package: runs the CLI with this process's arguments and key. */
import { explain, run } from './cli.js';

try {
  process.exitCode = await run(process.argv.slice(2), process.env, (text) => console.log(text));
} catch (error) {
  const { line, status } = explain(error);
  console.error(line);
  process.exitCode = status;
}
