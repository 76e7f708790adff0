/**
 * The webhook core against the Standard Webhooks reference verifier (the `standardwebhooks` npm
 * package, not our own code): signed deliveries verify, with one secret and with two during a
 * rotation; a changed body, id or timestamp does not. Sealed secrets open only where they were sealed.
 * The retry schedule is Svix's, and Retry-After only ever delays, by at most the schedule's following step.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { MAX_ATTEMPTS, nextAttemptAt, retryAfterMs } from './retry-schedule.js';
import { createSecretBox } from './secret-box.js';
import { newWebhookSecret, signDelivery } from './signing.js';

const body = JSON.stringify({
  type: 'widget_key.rotated',
  timestamp: '2026-11-24T02:00:00.000Z',
  data: { id: 'wk_1', name: 'Shop, "main" site' },
});
const at = new Date();

describe('webhook signing', () => {
  it('makes secrets of whsec_ and 32 random bytes, never the same twice', () => {
    const secret = newWebhookSecret();
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(secret.slice(6), 'base64').length, 32);
    assert.notEqual(newWebhookSecret(), secret);
  });

  it('signs what the standardwebhooks package verifies, and nothing changed passes', () => {
    const secret = newWebhookSecret();
    const headers = signDelivery('msg_1', at, body, [secret]);
    const receiver = new Webhook(secret);
    assert.deepEqual(receiver.verify(body, { ...headers }), JSON.parse(body));
    assert.throws(() => receiver.verify(body.replace('wk_1', 'wk_2'), { ...headers }));
    assert.throws(() => receiver.verify(body, { ...headers, 'webhook-id': 'msg_2' }));
    assert.throws(() =>
      receiver.verify(body, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) }),
    );
    assert.throws(() => new Webhook(newWebhookSecret()).verify(body, { ...headers }), 'another secret');
  });

  it('signs with both secrets during a rotation: a receiver with either verifies', () => {
    const [fresh, old] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signDelivery('msg_3', at, body, [fresh, old]);
    assert.equal(headers['webhook-signature'].split(' ').length, 2);
    for (const secret of [fresh, old]) assert.ok(new Webhook(secret).verify(body, { ...headers }));
  });

  it('refuses to sign without a secret or with one that is not whsec_', () => {
    assert.throws(() => signDelivery('msg_4', at, body, []));
    assert.throws(() => signDelivery('msg_4', at, body, ['svcp_test_x']));
  });
});

describe('webhook secrets at rest', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens a sealed secret on its own endpoint only, and never shows it in the sealed text', () => {
    const secret = newWebhookSecret();
    const sealed = box.seal(secret, 'we_1');
    assert.ok(!sealed.includes(secret.slice(6)));
    assert.equal(box.open(sealed, 'we_1'), secret);
    assert.notEqual(box.seal(secret, 'we_1'), sealed, 'a fresh nonce each time');
    assert.throws(() => box.open(sealed, 'we_2'), 'copied to another endpoint');
    const [v, nonce, text, tag] = sealed.split('.');
    const flipped = Buffer.from(text, 'base64');
    flipped[0] ^= 1;
    assert.throws(() => box.open([v, nonce, flipped.toString('base64'), tag].join('.'), 'we_1'), 'changed');
    assert.throws(() => createSecretBox(randomBytes(32)).open(sealed, 'we_1'), 'another key');
    assert.throws(() => createSecretBox(randomBytes(16)));
  });
});

describe('webhook retry schedule', () => {
  it("follows Svix's schedule, lets Retry-After only delay, and ends after the last attempt", () => {
    const failed = new Date('2026-11-24T00:00:00Z');
    const waits = Array.from(
      { length: MAX_ATTEMPTS - 1 },
      (_, i) => nextAttemptAt(i + 1, failed)!.getTime() - failed.getTime(),
    );
    assert.deepEqual(
      waits.map((ms) => ms / 1000),
      [5, 300, 1800, 7200, 18000, 36000, 36000],
    );
    const wait = (attempts: number, retryAfter?: number) =>
      nextAttemptAt(attempts, failed, retryAfter)!.getTime() - failed.getTime();
    assert.equal(wait(1, 60_000), 60_000, 'Retry-After: 60 delays the 5 s');
    assert.equal(wait(2, 60_000), 300_000, 'never sooner than scheduled');
    assert.equal(nextAttemptAt(MAX_ATTEMPTS, failed), undefined);
  });

  it("caps Retry-After at the schedule's following step, whether seconds or a date", () => {
    const failed = new Date('2026-11-24T00:00:00Z');
    const wait = (attempts: number, header: string) =>
      nextAttemptAt(attempts, failed, retryAfterMs(header, failed))!.getTime() - failed.getTime();
    // A receiver once pushed a retry to 2058.
    const farAway = 'Fri, 01 Nov 2058 00:00:00 GMT';
    assert.equal(wait(1, farAway), 300_000, 'after the first failure: at most the 5 min of the next step');
    assert.equal(wait(1, String(1_000_000_000)), 300_000, 'in seconds too');
    assert.equal(wait(3, farAway), 7_200_000, 'after the third: at most 2 h');
    assert.equal(wait(MAX_ATTEMPTS - 1, farAway), 36_000_000, 'the last step caps at its own 10 h');
    assert.equal(wait(1, 'Tue, 24 Nov 2026 00:01:00 GMT'), 60_000, 'an HTTP date a minute on');
    assert.equal(retryAfterMs('soon', failed), undefined);
    assert.equal(retryAfterMs('-5', failed), undefined);
  });
});
