/**
 * `npm run start:live` as a developer runs it: a development PostgreSQL kept in a folder of its own, the
 * sample files in the official formats imported as live's data, and the sandbox and live side by side,
 * each on its own origins. The sandbox delivers a test event to a receiver on this machine (the
 * checklist's step), and what was made survives a restart; `--fresh` starts clean.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { rawMcpClient } from './mcp-raw-client.js';
import { startReceiver } from './webhook-receiver.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const AGENCY = 'svcp_test_agency00000000000000001';
const folder = mkdtempSync(join(tmpdir(), 'start-live-'));
after(() => rmSync(folder, { recursive: true, force: true }));

/** start:live running until `stop`, once its banner is printed: its output and a label's address. */
async function startLive(args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'service/start-live.ts', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      // With live served, passwords are hashed at production cost: start.ts refuses the test run's.
      SERVICE_PASSWORD_COST: '',
      LIVE_DATA_DIR: folder,
      DEMO_PORT: 'off',
      MAIL_INBOX_PORT: '0',
      ...Object.fromEntries(
        ['WIDGET_HOST', 'PLATFORM', 'MCP', 'LIVE_WIDGET_HOST', 'LIVE_PLATFORM', 'LIVE_MCP'].map((name) => [
          `${name}_PORT`,
          '0',
        ]),
      ),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  for (let i = 0; i < 1200 && !output.includes('Press Ctrl+C') && child.exitCode === null; i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const address = (label: string) => new RegExp(`${label}:\\s+(http://\\S+)`).exec(output)?.[1] ?? '';
  return {
    output: () => output,
    address,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

const call = (base: string, path: string, init: RequestInit = {}) =>
  fetch(`${base}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${AGENCY}`, 'Content-Type': 'application/json', ...init.headers },
  });

describe('npm run start:live', { timeout: 300_000 }, () => {
  it('imports the sample files and serves live beside the sandbox, each refusing the other’s keys', async () => {
    const started = await startLive();
    try {
      const output = started.output();
      assert.match(output, /Live's data: \d+ sample files in the official formats/, output);
      assert.match(
        output,
        /Development server:\s+PostgreSQL in .*, kept across restarts \(npm run start:live -- --fresh/,
      );
      assert.match(output, /Webhooks:\s+the sandbox delivers to this machine .*; live never does/);
      const live = { widgetHost: started.address('Live widget host'), api: started.address('Live Platform API') };
      assert.ok(live.widgetHost && live.api, output);
      assert.doesNotMatch(output, /Live is not ready|already executing a query/);

      const ready = await fetch(new URL('/readyz', live.widgetHost));
      assert.equal(ready.status, 200);
      const root = await (await fetch(live.api)).json();
      assert.equal(root.environment, 'live');
      const crossed = await call(live.api, '/organizations/current');
      assert.equal(crossed.status, 401);
      assert.equal((await crossed.json()).code, 'sandbox_key_in_live');
      const search = await fetch(new URL('/v1/suggestions?key=svce_test_demo0000000000000001&q=amk', live.widgetHost), {
        headers: { Origin: 'http://localhost:5173' },
      });
      assert.equal(search.status, 401);
      assert.match((await search.json()).message, /sandbox widget key/);

      // The sample files are generated figures: live values them, credits no publisher, and says so.
      const mcp = rawMcpClient(() => started.address('Live MCP endpoint'));
      const found = await mcp.resultOf(await mcp.callTool('search_properties', undefined, { query: 'ang mo kio' }));
      const id = (found.structuredContent as { data: { id: string }[] }).data[0]!.id;
      const valued = await mcp.resultOf(await mcp.callTool('get_valuation', undefined, { propertyId: id }));
      const estimate = valued.structuredContent as { attribution: { sources?: unknown[] }; disclaimer: string };
      assert.equal(estimate.attribution.sources, undefined, 'no publisher credited for generated figures');
      assert.match(estimate.disclaimer, /fictional/);
      assert.doesNotMatch(valued.content[0]!.text, /data\.gov\.sg|Open Data Licence|Urban Redevelopment/);
    } finally {
      assert.equal(await started.stop(), 0, started.output());
    }
  });

  it('delivers the sandbox’s test event to a receiver on this machine, and keeps it across a restart until --fresh', async () => {
    const receiver = await startReceiver();
    try {
      const first = await startLive();
      const sandboxApi = first.address('Platform API');
      const made = await call(sandboxApi, '/webhooks/endpoints', {
        method: 'POST',
        body: JSON.stringify({ url: `${receiver.base}/checklist`, events: ['listing.created'] }),
      });
      assert.equal(made.status, 201, await made.clone().text());
      const endpoint = (await made.json()) as { id: string };
      const sent = await call(sandboxApi, `/webhooks/endpoints/${endpoint.id}/test-events`, {
        method: 'POST',
        body: JSON.stringify({ type: 'listing.created' }),
      });
      assert.ok(sent.status < 300, await sent.text());
      for (let i = 0; i < 100 && !receiver.at('/checklist').length; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(receiver.at('/checklist').length, 1, 'the test event reached the receiver on loopback');
      assert.equal(await first.stop(), 0);

      const again = await startLive();
      const listed = await (await call(again.address('Platform API'), '/webhooks/endpoints')).json();
      assert.ok(
        listed.data.some((e: { id: string }) => e.id === endpoint.id),
        'the endpoint made before the restart is there',
      );
      assert.equal(await again.stop(), 0);

      const clean = await startLive(['--fresh']);
      const fresh = await (await call(clean.address('Platform API'), '/webhooks/endpoints')).json();
      assert.ok(!fresh.data.some((e: { id: string }) => e.id === endpoint.id), '--fresh starts clean');
      assert.equal(await clean.stop(), 0);
    } finally {
      receiver.server.close();
    }
  });
});
