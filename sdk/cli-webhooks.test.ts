/**
 * The CLI's webhook commands against a sandbox on loopback (PGlite, the real sender): an endpoint
 * made and its secret printed once, a test event and its delivery read back, and `webhooks listen`
 * passing a delivery on to a local URL with its signature intact, then deleting its endpoint.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { startService, type StartedService } from '../service/servers/start-service.js';
import { startReceiver } from '../service/tests/webhook-receiver.js';
import { webhookSender } from '../service/workers/webhook-sender.js';
import { explain, run } from './cli.js';

const KEY = 'svcp_test_agency00000000000000001';

describe('the CLI webhook commands', () => {
  const services: StartedService[] = [];
  let env: NodeJS.ProcessEnv;
  let strictEnv: NodeJS.ProcessEnv;
  let target: Awaited<ReturnType<typeof startReceiver>>;
  let send: () => Promise<void>;

  before(async () => {
    target = await startReceiver();
    const secretsKey = randomBytes(32);
    const open = await startService({
      origins: { platform: 0 },
      settings: { secretsKey, addresses: { allowHosts: new Set(['127.0.0.1']) } },
    });
    // The same database behind a sandbox whose operator allows no loopback host.
    const strict = await startService({ database: open.db, origins: { platform: 0 }, settings: { secretsKey } });
    services.push(strict, open);
    const { webhooks } = open.services;
    const sender = webhookSender({
      deliveries: webhooks.deliveries,
      endpoints: webhooks.endpoints,
      policy: webhooks.policy,
    });
    send = async () => {
      while ((await sender.sendDue(new Date())) > 0);
    };
    env = { SERVICE_API_KEY: KEY, SERVICE_BASE_URL: open.services.links.apiBase };
    strictEnv = { SERVICE_API_KEY: KEY, SERVICE_BASE_URL: strict.services.links.apiBase };
  });
  after(async () => {
    for (const service of services) await service.stop(); // the strict one first: the open one closes the database
    target?.close();
  });

  const cli = async (args: string[], use = env) => {
    const lines: string[] = [];
    const status = await run(args, use, (text) => lines.push(text));
    return { status, text: lines.join('\n') };
  };

  it('makes an endpoint, sends it a test event and reads the delivery back', async () => {
    const made = await cli([
      'webhooks',
      'create',
      '--url',
      `${target.base}/cli`,
      '--events',
      'widget_key.revoked',
      '--json',
    ]);
    const endpoint = JSON.parse(made.text);
    assert.match(endpoint.secret, /^whsec_/);
    target.secrets.set('/cli', [endpoint.secret]);
    const test = await cli(['webhooks', 'test', endpoint.id, '--type', 'widget_key.revoked']);
    const deliveryId = /Queued widget_key\.revoked as (msg_[0-9a-f]+)/.exec(test.text)![1];
    await send();
    assert.equal(target.at('/cli')[0].verifiedBy.length, 1);
    const read = await cli(['webhooks', 'delivery', deliveryId]);
    assert.match(read.text, /succeeded[\s\S]*scheduled .* answered 200/);
    const wrong = await cli(['webhooks', 'test', endpoint.id, '--type', 'no.such']).catch((error) => explain(error));
    assert.equal((wrong as { status: number }).status, 1);
    assert.match((wrong as { line: string }).line, /invalid_request/);
  });

  it('listens: passes a delivery on with its signature, then deletes its endpoint', async () => {
    const stop = new AbortController();
    const lines: string[] = [];
    const listening = run(
      ['webhooks', 'listen', '--forward-to', `${target.base}/forwarded`],
      env,
      (t) => lines.push(t),
      stop.signal,
    );
    let endpointId: string | undefined;
    try {
      await waitFor(() => lines.some((l) => l.startsWith('Ready')));
      endpointId = /endpoint (we_[0-9a-f]+)/.exec(lines[0])![1];
      const secret = /secret: (whsec_\S+)/.exec(lines[1])![1];
      await cli(['webhooks', 'test', endpointId, '--type', 'platform_key.created']);
      await send();
      await waitFor(() => lines.some((l) => l.includes('platform_key.created') && l.endsWith('→ 200')));
      const [got] = target.at('/forwarded');
      assert.equal(got.body.type, 'platform_key.created');
      // The headers exactly as forwarded: a timestamp of our own would fail whenever a second ticks between.
      const signed = { 'webhook-id': got.id, 'webhook-timestamp': got.timestamp, 'webhook-signature': got.signature };
      assert.doesNotThrow(() => new Webhook(secret).verify(got.raw, signed), 'verifies with the printed secret');
    } finally {
      // Stopped even when an assertion fails: a listener left open keeps the test process alive.
      stop.abort();
    }
    assert.equal(await listening, 0);
    assert.match(lines.at(-1)!, /deleted/);
    const [row] = await services[1]!.db.query('select id from webhook_endpoints where id = $1', [endpointId]);
    assert.equal(row, undefined);
  });

  it('says how to let the sandbox reach this machine when it refuses loopback', async () => {
    await assert.rejects(
      run(['webhooks', 'listen', '--forward-to', `${target.base}/x`], strictEnv, () => undefined, AbortSignal.abort()),
      /WEBHOOK_ALLOW_HOSTS=127\.0\.0\.1/,
    );
  });
});

async function waitFor(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
