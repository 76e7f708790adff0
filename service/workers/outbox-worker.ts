/**
 * A worker that hands the outbox's events to `handle`, in order of creation, each at least once: an
 * event is done only after `handle` resolves; one that throws is tried again later (backing off),
 * and one whose worker died is claimed again when its lease ends. Handlers must therefore be
 * idempotent, keyed by the event's id (webhook deliveries will be).
 */
import type { Outbox, OutboxEvent } from '../core/events/outbox.js';
import type { Worker } from './runner.js';

export interface OutboxWorkerOptions {
  name: string;
  outbox: Outbox;
  handle(event: OutboxEvent): Promise<void>;
  clock?: () => Date;
  batch?: number;
  leaseMs?: number;
  /** How long to wait before trying an event again after its `attempts`th failure. */
  backoffMs?: (attempts: number) => number;
}

export const exponentialBackoff = (attempts: number) => Math.min(2 ** attempts * 1000, 3_600_000);

export function outboxWorker({
  name,
  outbox,
  handle,
  clock = () => new Date(),
  batch = 20,
  leaseMs = 30_000,
  backoffMs = exponentialBackoff,
}: OutboxWorkerOptions): Worker {
  return {
    name,
    async run(now) {
      const events = await outbox.claim({ now, limit: batch, leaseMs });
      for (const event of events) {
        try {
          await handle(event);
          await outbox.complete(event, clock());
        } catch (error) {
          const retryAt = new Date(clock().getTime() + backoffMs(event.attempts));
          await outbox.fail(event, retryAt, error instanceof Error ? error.message : 'unknown error');
        }
      }
      return events.length;
    },
  };
}
