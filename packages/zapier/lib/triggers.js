/**
 * A REST-hook trigger per webhook event: subscribing registers a webhook endpoint for that one
 * event type at Zapier's URL (its signing secret kept in the subscription), unsubscribing deletes it,
 * and each delivery is verified as Standard Webhooks define before the Zap sees it.
 */
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { baseUrlOf } from './http.js';

/** `Http-Webhook-Signature` (how Zapier hands a delivery's headers over) as `webhook-signature`. */
export function webhookHeadersOf(headers = {}) {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase().replace(/^http-/, ''), String(value)]),
  );
}

/** An event as a Zap reads it: one flat object whose `id` is the change's own (Zapier's deduplication key). */
export const eventForZap = (event) => ({
  ...event.data.detail,
  id: event.data.eventId,
  type: event.type,
  timestamp: event.timestamp,
  test: Boolean(event.test),
  target: event.data.target,
});

function triggerOf({ key, event, noun, label, description, sample }) {
  const subscribe = async (z, bundle) => {
    const response = await z.request({
      url: `${baseUrlOf(bundle.authData)}/webhooks/endpoints`,
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      body: { url: bundle.targetUrl, description: `Zapier: ${label}`, events: [event] },
    });
    return { id: response.data.id, secret: response.data.secret };
  };
  const unsubscribe = async (z, bundle) =>
    (
      await z.request({
        url: `${baseUrlOf(bundle.authData)}/webhooks/endpoints/${encodeURIComponent(bundle.subscribeData.id)}`,
        method: 'DELETE',
        headers: { 'Idempotency-Key': randomUUID() },
      })
    ).data;
  const perform = (z, bundle) => {
    const { rawRequest, subscribeData } = bundle;
    let verified;
    try {
      verified = new Webhook(subscribeData.secret).verify(rawRequest.content, webhookHeadersOf(rawRequest.headers));
    } catch (error) {
      // Not from the service, or changed on the way: the Zap does not run on it.
      throw new z.errors.HaltedError(`A delivery failed its signature check and was ignored: ${error.message}`);
    }
    if (verified.type !== event)
      throw new z.errors.HaltedError(`A ${verified.type} event reached the ${event} trigger.`);
    return [eventForZap(verified)];
  };
  return {
    key,
    noun,
    display: { label: `New ${label}`.slice(0, 64), description },
    operation: {
      type: 'hook',
      performSubscribe: subscribe,
      performUnsubscribe: unsubscribe,
      perform,
      // The contract's example: deliveries keep no bodies to list, and Zapier only shows this while a Zap is built.
      performList: () => [eventForZap(sample)],
      sample: eventForZap(sample),
    },
  };
}

export const triggersOf = (operations) => Object.fromEntries(operations.triggers.map((t) => [t.key, triggerOf(t)]));
