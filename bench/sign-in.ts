/**
 * `npm run bench:accounts` (and the end of `npm run bench`): what real sign-ins cost, figures not
 * verdicts. One service on PGlite in memory, on loopback: the time of one password sign-in (scrypt
 * N = 2^17 checked, a session written), sign-ins a second with 20 at once (at most two hashes run at
 * once: passwords.ts), and a widget estimate's latency alone and during that flood, each the median
 * of three runs with their range.
 */
import { cpus } from 'node:os';
import { hashPassword, HASHES_AT_ONCE } from '../service/core/accounts/passwords.js';
import { median, quantile } from '../service/core/estimates/statistics.js';
import { startService } from '../service/servers/start-service.js';

const RUNS = 3;
const FLOOD = 200;
const AT_ONCE = 20;
const ESTIMATES = 100;
const PASSWORD = 'tangerine-fjord-lantern-88';

const service = await startService({ origins: { widgetHost: 0 }, settings: { visitorLimits: false } });
const base = service.urls.widgetHost.replace(/\/$/, '');
await service.db.query(`insert into organizations (id, name, kind) values ('org_bench', 'Bench', 'agency')`);
await service.db.query(
  `insert into users (id, organization_id, name, email, role, kind, password_hash, email_verified_at)
   values ('usr_bench', 'org_bench', 'Bench', 'bench@example.test', 'owner', 'account', $1, now())`,
  [await hashPassword(PASSWORD)],
);
await service.db.query(
  `insert into memberships (user_id, organization_id, role) values ('usr_bench', 'org_bench', 'owner')`,
);

async function signIn(): Promise<number> {
  const form = await fetch(`${base}/console/sign-in`);
  const cookie = form.headers.get('set-cookie')!.split(';')[0];
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())![1];
  const started = performance.now();
  const answer = await fetch(`${base}/console/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, email: 'bench@example.test', password: PASSWORD }),
  });
  await answer.arrayBuffer();
  if (answer.status !== 303) throw new Error(`sign-in answered ${answer.status}`);
  return performance.now() - started;
}

async function estimate(): Promise<number> {
  const started = performance.now();
  const answer = await fetch(`${base}/v1/estimates?key=svce_test_demo0000000000000001&id=hdb-560102-4-room`, {
    headers: { Origin: 'http://localhost:5173' },
  });
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`estimate answered ${answer.status}`);
  return performance.now() - started;
}

async function estimates(): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < ESTIMATES; i++) times.push(await estimate());
  return times;
}

async function flood(): Promise<{ perSecond: number; during: number[] }> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next++ < FLOOD) await signIn();
  };
  const during = estimates();
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return { perSecond: FLOOD / ((performance.now() - started) / 1000), during: await during };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const spread = (values: number[], show: (v: number) => string) =>
  `${show(median(values))} (${show(Math.min(...values))}–${show(Math.max(...values))})`;

const single: number[] = [];
const alone: number[][] = [];
const floods: { perSecond: number; during: number[] }[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const times: number[] = [];
    for (let i = 0; i < 10; i++) times.push(await signIn());
    single.push(median(times));
    alone.push(await estimates());
    floods.push(await flood());
  }
} finally {
  await service.stop();
}
console.log(
  `Accounts on ${cpus().length} × ${cpus()[0].model.trim()}, Node ${process.version}, PGlite in memory, loopback:`,
);
console.log(`  one password sign-in (scrypt N=2^17):   ${spread(single, ms)}`);
console.log(
  `  sign-ins a second, ${AT_ONCE} at once (${HASHES_AT_ONCE} hashes at once): ${spread(
    floods.map((f) => f.perSecond),
    (v) => v.toFixed(1),
  )}`,
);
const p = (list: number[][], q: number) => list.map((times) => quantile(times, q));
console.log(
  `  widget estimate alone:                  p50 ${spread(p(alone, 0.5), ms)}, p99 ${spread(p(alone, 0.99), ms)}`,
);
console.log(
  `  widget estimate during the flood:       p50 ${spread(
    p(
      floods.map((f) => f.during),
      0.5,
    ),
    ms,
  )}, p99 ${spread(
    p(
      floods.map((f) => f.during),
      0.99,
    ),
    ms,
  )}`,
);
