/**
 * Deliveries never reach this machine or a private network unless the sandbox's operator allows the
 * host. End to end only with loopback forms, so that a failing check still sends nothing off this
 * machine: 127.0.0.1, [::1], [::ffff:127.0.0.1], 2130706433, localhost and a name that resolves to
 * loopback (a resolver that answers as a rebinding DNS would: the name passes registration and is
 * refused when it connects). Private, link-local and metadata addresses are tested on the address
 * check alone, never by a request.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns';
import { after, before, describe, it } from 'node:test';
import { isReservedAddress, policyFromEnv } from '../core/webhooks/address-guard.js';
import { environmentPolicy } from '../core/services/environment-policy.js';
import { checkEndpointUrl } from '../core/webhooks/endpoint-url.js';
import { createSecretBox } from '../core/webhooks/secret-box.js';
import { createWebhookService, type WebhookService } from '../core/webhooks/webhook-service.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../sandbox/seed.js';
import { webhookSender } from '../workers/webhook-sender.js';
import { startReceiver } from './webhook-receiver.js';

/** A resolver for which rebind.example is this machine, as a DNS rebinding attack answers at send time. */
const rebindingLookup = ((hostname: string, options: object, callback: (...args: unknown[]) => void) =>
  hostname === 'rebind.example'
    ? callback(null, [{ address: '127.0.0.1', family: 4 }])
    : lookup(hostname, options, callback as never)) as typeof lookup;
const NOBODY_ALLOWED = { ...policyFromEnv(''), lookup: rebindingLookup };

describe('where webhooks may go', () => {
  let db: Database;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let webhooks: WebhookService;

  before(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
    await seed(db);
    receiver = await startReceiver();
    webhooks = createWebhookService(db, createSecretBox(randomBytes(32)), { policy: NOBODY_ALLOWED });
  });
  after(async () => {
    receiver?.close();
    await db?.close();
  });

  const port = () => new URL(receiver.base).port;
  const loopbackForms = () => [
    `http://127.0.0.1:${port()}/a`,
    `http://[::1]:${port()}/b`,
    `http://[::ffff:127.0.0.1]:${port()}/c`,
    `http://2130706433:${port()}/d`,
    `http://localhost:${port()}/e`,
    `http://rebind.example:${port()}/f`,
  ];

  it('refuses every loopback spelling written into a URL at registration', () => {
    for (const url of loopbackForms().slice(0, 5)) {
      const checked = checkEndpointUrl(url, NOBODY_ALLOWED);
      assert.ok('problem' in checked, url);
      assert.match(checked.problem, /reserved address|this machine/);
    }
    assert.ok('url' in checkEndpointUrl(loopbackForms()[5], NOBODY_ALLOWED), 'a name is checked when it connects');
  });

  it('refuses a fully qualified localhost (a trailing dot) and port 0 at registration', () => {
    for (const url of [
      `http://localhost.:${port()}/g`,
      `http://LOCALHOST..:${port()}/h`,
      `http://hooks.localhost.:${port()}/i`,
    ]) {
      const checked = checkEndpointUrl(url, NOBODY_ALLOWED);
      assert.ok('problem' in checked, url);
      assert.match(checked.problem, /this machine/);
    }
    const portZero = checkEndpointUrl('https://hooks.example.sg:0/service', NOBODY_ALLOWED);
    assert.deepEqual(portZero, { problem: 'must not use port 0: no receiver listens there' });
  });

  it('sends nothing to loopback in any spelling, refusing on the address connected to', async () => {
    const sent = receiver.received.length;
    const ids: string[] = [];
    for (const url of loopbackForms()) {
      // Stored directly, as if a URL had passed registration and its name later resolved to loopback.
      const endpoint = (await webhooks.endpoints.create({ organizationId: 'org_lionrealty', url }))!;
      ids.push(await webhooks.deliveries.queueTest(endpoint.id, 'widget_key.created', new Date()));
    }
    const sender = webhookSender({
      deliveries: webhooks.deliveries,
      endpoints: webhooks.endpoints,
      policy: NOBODY_ALLOWED,
      timeoutMs: 1500,
    });
    while ((await sender.sendDue(new Date())) > 0);
    assert.equal(receiver.received.length, sent, 'the receiver got nothing');
    for (const id of ids) {
      const delivery = (await webhooks.log.get('org_lionrealty', id))!;
      assert.equal(delivery.attempts!.length, 1);
      assert.match(delivery.attempts![0].error ?? '', /^refused: /, delivery.attempts![0].request.url);
      assert.equal(delivery.attempts![0].response, null);
    }
  });

  it('sends to a loopback host the operator allows by name, and to no other', async () => {
    const allowed = policyFromEnv(' 127.0.0.1 ');
    assert.ok('url' in checkEndpointUrl(`http://127.0.0.1:${port()}/ok`, allowed));
    assert.ok('problem' in checkEndpointUrl(`http://[::1]:${port()}/ok`, allowed));
    const endpoint = (await webhooks.endpoints.create({
      organizationId: 'org_lionrealty',
      url: `http://127.0.0.1:${port()}/ok`,
    }))!;
    await webhooks.deliveries.queueTest(endpoint.id, 'widget_key.created', new Date());
    const sender = webhookSender({ deliveries: webhooks.deliveries, endpoints: webhooks.endpoints, policy: allowed });
    while ((await sender.sendDue(new Date())) > 0);
    assert.equal(receiver.at('/ok').length, 1);
  });

  it('knows private, link-local, CGNAT, metadata and other reserved addresses without sending anything', () => {
    for (const address of [
      '10.0.0.1',
      '192.168.1.1',
      '172.16.5.4',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::',
      '::1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '::127.0.0.1',
      '::7f00:1',
      'fec0::1',
      'not an address',
    ])
      assert.equal(isReservedAddress(address), true, address);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      assert.equal(isReservedAddress(address), false, address);
  });

  it('asks for https only in live, and never takes credentials or over-long URLs', () => {
    const [live, sandbox] = (['live', 'sandbox'] as const).map((name) =>
      environmentPolicy(name, { addresses: NOBODY_ALLOWED }),
    );
    assert.ok('problem' in checkEndpointUrl('http://hooks.example.sg/x', NOBODY_ALLOWED, live.webhookSchemes));
    assert.ok('url' in checkEndpointUrl('https://hooks.example.sg/x', NOBODY_ALLOWED, live.webhookSchemes));
    assert.ok('url' in checkEndpointUrl('http://hooks.example.sg/x', NOBODY_ALLOWED, sandbox.webhookSchemes));
    assert.ok('problem' in checkEndpointUrl('https://a:b@hooks.example.sg/x', NOBODY_ALLOWED));
    assert.ok('problem' in checkEndpointUrl(`https://hooks.example.sg/${'x'.repeat(2048)}`, NOBODY_ALLOWED));
    assert.ok('problem' in checkEndpointUrl('javascript:alert(1)', NOBODY_ALLOWED));
  });
});
