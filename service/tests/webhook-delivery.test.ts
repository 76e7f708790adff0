/**
 * Webhook deliveries end to end, on PGlite and PostgreSQL, to a real receiver on loopback that
 * verifies every request with the standardwebhooks package: a change in the console's stores becomes
 * an outbox event, the fan-out makes one delivery per subscribed endpoint, the sender signs and posts
 * it. A 500 is tried again on the schedule with the same webhook-id; a redirect is a failure; a 410
 * disables the endpoint (in the audit log); two senders racing never send one attempt twice. One
 * receiver's trouble stays its own: endpoints that never answer hold up no one else's deliveries and
 * take a few slots each; an answer of any bytes is kept as evidence; a replay keeps the schedule; a
 * receiver's Retry-After is capped; every rotated secret signs for its own 24 hours.
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
import { createWorkerRunner } from '../workers/runner.js';
import { webhookSender } from '../workers/webhook-sender.js';
import { createDeliveryLog } from '../core/webhooks/delivery-log.js';
import { PER_ENDPOINT_IN_FLIGHT } from '../core/webhooks/deliveries.js';
import { MAX_ENDPOINTS } from '../core/webhooks/endpoint-store.js';
import { SENDER_SLOTS } from '../workers/webhook-sender.js';
import { type Answer, startReceiver } from './webhook-receiver.js';

/** The sandbox operator's allowance for this test's receiver (WEBHOOK_ALLOW_HOSTS=127.0.0.1). */
const LOOPBACK_ALLOWED = { allowHosts: new Set(['127.0.0.1']) };

onEachEngine('webhook deliveries', (database) => {
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
  async function endpointAt(path: string, statuses: Answer[] = [200], eventTypes: string[] = []) {
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
  const change = (
    org: string,
    action: 'widget_key.created' | 'widget_key.revoked' = 'widget_key.created',
    target = 'wk_x',
  ) =>
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
    assert.equal(await sender.sendDue(now), 1);
    const [got] = at('/all');
    assert.equal(got.verifiedBy.length, 1);
    assert.match(got.id, /^msg_[0-9a-f]{32}$/);
    assert.deepEqual(Object.keys(got.body).sort(), ['data', 'timestamp', 'type']);
    assert.equal(got.body.type, 'widget_key.created');
    assert.equal(at('/picky').length, 0);
    assert.equal(await sender.sendDue(now), 0, 'nothing left');
  });

  it('tries a 500 again on the schedule with the same webhook-id, and keeps each attempt', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const { org } = await endpointAt('/flaky', [500, 200]);
    await change(org);
    await drain();
    await sender.sendDue(now);
    assert.equal(await sender.sendDue(now), 0, 'not due before its 5 s');
    now = new Date(now.getTime() + 5000);
    await sender.sendDue(now);
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
    await sender.sendDue(now);
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
    await sender.sendDue(now);
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
    await sender.sendDue(now);
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
    while ((await Promise.all([mine.sendDue(now), other.sendDue(now)])).some((n) => n > 0));
    const ids = at('/busy').map((r) => r.id);
    assert.equal(ids.length, 30);
    assert.equal(new Set(ids).size, 30);
    assert.ok(at('/busy').every((r) => r.verifiedBy.length === 1));
  });

  /** Waits for `check`, failing after `ms` with `what`. */
  const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 20_000) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) assert.fail(`waited ${ms / 1000} s for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const deliveryOf = async (endpointId: string) =>
    (
      await db.query<{ id: string; status: string; next_attempt_at: Date; attempts: number }>(
        'select id, status, next_attempt_at, attempts from webhook_deliveries where endpoint_id = $1 order by created_at',
        [endpointId],
      )
    )[0];

  it("delivers another organization's change while 20 endpoints hang, and takes a few at a time per endpoint", async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    assert.ok(
      MAX_ENDPOINTS * PER_ENDPOINT_IN_FLIGHT < SENDER_SLOTS,
      "one organization's endpoints never fill a sender",
    );
    now = new Date(Date.now() + 1000);
    const hanging = await endpointAt('/hang/0', ['never']);
    for (let i = 1; i < 20; i++) {
      const { id } = await endpointAt(`/hang/${i}`, ['never']);
      await db.query('update webhook_endpoints set organization_id = $1 where id = $2', [hanging.org, id]);
    }
    const one = await endpointAt('/hang-one', ['never']);
    const healthy = await endpointAt('/healthy');
    await change(hanging.org);
    for (let i = 0; i < 10; i++) await change(one.org, 'widget_key.created', `wk_one_${i}`);
    await drain();
    // Never-answering receivers hold their requests for the whole minute: only the sender's pool frees anyone.
    const patient = webhookSender({ deliveries, endpoints, clock, timeoutMs: 60_000, policy: LOOPBACK_ALLOWED });
    const runner = createWorkerRunner({ workers: [{ ...patient, idleMs: 20 }], clock });
    runner.start();
    try {
      await until(() => receiver.holding('/hang/') === 20, '20 hanging requests');
      await until(() => receiver.holding('/hang-one') === PER_ENDPOINT_IN_FLIGHT, 'the hang-one endpoint');
      await change(healthy.org);
      await drain();
      await until(() => at('/healthy').length === 1, 'the healthy delivery while the others hang');
      assert.equal(receiver.holding('/hang/'), 20, 'the others still hang');
      assert.equal(receiver.holding('/hang-one'), PER_ENDPOINT_IN_FLIGHT, `${PER_ENDPOINT_IN_FLIGHT} at a time`);
      const another = webhookSender({ deliveries, endpoints, clock, policy: LOOPBACK_ALLOWED });
      assert.equal(await another.sendDue(now), 0, 'the cap holds across senders');
    } finally {
      for (const path of [...receiver.answers.keys()].filter((p) => p.startsWith('/hang')))
        receiver.answers.set(path, [200]);
      receiver.drop('/hang');
      await runner.stop();
      // The tests after this record changes at the database's own time, which fan out only once the test's
      // clock has reached it: a minute ahead again, as before() put it (1 s ahead lost the race on a busy machine).
      now = new Date(Date.now() + 60_000);
    }
  });

  it('keeps any answer as evidence, NUL bytes and all, and settles the delivery', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const body = 'ok\u0000 and more \u0000';
    const ok = await endpointAt('/nul-ok', [{ status: 200, body }]);
    const failing = await endpointAt('/nul-500', [{ status: 500, body }]);
    await change(ok.org);
    await change(failing.org);
    await drain();
    await sender.sendDue(now);
    const log = createDeliveryLog(db);
    const succeeded = await log.get(ok.org, (await deliveryOf(ok.id)).id);
    assert.equal(succeeded?.status, 'succeeded');
    assert.equal(succeeded?.attempts?.[0].response?.body, body);
    const retried = await log.get(failing.org, (await deliveryOf(failing.id)).id);
    assert.equal(retried?.status, 'pending', 'to be tried again, not stuck sending');
    assert.equal(retried?.attempts?.[0].response?.body, body);
  });

  it('resumes the schedule when a replay of a delivery still in it fails', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const { org, id } = await endpointAt('/replayed', [500]);
    await change(org);
    await drain();
    await sender.sendDue(now);
    const scheduled = await deliveryOf(id);
    assert.equal(scheduled.status, 'pending');
    assert.equal(new Date(scheduled.next_attempt_at).getTime() - now.getTime(), 5000, 'the schedule: 5 s');
    assert.deepEqual(await deliveries.replay(scheduled.id, now), { queued: true });
    await sender.sendDue(now);
    const after = await deliveryOf(id);
    assert.equal(after.status, 'pending', 'still in its schedule');
    assert.equal(after.attempts, 2);
    assert.equal(new Date(after.next_attempt_at).getTime(), new Date(scheduled.next_attempt_at).getTime());
    now = new Date(now.getTime() + 5000);
    while ((await sender.sendDue(now)) > 0); // earlier tests' retries fall due at the same moment
    const third = await deliveryOf(id);
    assert.equal(
      new Date(third.next_attempt_at).getTime() - now.getTime(),
      300_000,
      'the schedule goes on from its second step, not shifted by the replay',
    );
  });

  it("caps a receiver's Retry-After at the schedule's next step", async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const { org, id } = await endpointAt('/later', [
      { status: 503, headers: { 'Retry-After': 'Fri, 01 Nov 2058 00:00:00 GMT' } },
    ]);
    await change(org);
    await drain();
    await sender.sendDue(now);
    const row = await deliveryOf(id);
    assert.equal(new Date(row.next_attempt_at).getTime() - now.getTime(), 300_000, '5 min, not 2058');
  });

  it('signs with every secret rotated out in the last 24 hours, two rotations included', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const { org, id, secret: original } = await endpointAt('/rotated');
    const actor = { userId: 'usr_siti', organizationId: org };
    const signingAt = now;
    now = new Date(signingAt.getTime() - 3_600_000);
    const second = (await endpoints.rotate(actor, id))!;
    now = signingAt; // an hour later (receivers refuse a timestamp 5 minutes away from their clock)
    const third = (await endpoints.rotate(actor, id))!;
    receiver.secrets.set('/rotated', [original, second.secret, third.secret]);
    await change(org);
    await drain();
    await sender.sendDue(now);
    const [got] = at('/rotated');
    assert.deepEqual(got.verifiedBy.sort(), [original, second.secret, third.secret].sort());
    now = new Date(now.getTime() + 23.5 * 3_600_000);
    assert.equal((await endpoints.secrets(id)).length, 2, 'the original ends 24 h after its own rotation');
  });
});
