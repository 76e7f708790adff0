/**
 * Webhook deliveries end to end, on PGlite and PostgreSQL, to a real receiver on loopback that
 * verifies every request with the standardwebhooks package: a change in the console's stores becomes
 * an outbox event, the fan-out makes one delivery per subscribed endpoint, the sender signs and posts
 * it. A 500 is tried again on the schedule with the same webhook-id; a redirect is a failure; a 410
 * disables the endpoint (in the audit log); two senders racing never send one attempt twice.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, it } from 'node:test';
import { createOutbox } from '../core/events/outbox.js';
import { recordChange } from '../core/events/record-change.js';
import { createDeliveries } from '../core/webhooks/deliveries.js';
import { createWebhookEndpoints } from '../core/webhooks/endpoint-store.js';
import { createSecretBox } from '../core/webhooks/secret-box.js';
import type { Database } from '../db/database.js';
import { onEachEngine } from '../sandbox/test-engines.js';
import { outboxWorker } from '../workers/outbox-worker.js';
import { webhookSender } from '../workers/webhook-sender.js';
import { startReceiver } from './webhook-receiver.js';

/** The sandbox operator's allowance for this test's receiver (WEBHOOK_ALLOW_HOSTS=127.0.0.1). */
const LOOPBACK_ALLOWED = { allowHosts: new Set(['127.0.0.1']) };

onEachEngine('webhook deliveries', 5498, (database) => {
  let db: Database;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  // Ahead of the database's own clock, which stamps new events and deliveries as available now; set
  // when this engine's suite starts (the PostgreSQL one runs after the whole PGlite one).
  let now: Date;
  const clock = () => now;
  const box = createSecretBox(randomBytes(32));
  let endpoints: ReturnType<typeof createWebhookEndpoints>;
  let deliveries: ReturnType<typeof createDeliveries>;
  let fanOut: ReturnType<typeof outboxWorker>;
  let sender: ReturnType<typeof webhookSender>;
  let organization = 0;

  before(async () => {
    db = database()!;
    if (!db) return;
    now = new Date(Date.now() + 60_000);
    receiver = await startReceiver();
    endpoints = createWebhookEndpoints(db, box, clock);
    deliveries = createDeliveries(db);
    fanOut = outboxWorker({
      name: 'webhook-fan-out',
      outbox: createOutbox(db),
      handle: async (event) => void (await deliveries.fanOut(event)),
      clock,
    });
    sender = webhookSender({ deliveries, endpoints, clock, timeoutMs: 2000, policy: LOOPBACK_ALLOWED });
  });
  after(() => receiver?.close());

  /** A fresh organization with an endpoint at `path` answering `statuses` in turn. */
  async function endpointAt(path: string, statuses: number[] = [200], eventTypes: string[] = []) {
    const org = `org_hooks_${++organization}_${randomBytes(3).toString('hex')}`;
    await db.query(`insert into organizations (id, name, kind) values ($1, 'Hooks', 'agency')`, [org]);
    const { id, secret } = (await endpoints.create({
      organizationId: org,
      url: `${receiver.base}${path}`,
      eventTypes,
    }))!;
    receiver.secrets.set(path, [secret]);
    receiver.answers.set(path, statuses);
    return { org, id, secret };
  }
  const change = (org: string, action = 'widget_key.created', target = 'wk_x') =>
    db.transaction((tx) =>
      recordChange(tx, { userId: 'usr_siti', organizationId: org }, action, target, { name: 'Shop' }),
    );
  const drain = async () => {
    while ((await fanOut.run(now)) > 0);
    const [failed] = await db.query<{ last_error: string }>(
      `select last_error from outbox where last_error is not null and processed_at is null limit 1`,
    );
    assert.equal(failed?.last_error, undefined, 'every event fanned out');
  };
  const at = (path: string) => receiver.at(path);

  it('delivers a change once, signed as Standard Webhooks verifies, only to endpoints that take its type', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const { org } = await endpointAt('/all');
    const picky = await endpointAt('/picky', [200], ['widget_key.revoked']);
    await db.query('update webhook_endpoints set organization_id = $1 where id = $2', [org, picky.id]);
    await change(org);
    await drain();
    await drain(); // a second fan-out of the same event makes nothing new
    assert.equal(await sender.run(now), 1);
    const [got] = at('/all');
    assert.equal(got.verifiedBy.length, 1);
    assert.match(got.id, /^msg_[0-9a-f]{32}$/);
    assert.deepEqual(Object.keys(got.body).sort(), ['data', 'timestamp', 'type']);
    assert.equal(got.body.type, 'widget_key.created');
    assert.equal(at('/picky').length, 0);
    assert.equal(await sender.run(now), 0, 'nothing left');
  });

  it('tries a 500 again on the schedule with the same webhook-id, and keeps each attempt', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const { org } = await endpointAt('/flaky', [500, 200]);
    await change(org);
    await drain();
    await sender.run(now);
    assert.equal(await sender.run(now), 0, 'not due before its 5 s');
    now = new Date(now.getTime() + 5000);
    await sender.run(now);
    const [first, second] = at('/flaky');
    assert.equal(first.id, second.id);
    assert.equal(second.verifiedBy.length, 1);
    const [delivery] = await db.query<{ status: string; attempts: number }>(
      `select status, attempts from webhook_deliveries where id = $1`,
      [first.id],
    );
    assert.deepEqual(delivery, { status: 'succeeded', attempts: 2 });
    const attempts = await db.query<{ status_code: number }>(
      'select status_code from webhook_attempts where delivery_id = $1 order by id',
      [first.id],
    );
    assert.deepEqual(
      attempts.map((a) => a.status_code),
      [500, 200],
    );
  });

  it('takes a redirect as a failure, never following it', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const { org } = await endpointAt('/moved', [302]);
    await change(org);
    await drain();
    await sender.run(now);
    const [row] = await db.query<{ status: string }>(
      `select d.status from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.organization_id = $1`,
      [org],
    );
    assert.equal(row.status, 'pending', 'to be tried again');
    assert.equal(at('/moved').length, 1);
  });

  it('disables an endpoint that answers 410, with an audit entry, and sends it nothing more', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const { org, id } = await endpointAt('/gone', [410]);
    await change(org);
    await change(org, 'widget_key.revoked');
    await drain();
    await sender.run(now);
    const [endpoint] = await db.query<{ enabled: boolean; disabled_reason: string }>(
      'select enabled, disabled_reason from webhook_endpoints where id = $1',
      [id],
    );
    assert.deepEqual(endpoint, { enabled: false, disabled_reason: 'The endpoint answered 410 Gone.' });
    const audit = await db.query<{ action: string }>(
      `select action from audit_log where organization_id = $1 and target = $2 order by id`,
      [org, id],
    );
    assert.deepEqual(
      audit.map((a) => a.action),
      ['webhook_endpoint.created', 'webhook_endpoint.disabled'],
    );
    const sent = at('/gone').length;
    now = new Date(now.getTime() + 3_600_000);
    await sender.run(now);
    assert.equal(at('/gone').length, sent, 'a disabled endpoint gets nothing');
  });

  it('never sends one attempt twice when two senders race for 30 deliveries', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    now = new Date(Date.now() + 1000); // signed now: receivers refuse timestamps 5 minutes away
    const { org } = await endpointAt('/busy');
    for (let i = 0; i < 30; i++) await change(org, 'widget_key.created', `wk_${i}`);
    await drain();
    const other = webhookSender({ deliveries, endpoints, clock, timeoutMs: 2000, batch: 4, policy: LOOPBACK_ALLOWED });
    const mine = webhookSender({ deliveries, endpoints, clock, timeoutMs: 2000, batch: 4, policy: LOOPBACK_ALLOWED });
    while ((await Promise.all([mine.run(now), other.run(now)])).some((n) => n > 0));
    const ids = at('/busy').map((r) => r.id);
    assert.equal(ids.length, 30);
    assert.equal(new Set(ids).size, 30);
    assert.ok(at('/busy').every((r) => r.verifiedBy.length === 1));
  });
});
