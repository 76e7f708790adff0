/**
 * The SDK's verifyWebhook against what the sandbox signs and what the standardwebhooks package signs:
 * each accepts the other's, and a changed body, a re-serialised body, a stale timestamp, a wrong
 * secret or a parsed object is refused with a sentence saying why.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signDelivery } from '../service/core/webhooks/signing.js';
import { verifyWebhook, WebhookVerificationError } from './verify-webhook.js';

const body =
  '{"type":"widget_key.revoked","timestamp":"2026-11-24T08:00:00.000Z","data":{"eventId":"evt_1","target":"wk_1","detail":{}}}';

describe('verifyWebhook', () => {
  it('accepts what the sandbox signs, with either secret during a rotation, and what standardwebhooks signs', async () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers: Record<string, string> = { ...signDelivery('msg_1', new Date(), body, [current, previous]) };
    for (const secret of [current, previous])
      assert.equal((await verifyWebhook(body, headers, secret)).type, 'widget_key.revoked');
    assert.equal(
      (await verifyWebhook(new TextEncoder().encode(body), new Headers({ ...headers }), current)).data.eventId,
      'evt_1',
    );
    const signedAt = new Date();
    const theirs = new Webhook(current).sign('msg_2', signedAt, body);
    const event = await verifyWebhook(
      body,
      {
        'webhook-id': 'msg_2',
        'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
        'webhook-signature': theirs,
      },
      current,
    );
    assert.equal(event.type, 'widget_key.revoked');
  });

  it('refuses a changed or re-serialised body, a stale timestamp, another secret and a parsed object', async () => {
    const secret = newWebhookSecret();
    const headers = signDelivery('msg_1', new Date(), body, [secret]);
    const refusals: [string | Uint8Array, Record<string, string>, string, RegExp][] = [
      [body.replace('wk_1', 'wk_2'), { ...headers }, secret, /No signature matches/],
      [JSON.stringify(JSON.parse(body), null, 2), { ...headers }, secret, /not parsed and re-serialised/],
      [body, signDelivery('msg_1', new Date(Date.now() - 600_000), body, [secret]) as never, secret, /too old/],
      [body, { ...headers }, newWebhookSecret(), /No signature matches/],
      [body, { 'webhook-id': 'msg_1' }, secret, /Missing/],
    ];
    for (const [given, sent, key, words] of refusals)
      await assert.rejects(
        verifyWebhook(given, sent, key),
        (error: Error) => error instanceof WebhookVerificationError && words.test(error.message),
      );
    await assert.rejects(verifyWebhook(JSON.parse(body), { ...headers }, secret), /raw body/);
  });
});
