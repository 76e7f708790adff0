/**
 * `npm run bench:webhooks` (and the end of `npm run bench`): webhook delivery figures, not verdicts.
 * On PGlite and, where Debian's PostgreSQL is installed, a PostgreSQL on loopback: changes recorded
 * as the console records them become outbox events, the fan-out makes deliveries and two senders
 * post them to a receiver on loopback, with the workers every process runs (webhook-workers.ts). Prints the
 * throughput (events per second from the outbox to the receiver, a burst of 1,000) and the lag from a
 * change's commit to its first attempt arriving (p50 and p99 of 200 changes at 20 a second), each the
 * median of three runs with their range. Then one receiver's trouble: the lag of a healthy endpoint's
 * changes with none hanging and while another organization's 20 endpoints never answer (each holds its
 * attempts for the whole 15 s).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { cpus } from 'node:os';
import { recordChange, serviceActor } from '../service/core/events/record-change.js';
import { median, quantile } from '../service/core/estimates/statistics.js';
import { createSecretBox } from '../service/core/webhooks/secret-box.js';
import { PER_ENDPOINT_IN_FLIGHT } from '../service/core/webhooks/deliveries.js';
import { createWebhookService } from '../service/core/webhooks/webhook-service.js';
import { type Database, openDatabase } from '../service/db/database.js';
import { migrate } from '../service/db/migrate.js';
import { startTestPostgres } from '../service/db/test-postgres.js';
import { seed } from '../service/sandbox/seed.js';
import { createWorkerRunner } from '../service/workers/runner.js';
import { webhookWorkers } from '../service/workers/webhook-workers.js';
import { freePort } from '../service/web/free-ports.js';

const RUNS = 3;
const BURST = 1000;
const PACED = 200;
const PACE_PER_SECOND = 20;

/** A receiver that answers 200 at once and notes when each change's first delivery arrived. */
async function startReceiver() {
  const arrived = new Map<string, number>();
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const target = (JSON.parse(text) as { data: { target: string } }).data.target;
      if (!arrived.has(target)) arrived.set(target, performance.now());
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, arrived, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks` };
}

async function oneRun(db: Database) {
  const receiver = await startReceiver();
  const organizationId = `org_bench_${randomBytes(4).toString('hex')}`;
  await db.query(`insert into organizations (id, name, kind) values ($1, 'Bench', 'agency')`, [organizationId]);
  const webhooks = createWebhookService(db, createSecretBox(randomBytes(32)), {
    policy: { allowHosts: new Set(['127.0.0.1']) },
  });
  await webhooks.endpoints.create({ organizationId, url: receiver.url, eventTypes: ['widget_key.created'] });
  const runner = createWorkerRunner({ workers: webhookWorkers(db, webhooks, { senders: 2 }) });
  const change = (target: string) =>
    db.transaction((tx) =>
      recordChange(tx, serviceActor(organizationId), 'widget_key.created', target, { name: target }),
    );
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  runner.start();
  try {
    // Lag: changes at a steady pace, each timed from its commit to its arrival.
    const committed = new Map<string, number>();
    for (let i = 0; i < PACED; i++) {
      const target = `paced_${i}`;
      await change(target);
      committed.set(target, performance.now());
      await new Promise((resolve) => setTimeout(resolve, 1000 / PACE_PER_SECOND));
    }
    await until(() => receiver.arrived.size >= PACED);
    const lags = [...committed].map(([target, at]) => receiver.arrived.get(target)! - at);
    // Throughput: a burst committed at once, timed from the first commit to the last arrival.
    await runner.stop();
    const started = performance.now();
    for (let i = 0; i < BURST; i++) await change(`burst_${i}`);
    const committedIn = performance.now() - started;
    runner.start();
    await until(() => receiver.arrived.size >= PACED + BURST);
    const seconds = (performance.now() - started) / 1000;
    return { perSecond: BURST / seconds, p50: quantile(lags, 0.5), p99: quantile(lags, 0.99), committedIn };
  } finally {
    await runner.stop();
    receiver.server.close();
  }
}

const HANGING = 20;
const HANGING_CHANGES = 5;
const WATCHED = 60;

/** The p50 lag of a healthy endpoint's changes while `hanging` endpoints of another organization never answer. */
async function lagBeside(db: Database, hanging: number) {
  const receiver = await startReceiver();
  const held = new Set<import('node:net').Socket>();
  const silent = createServer((request) => void held.add(request.socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}/hooks`;
  const webhooks = createWebhookService(db, createSecretBox(randomBytes(32)), {
    policy: { allowHosts: new Set(['127.0.0.1']) },
  });
  const organization = async (name: string) => {
    const id = `org_bench_${name}_${randomBytes(4).toString('hex')}`;
    await db.query(`insert into organizations (id, name, kind) values ($1, $2, 'agency')`, [id, name]);
    return id;
  };
  const healthy = await organization('healthy');
  const troubled = await organization('troubled');
  await webhooks.endpoints.create({ organizationId: healthy, url: receiver.url, eventTypes: ['widget_key.created'] });
  for (let i = 0; i < hanging; i++)
    await webhooks.endpoints.create({ organizationId: troubled, url: silentUrl, eventTypes: ['widget_key.created'] });
  const change = (org: string, target: string) =>
    db.transaction((tx) => recordChange(tx, serviceActor(org), 'widget_key.created', target, { name: target }));
  const runner = createWorkerRunner({ workers: webhookWorkers(db, webhooks, { senders: 2 }) });
  runner.start();
  try {
    for (let i = 0; i < HANGING_CHANGES && hanging > 0; i++) await change(troubled, `troubled_${i}`);
    // Every attempt the hanging endpoints may have in flight is held, or 10 s have passed.
    const deadline = Date.now() + 10_000;
    const holdable = hanging * Math.min(HANGING_CHANGES, PER_ENDPOINT_IN_FLIGHT);
    while (held.size < holdable && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    const committed = new Map<string, number>();
    for (let i = 0; i < WATCHED; i++) {
      const target = `watched_${i}`;
      await change(healthy, target);
      committed.set(target, performance.now());
      await new Promise((resolve) => setTimeout(resolve, 1000 / PACE_PER_SECOND));
    }
    while (receiver.arrived.size < WATCHED) await new Promise((resolve) => setTimeout(resolve, 5));
    return quantile(
      [...committed].map(([target, at]) => receiver.arrived.get(target)! - at),
      0.5,
    );
  } finally {
    for (const socket of held) socket.destroy();
    await runner.stop();
    receiver.server.close();
    silent.close();
  }
}

const range = (values: number[], digits = 0) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

async function onEngine(name: string, db: Database) {
  await migrate(db);
  await seed(db);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await oneRun(db));
  console.log(
    `${name.padEnd(22)} ${range(runs.map((r) => r.perSecond)).padEnd(22)} ${range(runs.map((r) => r.p50)).padEnd(20)} ${range(runs.map((r) => r.p99))}`,
  );
  const alone: number[] = [];
  const beside: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    alone.push(await lagBeside(db, 0));
    beside.push(await lagBeside(db, HANGING));
  }
  console.log(
    `${''.padEnd(22)} healthy endpoint's lag p50 ms: ${range(alone)} alone, ${range(beside)} while ${HANGING} endpoints hang (${(median(beside) / median(alone)).toFixed(2)}×)`,
  );
  await db.close();
}

console.log(
  `\nWebhook deliveries: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.versions.node}`,
);
console.log(
  `burst of ${BURST} changes; lag over ${PACED} changes at ${PACE_PER_SECOND}/s; median (range) of ${RUNS} runs`,
);
console.log(`${'engine'.padEnd(22)} ${'events/s'.padEnd(22)} ${'lag p50 ms'.padEnd(20)} lag p99 ms`);
await onEngine('PGlite (in memory)', await openDatabase({ dataDir: 'memory://' }));
const postgres = await startTestPostgres(await freePort());
if (postgres) {
  try {
    await onEngine('PostgreSQL (loopback)', await openDatabase({ url: postgres.url }));
  } finally {
    postgres.stop();
  }
} else console.log('PostgreSQL is not installed here: its row is skipped (.ci/run installs it).');
