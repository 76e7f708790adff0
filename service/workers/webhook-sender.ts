/**
 * Sends claimed webhook deliveries: a POST of the body with the Standard Webhooks headers, signed with
 * every secret in force; success is any 2xx within 15 s; a redirect is a failure (never followed), and
 * `Retry-After` is passed on to the schedule. Any number of senders may run, in any number of
 * processes: the claim gives each delivery's attempt to one of them.
 */
import type { Deliveries, Delivery } from '../core/webhooks/deliveries.js';
import type { WebhookEndpoints } from '../core/webhooks/endpoint-store.js';
import { signDelivery } from '../core/webhooks/signing.js';
import type { Worker } from './runner.js';

export const DELIVERY_TIMEOUT_MS = 15_000;

export interface WebhookSenderOptions {
  deliveries: Deliveries;
  endpoints: WebhookEndpoints;
  clock?: () => Date;
  batch?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function webhookSender({
  deliveries,
  endpoints,
  clock = () => new Date(),
  batch = 10,
  timeoutMs = DELIVERY_TIMEOUT_MS,
  fetch: send = globalThis.fetch,
}: WebhookSenderOptions): Worker {
  async function attempt(delivery: Delivery) {
    const started = Date.now();
    try {
      const headers = signDelivery(delivery.id, clock(), delivery.body, await endpoints.secrets(delivery.endpointId));
      const response = await send(delivery.url, {
        method: 'POST',
        body: delivery.body,
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'Service-Valuations-Webhooks/1', ...headers },
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      const retryAfter = Number(response.headers.get('retry-after'));
      return {
        statusCode: response.status,
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
        durationMs: Date.now() - started,
      };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return {
        error: timedOut ? `no answer within ${timeoutMs / 1000} s` : error instanceof Error ? error.message : 'failed',
        durationMs: Date.now() - started,
      };
    }
  }

  return {
    name: 'webhook-sender',
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
