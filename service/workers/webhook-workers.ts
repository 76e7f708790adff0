/**
 * The webhook area's background work, as every process runs it: the fan-out from the outbox (one
 * delivery per subscribed endpoint and event) and the senders. Both poll briskly (200 ms when idle),
 * so a change reaches its receivers within a fraction of a second (`npm run bench:webhooks`).
 */
import { createOutbox } from '../core/events/outbox.js';
import type { WebhookService } from '../core/webhooks/webhook-service.js';
import type { Database } from '../db/database.js';
import { outboxWorker } from './outbox-worker.js';
import type { Worker } from './runner.js';
import { webhookSender } from './webhook-sender.js';

export const WEBHOOK_IDLE_MS = 200;

export function webhookWorkers(db: Database, webhooks: WebhookService, { senders = 1 } = {}): Worker[] {
  const fanOut: Worker = {
    ...outboxWorker({
      name: 'webhook-fan-out',
      outbox: createOutbox(db),
      handle: async (event) => void (await webhooks.deliveries.fanOut(event)),
    }),
    idleMs: WEBHOOK_IDLE_MS,
  };
  const sending = Array.from({ length: senders }, (): Worker => ({
    ...webhookSender({
      deliveries: webhooks.deliveries,
      endpoints: webhooks.endpoints,
      policy: webhooks.policy,
    }),
    idleMs: WEBHOOK_IDLE_MS,
  }));
  return [fanOut, ...sending];
}
