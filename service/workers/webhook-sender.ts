/**
 * Sends claimed webhook deliveries: a POST of the body with the Standard Webhooks headers, signed with
 * every secret in force; success is any 2xx within 15 s; a redirect is a failure (never followed), and
 * `Retry-After` is passed on to the schedule. Deliveries never reach a reserved address (transport.ts).
 * Any number of senders may run, in any number of processes: the claim gives each delivery's attempt
 * to one of them.
 */
import { type AddressPolicy, policyFromEnv } from '../core/webhooks/address-guard.js';
import type { AttemptOutcome, Deliveries, Delivery } from '../core/webhooks/deliveries.js';
import type { WebhookEndpoints } from '../core/webhooks/endpoint-store.js';
import { signDelivery } from '../core/webhooks/signing.js';
import { postWebhook } from '../core/webhooks/transport.js';
import type { Worker } from './runner.js';

export const DELIVERY_TIMEOUT_MS = 15_000;

export interface WebhookSenderOptions {
  deliveries: Deliveries;
  endpoints: WebhookEndpoints;
  clock?: () => Date;
  batch?: number;
  timeoutMs?: number;
  /** Hosts allowed although they resolve to reserved addresses (WEBHOOK_ALLOW_HOSTS by default). */
  policy?: AddressPolicy;
}

export function webhookSender({
  deliveries,
  endpoints,
  clock = () => new Date(),
  batch = 10,
  timeoutMs = DELIVERY_TIMEOUT_MS,
  policy = policyFromEnv(),
}: WebhookSenderOptions): Worker {
  async function attempt(delivery: Delivery): Promise<AttemptOutcome> {
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Service-Valuations-Webhooks/1',
      ...signDelivery(delivery.id, clock(), delivery.body, await endpoints.secrets(delivery.endpointId)),
    };
    const exchange = await postWebhook(delivery.url, headers, delivery.body, { timeoutMs, policy });
    return { ...exchange, request: { url: delivery.url, headers } };
  }

  return {
    name: 'webhook-sender',
    idleMs: 250,
    async run(now) {
      const claimed = await deliveries.claim({ now, limit: batch, leaseMs: timeoutMs * 2 });
      await Promise.all(
        claimed.map(async (delivery) => {
          const outcome = await attempt(delivery);
          const { disable } = await deliveries.settle(delivery, outcome, clock());
          if (disable) await endpoints.disable(delivery.endpointId, disable);
        }),
      );
      return claimed.length;
    },
  };
}
