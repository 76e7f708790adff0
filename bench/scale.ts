/**
 * The load half of `npm run test:scale`: figures, not verdicts. The service as 1 and as 3 processes
 * on one PostgreSQL server behind HAProxy (service/cluster), loaded with autocannon for
 * SCALE_SECONDS (6) per surface, in SCALE_ROUNDS (3) rounds that alternate 1 and 3 processes: suggestions, widget estimates, Platform API valuations and MCP
 * valuations. Prints requests per second, p50 and p99 latency and any non-2xx answers, and what one
 * shared limit take costs against the database and in memory.
 *
 * Every limit stays on. The bench plays many sites and visitors from one machine: 64 widget keys,
 * 200 platform keys and 64 MCP sessions, and a visitor address per request in X-Forwarded-For,
 * which only the bench's balancer keeps (keepClientForwardedFor).
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { startCluster } from '../service/cluster/cluster.js';
import { median, quantile } from '../service/core/estimates/statistics.js';
import { memoryRates } from '../service/core/metering/rate-store.js';
import { sharedRates } from '../service/core/metering/shared-rates.js';
import { openDatabase } from '../service/db/database.js';
import { startTestPostgres } from '../service/db/test-postgres.js';
import { createEstimateEngine } from '../service/core/estimates/engine.js';
import { sandboxEngineData } from '../service/sandbox/sandbox-homes.js';
import { hashSecret } from '../service/db/secrets.js';
import { freePort } from '../service/web/free-ports.js';

const SECONDS = Number(process.env.SCALE_SECONDS ?? 6);
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 32);
const ORIGIN = 'http://127.0.0.1:5173';
const engine = createEstimateEngine({ serviceUrl: 'http://127.0.0.1/', ...(await sandboxEngineData()) });
// Homes with a sale estimate, spread over the fixtures.
const PROPERTIES = engine.homes.properties
  .filter((_, i) => i % 97 === 0)
  .map((p) => p.id)
  .filter((id) => 'estimate' in engine.estimate(id, 'sale'))
  .slice(0, 40);
const QUERIES = ['amk', '5601', 'parc', 'tampines', 'bedok', 'ang mo kio ave 3'];

const postgres = await startTestPostgres(await freePort());
if (!postgres) {
  console.log('PostgreSQL is not installed here (.ci/run installs it): no scale figures.');
  process.exit(0);
}
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
const visitor = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** Keys for the bench's sites and integrators, written straight into the database (the service's own formats). */
async function makeKeys(db: pg.Pool) {
  const widgetKeys = Array.from({ length: 64 }, (_, i) => `svce_test_bench${String(i).padStart(15, '0')}`);
  for (const [i, key] of widgetKeys.entries()) {
    await db.query(
      `insert into widget_keys (id, organization_id, key, name) values ($1, 'org_lionrealty', $2, $3) on conflict do nothing`,
      [`wk_bench${i}`, key, `Bench site ${i}`],
    );
    await db.query(`insert into widget_key_origins values ($1, $2) on conflict do nothing`, [`wk_bench${i}`, ORIGIN]);
  }
  const platformKeys = Array.from({ length: 200 }, () => `svcp_test_${randomBytes(16).toString('hex')}`);
  for (const [i, key] of platformKeys.entries())
    await db.query(
      `insert into platform_keys (id, organization_id, sha256, prefix, last4, label, scopes)
       values ($1, 'org_lionrealty', $2, 'svcp_test_', $3, $4, '{valuations.read}')`,
      [`pk_bench${i}_${key.slice(-6)}`, hashSecret(key), key.slice(-4), `Bench ${i}`],
    );
  return { widgetKeys, platformKeys };
}

/** MCP sessions from as many addresses, opened through the balancer. */
async function openSessions(mcpUrl: string, count: number) {
  const sessions: string[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'X-Forwarded-For': `10.200.${i}.1`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
      }),
    });
    await answer.text();
    sessions.push(answer.headers.get('mcp-session-id')!);
  }
  return sessions;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, setup: (request: autocannon.Request) => autocannon.Request): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: setup }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function run(processes: number, databaseUrl: string, keys: Awaited<ReturnType<typeof makeKeys>>) {
  const cluster = await startCluster({
    processes,
    databaseUrl,
    balancer: { keepClientForwardedFor: true },
  });
  try {
    const { widgetHost, platform, mcp } = cluster.urls;
    const sessions = await openSessions(mcp, 64);
    let rpcId = 0;
    const figures: Record<string, Figures> = {};
    figures.suggestions = await load(widgetHost, (r) => ({
      ...r,
      path: `/v1/suggestions?key=${pick(keys.widgetKeys)}&q=${encodeURIComponent(pick(QUERIES))}`,
      headers: { Origin: ORIGIN, 'X-Forwarded-For': visitor() },
    }));
    figures['widget estimates'] = await load(widgetHost, (r) => ({
      ...r,
      path: `/v1/estimates?key=${pick(keys.widgetKeys)}&id=${pick(PROPERTIES)}`,
      headers: { Origin: ORIGIN, 'X-Forwarded-For': visitor() },
    }));
    figures['Platform API valuations'] = await load(platform, (r) => ({
      ...r,
      path: `/v1/valuations/properties/${pick(PROPERTIES)}/estimate?mode=sale`,
      headers: { Authorization: `Bearer ${pick(keys.platformKeys)}` },
    }));
    figures['MCP valuations'] = await load(mcp, (r) => ({
      ...r,
      method: 'POST',
      path: '/mcp',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'Mcp-Session-Id': pick(sessions),
        'Mcp-Protocol-Version': '2025-06-18',
      },
      // A request id is never reused within a session (a reused one leaves the earlier request unanswered).
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: ++rpcId,
        method: 'tools/call',
        params: { name: 'get_valuation', arguments: { propertyId: pick(PROPERTIES), mode: 'sale' } },
      }),
    }));
    return figures;
  } finally {
    await cluster.stop();
  }
}

/** What one take of a shared limit costs: the database's statement against this process's memory. */
async function limitCost(databaseUrl: string) {
  const db = await openDatabase({ url: databaseUrl });
  const stores = { 'PostgreSQL (shared)': sharedRates(db), 'memory (one process)': memoryRates() };
  const costs: Record<string, number[]> = {};
  for (const [name, store] of Object.entries(stores)) {
    costs[name] = [];
    for (let i = 0; i < 2000; i++) {
      const started = performance.now();
      await store.take(`bench:${i % 500}`, 30, 4, Date.now());
      costs[name].push(performance.now() - started);
    }
  }
  // How many takes the database serves at once: 16 callers on one process's pool (10 connections) for 3 s.
  const pool = await openDatabase({ url: databaseUrl });
  const shared = sharedRates(pool);
  let taken = 0;
  const until = performance.now() + 3000;
  await Promise.all(
    Array.from({ length: 16 }, async (_, c) => {
      while (performance.now() < until) {
        await shared.take(`bench:concurrent:${c}:${taken % 1000}`, 30, 4, Date.now());
        taken++;
      }
    }),
  );
  await pool.close();
  await db.close();
  return { costs, perSecond: taken / 3 };
}

try {
  const admin = new pg.Pool({ connectionString: postgres.url, max: 2, options: '-c search_path=sandbox,public' });
  // The first cluster migrates and seeds; the keys are added once it has.
  const warm = await startCluster({ processes: 1, databaseUrl: postgres.url });
  await warm.stop();
  const keys = await makeKeys(admin);
  await admin.end();

  // Rounds alternate, so that a busy moment of the machine falls on both.
  const rounds: Record<number, Record<string, Figures>[]> = { 1: [], 3: [] };
  for (let round = 0; round < ROUNDS; round++)
    for (const processes of [1, 3]) rounds[processes]!.push(await run(processes, postgres.url, keys));

  console.log(
    `\nScale: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.versions.node}; HAProxy, PostgreSQL, autocannon and every process share these cores`,
  );
  console.log(
    `${CONNECTIONS} connections, ${SECONDS} s per surface, ${ROUNDS} rounds: median (range); every limit on; latency in ms\n`,
  );
  console.log(
    `${'surface'.padEnd(25)}${'processes'.padEnd(10)}${'req/s'.padEnd(18)}${'p50'.padEnd(16)}${'p99'.padEnd(16)}non-2xx, errors`,
  );
  const cell = (values: number[]) =>
    `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
  for (const surface of Object.keys(rounds[1]![0]!))
    for (const processes of [1, 3]) {
      const runs = rounds[processes]!.map((r) => r[surface]!);
      const failed = runs.reduce((sum, f) => sum + f.non2xx, 0);
      const errors = runs.reduce((sum, f) => sum + f.errors, 0);
      console.log(
        `${surface.padEnd(25)}${String(processes).padEnd(10)}${cell(runs.map((f) => f.rps)).padEnd(18)}${cell(runs.map((f) => f.p50)).padEnd(16)}${cell(runs.map((f) => f.p99)).padEnd(16)}${failed}, ${errors}`,
      );
    }

  const { costs, perSecond } = await limitCost(postgres.url);
  console.log('\nOne limit take (2,000 sequential, ms): median, p99');
  for (const [name, samples] of Object.entries(costs))
    console.log(`  ${name.padEnd(24)} ${median(samples).toFixed(3)}  ${quantile(samples, 0.99).toFixed(3)}`);
  console.log(`Shared takes per second, 16 callers on one pool of 10 connections for 3 s: ${perSecond.toFixed(0)}`);
} finally {
  postgres.stop();
}
