/**
 * The Platform API's webhook area over real HTTP, on PGlite, with a real receiver on loopback that
 * verifies with the standardwebhooks package: endpoints made, changed, rotated and deleted with
 * Idempotency-Key; test events with evidence; a replay that keeps the webhook-id; a bulk replay of an
 * endpoint's failures; the retry schedule on a fake clock; hostile bodies; and deliveries refused to
 * loopback in every spelling unless the operator allows the host. Nothing is sent off this machine.
 */
import { sandboxEngineData } from '../sandbox/sandbox-homes.js';
import assert from 'node:assert/strict';
import contract from '../../contract/platform.openapi.json' with { type: 'json' };
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { createOutbox } from '../core/events/outbox.js';
import { recordChange, serviceActor } from '../core/events/record-change.js';
import { RETRY_SCHEDULE_MS } from '../core/webhooks/retry-schedule.js';
import type { WebhookService } from '../core/webhooks/webhook-service.js';
import type { Database } from '../db/database.js';
import { platformSandbox } from './platform-sandbox.js';
import { validatorFor } from '../web/platform-contract.js';
import { outboxWorker } from '../workers/outbox-worker.js';
import { webhookSender } from '../workers/webhook-sender.js';
import { startReceiver } from './webhook-receiver.js';
import { whereSecretsRest } from './secrets-at-rest.js';
import { createMembers } from '../core/organizations/members.js';
import { recordQuotaReached } from '../core/keys/quota-reached.js';
import { databaseWidgetKeys } from '../core/keys/widget-keys.js';
import { databaseMeter } from '../core/metering/daily-meter.js';
import { createWidgetHost } from '../surfaces/widget-host/host.js';

const AGENCY = 'svcp_test_agency00000000000000001';
const PARTNER = 'svcp_test_partner000000000000003'; // no webhooks scopes
let db: Database;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let webhooks: WebhookService;
let send: ReturnType<typeof webhookSender>;

const { call, base: apiBase } = platformSandbox(AGENCY, {
  // The sandbox's operator allows the test's receiver by its address, as WEBHOOK_ALLOW_HOSTS would.
  settings: { addresses: { allowHosts: new Set(['127.0.0.1']) } },
  async prepare({ services }) {
    ({ db, webhooks } = services);
    receiver = await startReceiver();
    send = webhookSender({
      deliveries: webhooks.deliveries,
      endpoints: webhooks.endpoints,
      policy: webhooks.policy,
      timeoutMs: 1500,
    });
  },
});
after(() => receiver?.close());

const conforms = (schema: string, body: unknown) => {
  const validate = validatorFor(`#/components/schemas/${schema}`);
  assert.ok(validate(body), `${schema}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
};
const drainSender = async (now = new Date()) => {
  while ((await send.sendDue(now)) > 0);
};
async function endpointAt(path: string, extra: Record<string, unknown> = {}) {
  const created = await call('POST', '/webhooks/endpoints', { url: `${receiver.base}${path}`, ...extra });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  receiver.secrets.set(path, [created.body.secret]);
  return created.body as { id: string; secret: string };
}

describe('webhook endpoints through the Platform API', () => {
  it("describes every event type in the contract's webhooks object, each example valid against its schema", () => {
    const events = Object.keys(contract.webhooks);
    assert.deepEqual(events, contract.components.schemas.WebhookEventType.enum);
    const schemas = contract.components.schemas as Record<string, { examples?: unknown[] }>;
    for (const [name, schema] of Object.entries(schemas))
      for (const example of schema.examples ?? []) conforms(name, example);
  });

  it('registers an endpoint once per Idempotency-Key, shows its secret once, and needs webhooks.write', async () => {
    const key = `create-${randomBytes(4).toString('hex')}`;
    const body = { url: `${receiver.base}/idem`, description: 'CRM', events: ['widget_key.revoked'] };
    const first = await call('POST', '/webhooks/endpoints', body, AGENCY, { 'Idempotency-Key': key });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    conforms('WebhookEndpointWithSecret', first.body);
    assert.match(first.body.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const again = await call('POST', '/webhooks/endpoints', body, AGENCY, { 'Idempotency-Key': key });
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.body.id, first.body.id);
    assert.equal(again.body.secret, null, 'a replay never shows the secret: it was never kept');
    conforms('WebhookEndpointWithSecret', again.body);
    assert.deepEqual(await whereSecretsRest(db, [first.body.secret]), [], 'the secret is nowhere at rest');
    const read = await call('GET', `/webhooks/endpoints/${first.body.id}`);
    conforms('WebhookEndpoint', read.body);
    assert.equal(read.body.secret, undefined, 'the secret is never shown again');
    const [row] = await db.query<{ secret_sealed: string }>(
      'select secret_sealed from webhook_endpoints where id = $1',
      [first.body.id],
    );
    assert.ok(!row.secret_sealed.includes(first.body.secret.slice(6)), 'sealed at rest, not stored as given');
    const refused = await call('POST', '/webhooks/endpoints', body, PARTNER);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.requiredScope, 'webhooks.write');
  });

  it('names who made each change in the audit log: the platform key, or the service', async () => {
    const { id } = await endpointAt('/audited');
    await webhooks.endpoints.disable(id, 'The endpoint answered 410 Gone.');
    const { entries } = await createMembers(db).audit({ userId: 'usr_meiling', organizationId: 'org_lionrealty' });
    const made = entries.find((e) => e.action === 'webhook_endpoint.created' && e.target === id);
    assert.match(made?.by ?? '', /^Platform key “.+” \(…0001\)$/);
    const disabled = entries.find((e) => e.action === 'webhook_endpoint.disabled' && e.target === id);
    assert.equal(disabled?.by, 'The service');
  });

  it('keeps no rotated secret either, and a repeated rotation answers without it', async () => {
    const { id, secret } = await endpointAt('/rotate-kept');
    const key = `rotate-${randomBytes(4).toString('hex')}`;
    const rotated = await call('POST', `/webhooks/endpoints/${id}/rotate-secret`, undefined, AGENCY, {
      'Idempotency-Key': key,
    });
    assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
    const again = await call('POST', `/webhooks/endpoints/${id}/rotate-secret`, undefined, AGENCY, {
      'Idempotency-Key': key,
    });
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.body.secret, null);
    assert.equal(again.body.previousSecretExpiresAt, rotated.body.previousSecretExpiresAt, 'one rotation, not two');
    assert.deepEqual(await whereSecretsRest(db, [secret, rotated.body.secret]), []);
  });

  it('applies the 1 MB limit while reading, before an Idempotency-Key is claimed', async () => {
    const key = `huge-${randomBytes(4).toString('hex')}`;
    const megabyte = new Uint8Array(1024 * 1024).fill(32);
    let sent = 0;
    // No Content-Length: the limit must hold while the body streams in, not after it is all read.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 5) controller.enqueue(megabyte);
        else controller.close();
      },
    });
    const response = await fetch(`${apiBase()}/webhooks/endpoints`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${AGENCY}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body,
      duplex: 'half',
    } as RequestInit);
    assert.equal(response.status, 413);
    assert.equal((await response.json()).code, 'payload_too_large');
    const kept = await db.query('select key from idempotency_keys where key = $1', [key]);
    assert.equal(kept.length, 0, 'no key claimed for a body never read whole');
  });

  it('answers 409 delivery_in_flight, queuing nothing, when a replayed delivery is being sent', async () => {
    const { id } = await endpointAt('/in-flight');
    const queued = await call('POST', `/webhooks/endpoints/${id}/test-events`, { type: 'platform_key.created' });
    await db.query(
      `update webhook_deliveries set status = 'sending', locked_until = now() + interval '30 seconds' where id = $1`,
      [queued.body.id],
    );
    const replay = await call('POST', `/webhooks/deliveries/${queued.body.id}/replay`);
    assert.equal(replay.status, 409);
    assert.equal(replay.body.code, 'delivery_in_flight');
    assert.match(replay.body.detail, /being sent now, so nothing was queued/);
    const [row] = await db.query<{ manual: boolean }>('select manual from webhook_deliveries where id = $1', [
      queued.body.id,
    ]);
    assert.equal(row.manual, false);
    await db.query(`update webhook_deliveries set status = 'pending', locked_until = null where id = $1`, [
      queued.body.id,
    ]);
  });

  it('refuses bad URLs and hostile bodies with a problem naming the field', async () => {
    for (const [url, words] of [
      ['ftp://hooks.example.sg/x', 'https'],
      ['https://user:pw@hooks.example.sg/x', 'user name or password'],
      [`https://hooks.example.sg/${'a'.repeat(2100)}`, '2048'],
      ['not a url', 'absolute URL'],
    ] as const) {
      const answer = await call('POST', '/webhooks/endpoints', { url });
      assert.equal(answer.status, 400, url.slice(0, 40));
      assert.equal(answer.body.errors[0].parameter, 'body.url');
      assert.ok(answer.body.detail.includes(words), answer.body.detail);
    }
    for (const body of [
      { url: 'https://a.example/x', events: ['no.such'] },
      { url: 'https://a.example/x', admin: true },
      {},
      '{"url":',
    ]) {
      const answer = await call('POST', '/webhooks/endpoints', body);
      assert.equal(answer.status, 400, JSON.stringify(body));
    }
    const cursor = await call('GET', '/webhooks/deliveries?cursor=bm9wZQ');
    assert.equal(cursor.body.errors[0].parameter, 'cursor');
  });

  it('sends a test event, verified by standardwebhooks, and keeps the evidence of the attempt', async () => {
    const { id } = await endpointAt('/test-events');
    const queued = await call('POST', `/webhooks/endpoints/${id}/test-events`, { type: 'widget_key.revoked' });
    assert.equal(queued.status, 202);
    conforms('WebhookDelivery', queued.body);
    await drainSender();
    const [got] = receiver.at('/test-events');
    assert.equal(got.verifiedBy.length, 1);
    assert.equal(got.id, queued.body.id);
    assert.equal(got.body.type, 'widget_key.revoked');
    assert.equal(got.body.test, true);
    assert.match((got.body.data as { eventId: string }).eventId, /^evt_test_[0-9a-f]{24}$/);
    const read = await call('GET', `/webhooks/deliveries/${queued.body.id}`);
    conforms('WebhookDelivery', read.body);
    assert.equal(read.body.status, 'succeeded');
    const [attempt] = read.body.attempts;
    assert.equal(attempt.trigger, 'scheduled');
    assert.equal(attempt.request.headers['webhook-id'], queued.body.id);
    assert.equal(attempt.request.body, JSON.stringify(got.body));
    assert.equal(attempt.response.status, 200);
    assert.equal(attempt.response.body, 'answered 200');
  });

  it('replays a delivery with the same webhook-id and a fresh signature, as a manual attempt', async () => {
    const { id } = await endpointAt('/replay');
    const queued = await call('POST', `/webhooks/endpoints/${id}/test-events`, { type: 'platform_key.created' });
    await drainSender();
    const replay = await call('POST', `/webhooks/deliveries/${queued.body.id}/replay`, undefined, AGENCY, {
      'Idempotency-Key': randomBytes(8).toString('hex'),
    });
    assert.equal(replay.status, 202);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a new second, so a new timestamp
    await drainSender();
    const [first, second] = receiver.at('/replay');
    assert.equal(second.id, first.id);
    assert.deepEqual(second.body, first.body, 'the payload is never edited');
    assert.notEqual(second.signature, first.signature);
    assert.equal(second.verifiedBy.length, 1);
    const read = await call('GET', `/webhooks/deliveries/${queued.body.id}`);
    assert.deepEqual(
      read.body.attempts.map((a: { trigger: string }) => a.trigger),
      ['scheduled', 'manual'],
    );
  });

  it('retries on the published schedule exactly, then fails; a bulk replay sends the failures again', async () => {
    const { id } = await endpointAt('/down');
    receiver.answers.set('/down', [500]);
    const queued = await call('POST', `/webhooks/endpoints/${id}/test-events`, { type: 'widget_key.created' });
    const gaps: number[] = [];
    for (let i = 0; i < 8; i++) {
      await send.sendDue(new Date(Date.now() + 40 * 3_600_000)); // one attempt: whatever is due, however far ahead
      const [row] = await db.query<{ status: string; next_attempt_at: Date }>(
        'select status, next_attempt_at from webhook_deliveries where id = $1',
        [queued.body.id],
      );
      const [last] = await db.query<{ attempted_at: Date }>(
        'select attempted_at from webhook_attempts where delivery_id = $1 order by id desc limit 1',
        [queued.body.id],
      );
      if (row.status === 'pending')
        gaps.push(new Date(row.next_attempt_at).getTime() - new Date(last.attempted_at).getTime());
    }
    assert.deepEqual(gaps, RETRY_SCHEDULE_MS);
    const failed = await call('GET', `/webhooks/deliveries?endpointId=${id}&status=failed`);
    conforms('WebhookDeliveryList', failed.body);
    assert.equal(failed.body.data.length, 1);
    assert.equal(failed.body.data[0].attemptCount, 8);
    assert.equal(new Set(receiver.at('/down').map((r) => r.id)).size, 1, 'one webhook-id on every retry');

    receiver.answers.set('/down', [200]);
    const hour = 3_600_000;
    const window = {
      since: new Date(Date.now() - hour).toISOString(),
      until: new Date(Date.now() + hour).toISOString(),
    };
    const tooLong = await call('POST', `/webhooks/endpoints/${id}/replays`, {
      since: window.since,
      until: new Date(Date.now() + 9 * 24 * hour).toISOString(),
    });
    assert.equal(tooLong.body.errors[0].parameter, 'body.until');
    const bulk = await call('POST', `/webhooks/endpoints/${id}/replays`, window);
    assert.equal(bulk.status, 202);
    conforms('WebhookReplay', bulk.body);
    assert.equal(bulk.body.count, 1);
    await drainSender();
    assert.equal((await call('GET', `/webhooks/deliveries/${queued.body.id}`)).body.status, 'succeeded');
  });

  it('cuts a huge answer at 4 KB and a receiver that never answers at the timeout', async () => {
    const { id } = await endpointAt('/huge');
    receiver.answers.set('/huge', ['huge']);
    const huge = await call('POST', `/webhooks/endpoints/${id}/test-events`, { type: 'widget_key.created' });
    const slow = await endpointAt('/never');
    receiver.answers.set('/never', ['never']);
    const never = await call('POST', `/webhooks/endpoints/${slow.id}/test-events`, { type: 'widget_key.created' });
    await drainSender();
    const [cut] = (await call('GET', `/webhooks/deliveries/${huge.body.id}`)).body.attempts;
    assert.equal(cut.response.body.length, 4096);
    assert.equal(cut.response.truncated, true);
    const [silent] = (await call('GET', `/webhooks/deliveries/${never.body.id}`)).body.attempts;
    assert.equal(silent.response, null);
    assert.match(silent.error, /no answer within 1\.5 s/);
    assert.ok(silent.durationMs >= 1400 && silent.durationMs < 5000, String(silent.durationMs));
  });

  it('rotates a secret and signs with both for 24 hours; disables, enables and deletes an endpoint', async () => {
    const { id, secret } = await endpointAt('/rotate');
    const rotated = await call('POST', `/webhooks/endpoints/${id}/rotate-secret`);
    conforms('WebhookEndpointWithSecret', rotated.body);
    assert.notEqual(rotated.body.secret, secret);
    const overlap = new Date(rotated.body.previousSecretExpiresAt).getTime() - Date.now();
    assert.ok(Math.abs(overlap - 24 * 3_600_000) < 60_000);
    receiver.secrets.set('/rotate', [secret, rotated.body.secret]);
    await call('POST', `/webhooks/endpoints/${id}/test-events`, { type: 'widget_key.rotated' });
    await drainSender();
    const [got] = receiver.at('/rotate');
    assert.equal(got.signature.split(' ').length, 2);
    assert.equal(got.verifiedBy.length, 2, 'the old and the new secret both verify');

    const off = await call('PATCH', `/webhooks/endpoints/${id}`, { enabled: false });
    assert.equal(off.body.status, 'disabled');
    const refused = await call('POST', `/webhooks/endpoints/${id}/test-events`, { type: 'widget_key.created' });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'endpoint_disabled');
    assert.equal((await call('PATCH', `/webhooks/endpoints/${id}`, { enabled: true })).body.status, 'enabled');
    assert.equal((await call('PATCH', `/webhooks/endpoints/${id}`, {})).status, 400, 'an empty change');
    const deleted = await call('DELETE', `/webhooks/endpoints/${id}`);
    assert.deepEqual(deleted.body, { object: 'webhook_endpoint', id, deleted: true });
    assert.equal((await call('GET', `/webhooks/endpoints/${id}`)).status, 404);
  });

  it('delivers a real change from the outbox to a subscribed endpoint', async () => {
    const { id } = await endpointAt('/changes', { events: ['platform_key.revoked'] });
    await db.transaction((tx) => recordChange(tx, serviceActor('org_lionrealty'), 'platform_key.revoked', 'pk_9'));
    await db.transaction((tx) => recordChange(tx, serviceActor('org_lionrealty'), 'widget_key.revoked', 'wk_9'));
    const fanOut = outboxWorker({
      name: 'fan-out',
      outbox: createOutbox(db),
      handle: async (e) => void (await webhooks.deliveries.fanOut(e)),
    });
    while ((await fanOut.run(new Date(Date.now() + 60_000))) > 0);
    await drainSender();
    const got = receiver.at('/changes');
    assert.deepEqual(
      got.map((r) => r.body.type),
      ['platform_key.revoked'],
    );
    assert.equal((got[0].body.data as { target: string }).target, 'pk_9');
    const list = await call('GET', `/webhooks/deliveries?endpointId=${id}`);
    assert.equal(list.body.data[0].eventType, 'platform_key.revoked');
  });

  it("records a widget key's last estimate of the day as widget_key.quota_reached, once", async () => {
    const key = 'svce_test_demo0000000000000001';
    await db.query('update widget_keys set starts_day_at = 1999 where key = $1', [key]);
    const host = createWidgetHost({
      keyStore: databaseWidgetKeys(db),
      meter: databaseMeter(db),
      serviceUrl: 'http://127.0.0.1:8845/',
      data: await sandboxEngineData(),
      visitorLimit: null,
      onQuotaReached: recordQuotaReached(db),
    });
    const estimate = () =>
      host.handle({
        method: 'GET',
        url: new URL(`http://127.0.0.1:8845/v1/estimates?key=${key}&id=hdb-560102-4-room&mode=sale`),
        origin: 'http://localhost:5173',
        clientAddress: '127.0.0.1',
      });
    assert.equal((await estimate()).status, 200, 'the 2,000th');
    assert.equal((await estimate()).status, 429, 'the 2,001st');
    // A count given back after the last answer (an estimate that was then not answered) reaches the limit again.
    await db.query(
      `update daily_usage set count = count - 1
        where kind = 'widget_estimate' and subject = (select id from widget_keys where key = $1)`,
      [key],
    );
    assert.equal((await estimate()).status, 200, 'the 2,000th again');
    const events = await db.query<{ payload: { detail: { limit: number } } }>(
      `select payload from outbox where type = 'widget_key.quota_reached'`,
    );
    assert.equal(events.length, 1, 'once a day');
    assert.equal(events[0].payload.detail.limit, 2000);
  });
});
