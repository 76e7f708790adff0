/**
 * `npm run start:live` as a developer runs it: a throwaway PostgreSQL, the sample files in the official
 * formats imported as live's data, and the sandbox and live side by side, each on its own origins.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('npm run start:live', { timeout: 180_000 }, () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'service/start-live.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
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
  after(async () => {
    child.kill('SIGTERM');
    await exited;
  });

  it('imports the sample files and serves live beside the sandbox, each refusing the other’s keys', async () => {
    for (let i = 0; i < 1200 && !output.includes('Press Ctrl+C') && child.exitCode === null; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    assert.match(output, /Live's data: \d+ sample files in the official formats/, output);
    const address = (label: string) => new RegExp(`${label}:\\s+(http://\\S+)`).exec(output)?.[1] ?? '';
    const live = { widgetHost: address('Live widget host'), api: address('Live Platform API') };
    assert.ok(live.widgetHost && live.api, output);
    assert.doesNotMatch(output, /Live is not ready/);

    const ready = await fetch(new URL('/readyz', live.widgetHost));
    assert.equal(ready.status, 200);
    const root = await (await fetch(live.api)).json();
    assert.equal(root.environment, 'live');
    const crossed = await fetch(`${live.api}/organizations/current`, {
      headers: { Authorization: 'Bearer svcp_test_agency00000000000000001' },
    });
    assert.equal(crossed.status, 401);
    assert.equal((await crossed.json()).code, 'sandbox_key_in_live');
    const search = await fetch(new URL('/v1/suggestions?key=svce_test_demo0000000000000001&q=amk', live.widgetHost), {
      headers: { Origin: 'http://localhost:5173' },
    });
    assert.equal(search.status, 401);
    assert.match((await search.json()).message, /sandbox widget key/);

    child.kill('SIGTERM');
    assert.equal(await exited, 0, output);
  });
});
