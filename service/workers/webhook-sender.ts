/**
 * Sends claimed webhook deliveries: a POST of the body with the Standard Webhooks headers, signed with
 * every secret in force; success is any 2xx within 15 s; a redirect is a failure (never followed), and
 * `Retry-After` is passed on to the schedule. Deliveries never reach a reserved address (transport.ts).
 *
 * Each sender keeps up to `slots` attempts in flight and claims more as soon as any settles, so a receiver
 * that never answers holds one slot for its 15 s, not a whole batch; the claim takes a few per endpoint
 * (deliveries.ts), so one endpoint's trouble cannot fill the slots either. Any number of senders may run,
 * in any number of processes: the claim gives each delivery's attempt to one of them.
 */
import { type AddressPolicy, policyFromEnv } from '../core/webhooks/address-guard.js';
import type { AttemptOutcome, Deliveries, Delivery } from '../core/webhooks/deliveries.js';
import type { WebhookEndpoints } from '../core/webhooks/endpoint-store.js';
import { signDelivery } from '../core/webhooks/signing.js';
import { postWebhook } from '../core/webhooks/transport.js';
import type { Worker } from './runner.js';

export const DELIVERY_TIMEOUT_MS = 15_000;
/**
 * Attempts one sender keeps in flight: sockets waiting on receivers cost little. More than one
 * organization's endpoints may hold (MAX_ENDPOINTS × PER_ENDPOINT_IN_FLIGHT), so one never fills them.
 */
export const SENDER_SLOTS = 200;
/** Longest wait for an attempt in flight to settle before looking for other due deliveries. */
const IN_FLIGHT_WAIT_MS = 200;

export interface WebhookSenderOptions {
  deliveries: Deliveries;
  endpoints: WebhookEndpoints;
  clock?: () => Date;
  /** Most deliveries claimed in one statement. */
  batch?: number;
  slots?: number;
  timeoutMs?: number;
  /** Hosts allowed although they resolve to reserved addresses (WEBHOOK_ALLOW_HOSTS by default). */
  policy?: AddressPolicy;
}

export interface WebhookSender extends Worker {
  /** Resolves once every attempt in flight has settled. */
  drain(): Promise<void>;
  /** Claims what is due and resolves once each claimed attempt has settled: how many (tests, one-off runs). */
  sendDue(now: Date): Promise<number>;
}

export function webhookSender({
  deliveries,
  endpoints,
  clock = () => new Date(),
  batch = 20,
  slots = SENDER_SLOTS,
  timeoutMs = DELIVERY_TIMEOUT_MS,
  policy = policyFromEnv(),
}: WebhookSenderOptions): WebhookSender {
  const inFlight = new Set<Promise<void>>();

  async function attempt(delivery: Delivery): Promise<AttemptOutcome> {
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Service-Valuations-Webhooks/1',
      ...signDelivery(delivery.id, clock(), delivery.body, await endpoints.secrets(delivery.endpointId)),
    };
    const exchange = await postWebhook(delivery.url, headers, delivery.body, { timeoutMs, policy });
    return { ...exchange, request: { url: delivery.url, headers } };
  }

  /** One attempt, settled whatever happened: an outcome that cannot be kept is settled as that failure. */
  async function deliver(delivery: Delivery) {
    try {
      const outcome = await attempt(delivery).catch((error: unknown): AttemptOutcome => ({
        error: `not sent: ${error instanceof Error ? error.message : 'unknown error'}`,
        durationMs: 0,
        request: { url: delivery.url, headers: {} },
      }));
      const settled = await deliveries.settle(delivery, outcome, clock()).catch((error: unknown) =>
        deliveries.settle(
          delivery,
          {
            error: `the answer could not be kept: ${error instanceof Error ? error.message : 'unknown error'}`,
            durationMs: outcome.durationMs,
            request: { url: delivery.url, headers: {} },
          },
          clock(),
        ),
      );
      if (settled.disable) await endpoints.disable(delivery.endpointId, settled.disable);
    } catch (error) {
      // Left to its lease: another round takes the delivery again. The message only, never a secret.
      console.error(
        `[webhook-sender] ${delivery.id} not settled: ${error instanceof Error ? error.message : 'unknown error'}`,
      );
    }
  }

  async function claimAndStart(now: Date): Promise<Promise<void>[]> {
    const free = slots - inFlight.size;
    if (free <= 0) return [];
    const claimed = await deliveries.claim({ now, limit: Math.min(free, batch), leaseMs: timeoutMs * 2 });
    return claimed.map((delivery) => {
      const running: Promise<void> = deliver(delivery).finally(() => inFlight.delete(running));
      inFlight.add(running);
      return running;
    });
  }

  return {
    name: 'webhook-sender',
    idleMs: 250,
    /**
     * Claims into free slots and returns. With every slot taken, or nothing claimable while attempts are
     * in flight (an endpoint at its cap), waits for the first to settle, at most an idle pause, and goes
     * again: a fast receiver's next deliveries are claimed the moment its last ones settle.
     */
    async run(now) {
      const started = inFlight.size >= slots ? [] : await claimAndStart(now);
      if (started.length) return started.length;
      if (inFlight.size === 0) return 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([...inFlight, new Promise((resolve) => (timer = setTimeout(resolve, IN_FLIGHT_WAIT_MS)))]);
      clearTimeout(timer);
      return 1;
    },
    async drain() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    async sendDue(now) {
      const started = await claimAndStart(now);
      await Promise.all(started);
      return started.length;
    },
  };
}
