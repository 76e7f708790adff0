/**
 * `npm run test:node`: every Node test file (service, sdk, scripts, bench, e2e/engines, the Zapier app),
 * three at a time on this project's two cores, then the few that cannot share the machine, one at a time.
 * Before them, the run's database templates are prepared once (service/tests/database-templates.ts), one
 * PostgreSQL server is started for the whole run with its seeded template (service/sandbox/run-postgres.ts),
 * and passwords are hashed at the test cost (core/accounts/password-cost.ts). `npm run test:node -- FILE…`
 * runs only those files.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startRunPostgres } from '../service/sandbox/run-postgres.js';

/**
 * Files at once (TEST_NODE_CONCURRENCY): three on two cores, since a file spends part of its time waiting on
 * its servers, browsers and timers (the commit that chose three has the figures).
 */
const CONCURRENCY = Number(process.env.TEST_NODE_CONCURRENCY ?? 3);
const ROOTS = ['service', 'sdk', 'scripts', 'bench', 'e2e/engines', 'packages/zapier/test'];
const TEMPLATES = '.data/test-databases';

/** The files that run alone, after the rest, and why each cannot share the machine. */
export const ALONE: Record<string, string> = {
  'service/tests/cluster.test.ts':
    'three service processes, HAProxy and PostgreSQL under load share the two cores already, and its load figures are for them alone',
};

/**
 * The longest files start first, so that the run does not end on one of them alone: the pass takes as
 * long as its longest chain. Any other file keeps its place in the alphabet.
 */
const LONGEST_FIRST = [
  'service/tests/start-live.test.ts',
  'service/tests/data-folder.test.ts',
  'service/tests/data-schedule.test.ts',
  'service/tests/data-import.test.ts',
  'service/tests/floods.test.ts',
  'service/tests/members.test.ts',
  'scripts/fresh-clone.test.ts',
  'service/tests/hdb-accuracy.test.ts',
  'service/tests/nearby.test.ts',
];

const testFiles = () =>
  ROOTS.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.test.ts') && !path.split('/').includes('node_modules'))
      .map((path) => join(root, path)),
  ).sort();

const inOrder = (files: string[]) => [
  ...LONGEST_FIRST.filter((file) => files.includes(file)),
  ...files.filter((file) => !LONGEST_FIRST.includes(file)),
];

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<number>((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const tsx = 'node_modules/.bin/tsx';
const nodeTests = (files: string[], concurrency: number, env: NodeJS.ProcessEnv) =>
  run(tsx, ['scripts/test-node/run-files.ts', String(concurrency), ...files], {
    SERVICE_TEST_DATABASES: TEMPLATES,
    SERVICE_PASSWORD_COST: 'test',
    ...env,
  });

const asked = process.argv.slice(2);
const files = asked.length ? asked : testFiles();
const missing = Object.keys(ALONE).filter((file) => !asked.length && !files.includes(file));
if (missing.length) throw new Error(`ALONE names files that are not there: ${missing.join(', ')}`);

if ((await run(tsx, ['service/tests/database-templates.ts', TEMPLATES])) !== 0) process.exit(1);
const shared = inOrder(files.filter((file) => !(file in ALONE)));
const alone = files.filter((file) => file in ALONE);
const postgres = await startRunPostgres();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    postgres?.stop();
    process.exit(1);
  });
let failed = false;
try {
  if (shared.length) {
    console.log(`\n${shared.length} test files, ${CONCURRENCY} at a time`);
    failed = (await nodeTests(shared, CONCURRENCY, postgres?.env ?? {})) !== 0;
  }
  if (alone.length) {
    console.log(`\n${alone.length} alone: ${alone.map((file) => `${file} (${ALONE[file]})`).join('; ')}`);
    failed = (await nodeTests(alone, 1, postgres?.env ?? {})) !== 0 || failed;
  }
} finally {
  postgres?.stop();
}
process.exit(failed ? 1 : 0);
