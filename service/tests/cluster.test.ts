/**
 * The service as three processes on one PostgreSQL server behind HAProxy (round robin): every limit
 * holds across processes, an MCP client and an OAuth flow whose requests reach a different process
 * each time keep working, console sessions and Idempotency-Keys are the database's, webhook workers in
 * every process send each delivery once, a process killed with SIGKILL mid-load loses nothing a client
 * was told was done, and one stopped with SIGTERM drains without a failed request.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import pg from 'pg';
import { type Cluster, startCluster, stopProcess } from '../cluster/cluster.js';
import { MCP_SESSION_LIMITS, PLATFORM_REQUESTS_PER_MINUTE, SUGGESTION_LIMITS } from '../core/metering/limits.js';
import { type Answer, onPort, Person, send, withRetries } from './cluster-client.js';
import { startReceiver } from './webhook-receiver.js';

const KEYS = {
  agency: 'svcp_test_agency00000000000000001',
  developer: 'svcp_test_developer0000000000002',
  noscope: 'svcp_test_noscope000000000000004',
};
const WIDGET_KEY = 'svce_test_demo0000000000000001';
const DEMO_ORIGIN = 'http://127.0.0.1:5173';
const REDIRECT = 'http://127.0.0.1:8899/callback';
const installed = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const missing = [
  ...(installed('haproxy') ? [] : ['HAProxy']),
  ...(existsSync('/usr/lib/postgresql') ? [] : ['PostgreSQL']),
];
// In CI both are installed by .ci/run, and a missing one fails the run rather than skip it.
const skip = missing.length && !process.env.CI ? `needs ${missing.join(' and ')}` : false;

let cluster: Cluster;
let db: pg.Pool;
let urls: Cluster['urls'];
const port = (index: number, origin: 'widgetHost' | 'platform' | 'mcp') => cluster.processes[index].ports[origin];

const platform = (path: string, key: string, init: { method?: string; body?: object; headers?: object } = {}) =>
  send(`${urls.platform}/v1${path}`, {
    method: init.method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...(init.headers as Record<string, string>),
    },
    body: init.body && JSON.stringify(init.body),
  });
const json = (answer: Answer) => JSON.parse(answer.body) as Record<string, unknown>;
const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

describe('the service as three processes behind a balancer', { skip, timeout: 360_000 }, () => {
  before(async () => {
    cluster = await startCluster({
      processes: 3,
      // On a PostgreSQL server, passwords are hashed at production cost: start.ts refuses the test run's.
      env: { WEBHOOK_ALLOW_HOSTS: '127.0.0.1', SERVICE_PASSWORD_COST: '' },
      log: (index, line) => process.env.CLUSTER_LOG && console.log(`[${index}] ${line}`),
    });
    urls = cluster.urls;
    db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2, options: '-c search_path=sandbox,public' });
  });
  after(async () => {
    await db?.end();
    await cluster?.stop();
  });

  it('each process is live and ready on every origin', async () => {
    for (const p of cluster.processes)
      for (const port of Object.values(p.ports)) {
        assert.equal((await send(`http://127.0.0.1:${port}/livez`)).status, 200);
        assert.deepEqual(json(await send(`http://127.0.0.1:${port}/readyz`)), { status: 'ready' });
      }
  });

  it("holds a key's requests per minute across processes: 120, not 120 per process", async () => {
    for (let tries = 0; ; tries++) {
      const minute = Math.floor(Date.now() / 60_000);
      const answers = await Promise.all(
        Array.from({ length: PLATFORM_REQUESTS_PER_MINUTE + 15 }, () =>
          platform('/organizations/current', KEYS.noscope),
        ),
      );
      // A minute that turned during the burst splits the count: try again in the new one.
      if (Math.floor(Date.now() / 60_000) !== minute && tries < 2) continue;
      assert.equal(count(answers, 200), PLATFORM_REQUESTS_PER_MINUTE);
      assert.equal(count(answers, 429), 15);
      return;
    }
  });

  it("holds one visitor's suggestions across processes, seen through the balancer's X-Forwarded-For", async () => {
    const { burst, perSecond } = SUGGESTION_LIMITS.perAddress;
    const started = Date.now();
    const suggest = (from: string, i: number) =>
      send(`${urls.widgetHost}v1/suggestions?key=${WIDGET_KEY}&q=${100000 + i}`, {
        from,
        headers: { Origin: DEMO_ORIGIN },
      });
    const answers: Answer[] = [];
    for (let i = 0; i < burst + 30; i += 10)
      answers.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => suggest('127.0.0.2', i + j)))));
    const allowed = burst + Math.ceil(((Date.now() - started) / 1000) * perSecond) + 1;
    const served = count(answers, 200);
    assert.ok(served >= burst && served <= allowed, `${served} served; at most ${allowed} may be`);
    assert.ok(count(answers, 429) >= answers.length - allowed);
    assert.equal((await suggest('127.0.0.3', 0)).status, 200, 'another visitor is served');
  });

  it('holds MCP sessions per address across processes', async () => {
    const initialize = () =>
      send(`${urls.mcp}`, {
        from: '127.0.0.4',
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'flood', version: '1' } },
        }),
      });
    const answers = await Promise.all(Array.from({ length: MCP_SESSION_LIMITS.perAddress + 6 }, initialize));
    assert.equal(count(answers, 200), MCP_SESSION_LIMITS.perAddress);
    assert.equal(count(answers, 429), 6);
  });

  it("holds OAuth's client registrations per address across processes (the SDK's windows, in the database)", async () => {
    const register = () =>
      send(`${new URL(urls.mcp).origin}/register`, {
        from: '127.0.0.5',
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_name: 'Flood', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
      });
    const answers: Answer[] = [];
    for (let i = 0; i < 26; i++) answers.push(await register());
    assert.equal(count(answers, 201), 20);
    assert.equal(count(answers, 429), 6);
  });

  it('runs OAuth and an MCP session with every request on another process than the one before', async () => {
    const mcpOrigin = new URL(urls.mcp).origin;
    const at = (index: number, url: string) => onPort(url, port(index % 3, 'mcp'));
    const client = await (
      await fetch(at(0, `${mcpOrigin}/register`), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          client_name: 'Roaming assistant',
          redirect_uris: [REDIRECT],
          token_endpoint_auth_method: 'none',
        }),
      })
    ).json();
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(at(1, `${mcpOrigin}/authorize`));
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      scope: 'organizations.read widget_keys.read',
      resource: urls.mcp,
      state: 'roam',
    }))
      authorize.searchParams.set(k, v);
    const person = new Person();
    await person.signIn(onPort(`${urls.widgetHost}console/`, port(2, 'widgetHost')));
    const toConsent = await person.open(authorize.href);
    assert.equal(toConsent.status, 302);
    // The consent page from one process, the decision posted to another.
    const consent = await person.open(onPort(toConsent.location, port(0, 'widgetHost')));
    const request = /name="request" value="([^"]+)"/.exec(consent.text)![1];
    const decided = await person.submit(onPort(`${urls.widgetHost}console/oauth/consent`, port(1, 'widgetHost')), {
      request,
      decision: 'allow',
    });
    const code = new URL(decided.location).searchParams.get('code')!;
    const tokens = await (
      await fetch(at(2, `${mcpOrigin}/token`), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: client.client_id,
          code,
          code_verifier: verifier,
          redirect_uri: REDIRECT,
        }),
      })
    ).json();
    assert.ok(tokens.access_token, JSON.stringify(tokens));

    // Each request of the session goes to the next process.
    let sent = 0;
    const served = new Set<number>();
    const roaming: typeof fetch = (input, init) => {
      const index = sent++ % 3;
      served.add(index);
      return fetch(at(index, String(input instanceof Request ? input.url : input)), init);
    };
    const transport = new StreamableHTTPClientTransport(new URL(urls.mcp), {
      fetch: roaming,
      requestInit: { headers: { Authorization: `Bearer ${tokens.access_token}` } },
    });
    const mcp = new Client({ name: 'Roaming assistant', version: '1.0.0' });
    await mcp.connect(transport);
    const tools = await mcp.listTools();
    assert.ok(tools.tools.some((t) => t.name === 'list_widget_keys'));
    const found = await mcp.callTool({ name: 'search_properties', arguments: { query: '560102' } });
    assert.ok(!found.isError, JSON.stringify(found.content));
    const valuation = await mcp.callTool({
      name: 'get_valuation',
      arguments: { propertyId: 'hdb-560102-4-room', mode: 'sale' },
    });
    assert.ok(!valuation.isError, JSON.stringify(valuation.content));
    const keys = await mcp.callTool({ name: 'list_widget_keys', arguments: {} });
    assert.ok(!keys.isError, JSON.stringify(keys.content));
    assert.equal(served.size, 3, 'every process served part of the session');
    await transport.terminateSession();
    const ended = await fetch(at(sent, urls.mcp), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'Mcp-Session-Id': transport.sessionId ?? 'ended',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    });
    assert.equal(ended.status, 404, 'a session ended on one process is ended on all');
  });

  it('keeps console sessions and CSRF tokens in the database: signed in on one process, a form posted to another', async () => {
    const person = new Person();
    const consoleOn = (index: number) => onPort(`${urls.widgetHost}console/`, port(index, 'widgetHost'));
    await person.signIn(consoleOn(0));
    const page = await person.open(`${consoleOn(1)}widget-keys`);
    assert.equal(page.status, 200);
    const name = `Roaming ${randomUUID().slice(0, 8)}`;
    const created = await person.submit(`${consoleOn(2)}widget-keys`, { name, origins: 'https://roaming.example' });
    assert.equal(created.status, 303, created.text.slice(0, 300));
    assert.equal((await db.query('select 1 from widget_keys where name = $1', [name])).rowCount, 1);
  });

  it('makes an account through one process and its mailed link on another, and delays sign-in after five failures whichever process answers', async () => {
    const consoleOn = (index: number) => onPort(`${urls.widgetHost}console/`, port(index, 'widgetHost'));
    const email = `cluster.${randomUUID().slice(0, 8)}@example.test`;
    const password = 'tangerine-fjord-lantern-88';
    const person = new Person();
    await person.open(`${consoleOn(0)}sign-up`);
    const since = cluster.mail!.count();
    const fields = {
      name: 'Cluster Person',
      email,
      organizationName: 'Cluster Homes',
      organizationKind: 'agency',
      password,
    };
    assert.equal((await person.submit(`${consoleOn(0)}sign-up`, fields)).status, 200);
    const token = /confirm\?token=([\w-]{43})/.exec((await cluster.mail!.next(email, since, 30_000)).text)![1];
    const confirmer = new Person();
    await confirmer.open(`${consoleOn(1)}confirm?token=${token}`);
    assert.equal((await confirmer.submit(`${consoleOn(1)}confirm`, { token, password })).status, 303);
    const signIn = async (index: number, given: string) => {
      const browser = new Person();
      await browser.open(`${consoleOn(index)}sign-in`);
      return browser.submit(`${consoleOn(index)}sign-in`, { email, password: given });
    };
    for (let i = 0; i < 6; i++) assert.equal((await signIn(i % 3, `wrong-${i}-password`)).status, 400);
    const locked = await signIn(2, password);
    assert.equal(locked.status, 429, 'the sixth failure earned a wait, on every process');
    assert.match(locked.text, /try again in \d+ seconds/);
    await db.query(`delete from sign_in_failures where key like 'account:%'`);
    assert.equal((await signIn(1, password)).status, 303);
  });

  it('replays an Idempotency-Key on another process, and lets only one of two racing processes do the work', async () => {
    const body = { url: 'https://hooks.example.com/idempotent' };
    const key = randomUUID();
    const direct = (index: number) => onPort(`${urls.platform}/v1/webhooks/endpoints`, port(index, 'platform'));
    const post = (index: number, k: string) =>
      send(direct(index), {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEYS.agency}`, 'Content-Type': 'application/json', 'Idempotency-Key': k },
        body: JSON.stringify(body),
      });
    const first = await post(0, key);
    const again = await post(1, key);
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.equal(json(again).id, json(first).id);

    const raced = randomUUID();
    const answers = await Promise.all([post(1, raced), post(2, raced)]);
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => json(a).id));
    assert.equal(ids.size, 1, `one endpoint from two racing requests: ${answers.map((a) => a.status)}`);
    assert.ok(answers.every((a) => a.status === 201 || a.status === 409));
  });

  it('sends each webhook delivery exactly once with a worker in every process', async () => {
    const receiver = await startReceiver();
    try {
      const endpoint = json(
        await platform('/webhooks/endpoints', KEYS.agency, { method: 'POST', body: { url: `${receiver.base}/once` } }),
      );
      const queued = await Promise.all(
        Array.from({ length: 30 }, () =>
          platform(`/webhooks/endpoints/${endpoint.id}/test-events`, KEYS.agency, {
            method: 'POST',
            body: { type: 'widget_key.created' },
          }),
        ),
      );
      assert.equal(count(queued, 202), 30);
      await until(() => receiver.at('/once').length >= 30, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const ids = receiver.at('/once').map((r) => r.id);
      assert.equal(ids.length, 30, 'no delivery sent twice');
      assert.equal(new Set(ids).size, 30);
    } finally {
      receiver.close();
    }
  });

  it('loses nothing acknowledged when a process is killed with SIGKILL mid-load; the balancer routes around it', async () => {
    const receiver = await startReceiver();
    try {
      const endpoint = json(
        await platform('/webhooks/endpoints', KEYS.developer, {
          method: 'POST',
          body: { url: `${receiver.base}/kill` },
        }),
      );
      const acknowledged: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < 60) {
          const key = `kill-${next++}`;
          const answer = await withRetries(() =>
            platform(`/webhooks/endpoints/${endpoint.id}/test-events`, KEYS.developer, {
              method: 'POST',
              body: { type: 'widget_key.rotated' },
              headers: { 'Idempotency-Key': key },
            }),
          );
          assert.equal(answer.status, 202, answer.body.slice(0, 200));
          acknowledged.push(String(json(answer).id));
          if (acknowledged.length === 15) cluster.processes[1].child.kill('SIGKILL');
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
      assert.equal(acknowledged.length, 60);
      assert.equal(new Set(acknowledged).size, 60, 'a retried request with its key made nothing twice');
      const stored = await db.query('select id from webhook_deliveries where id = any($1)', [acknowledged]);
      assert.equal(stored.rowCount, 60, 'every acknowledged delivery is in the database');
      // A delivery the killed process had claimed is sent once its lease (30 s) ends, with the same webhook-id:
      // at least once, so the receiver counts ids.
      await until(() => new Set(receiver.at('/kill').map((r) => r.id)).size >= 60, 75_000);
      // With one process gone, the others answer every request.
      const answers = await Promise.all(Array.from({ length: 30 }, () => send(`${urls.platform}/v1`)));
      assert.equal(count(answers, 200), 30);
    } finally {
      receiver.close();
      await cluster.restart(1);
    }
  });

  it('drains a process on SIGTERM: not ready at once, in-flight and later requests all answered, exit 0', async () => {
    const victim = cluster.processes[2];
    const answers: Answer[] = [];
    let stopping = true;
    const load = (async () => {
      while (stopping)
        answers.push(...(await Promise.all(Array.from({ length: 4 }, () => send(`${urls.platform}/v1`)))));
    })();
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const exited = new Promise<number | null>((resolve) => victim.child.once('exit', (code) => resolve(code)));
      victim.child.kill('SIGTERM');
      // Not ready as soon as the signal is handled, well inside the 1.2 s drain (polled: a busy machine
      // may take a moment to deliver it).
      let ready = 200;
      for (const end = Date.now() + 1000; ready === 200 && Date.now() < end;)
        ready = (await send(`http://127.0.0.1:${victim.ports.platform}/readyz`)).status;
      assert.equal(ready, 503);
      assert.equal(await exited, 0);
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      stopping = false;
      await load;
    }
    assert.ok(answers.length > 40, `${answers.length} requests during the drain`);
    assert.deepEqual(
      answers.filter((a) => a.status !== 200).map((a) => a.status),
      [],
    );
    await cluster.restart(2);
    await stopProcess(victim.child, 'SIGTERM');
  });
});

async function until(done: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    assert.ok(Date.now() < end, 'timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
