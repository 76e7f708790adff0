/**
 * The SDK's verifyWebhook against what the sandbox signs and what the standardwebhooks package signs:
 * each accepts the other's, and a changed body, a re-serialised body, a stale timestamp, a wrong
 * secret or a parsed object is refused with a sentence saying why. A result, not a throw: a receiver that
 * forgets `await` refuses the delivery instead of accepting it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signDelivery } from '../service/core/webhooks/signing.js';
import { verifyWebhook, type WebhookVerification } from './verify-webhook.js';

/** The event of a verified delivery, or a failed assertion naming why it was refused. */
const eventOf = (result: WebhookVerification) => {
  assert.ok(result.verified, result.verified ? '' : result.reason);
  return result.event;
};

const body =
  '{"type":"widget_key.revoked","timestamp":"2026-11-24T08:00:00.000Z","data":{"eventId":"evt_1","target":"wk_1","detail":{}}}';

describe('verifyWebhook', () => {
  it('accepts what the sandbox signs, with either secret during a rotation, and what standardwebhooks signs', async () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers: Record<string, string> = { ...signDelivery('msg_1', new Date(), body, [current, previous]) };
    for (const secret of [current, previous])
      assert.equal(eventOf(await verifyWebhook(body, headers, secret)).type, 'widget_key.revoked');
    assert.equal(
      eventOf(await verifyWebhook(new TextEncoder().encode(body), new Headers({ ...headers }), current)).data.eventId,
      'evt_1',
    );
    const signedAt = new Date();
    const theirs = new Webhook(current).sign('msg_2', signedAt, body);
    const event = eventOf(
      await verifyWebhook(
        body,
        {
          'webhook-id': 'msg_2',
          'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
          'webhook-signature': theirs,
        },
        current,
      ),
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
    for (const [given, sent, key, words] of refusals) {
      const result = await verifyWebhook(given, sent, key);
      assert.equal(result.verified, false);
      assert.match(result.verified ? '' : result.reason, words);
    }
    const parsed = await verifyWebhook(JSON.parse(body), { ...headers }, secret);
    assert.match(parsed.verified ? '' : parsed.reason, /raw body/);
  });

  it('fails closed when a receiver forgets await: the Promise reads as not verified', async () => {
    const secret = newWebhookSecret();
    const forged = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': 'v1,AAAA',
    };
    // As a JavaScript receiver written without await would run it (TypeScript refuses `.verified` on a Promise).
    const pending = verifyWebhook(body, forged, secret) as unknown as { verified?: boolean };
    assert.equal(pending.verified, undefined);
    assert.equal(Boolean(pending.verified), false, 'refused, not accepted');
    // @ts-expect-error: a Promise has no `verified`; `npm run typecheck` fails if one ever does.
    void verifyWebhook(body, forged, secret).verified;
    await (pending as unknown as Promise<unknown>);
  });
});
