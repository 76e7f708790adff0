/**
 * The outbox, read by workers: claim a batch (a lease, so a worker that dies leaves its events to be
 * claimed again), then mark each done or failed (tried again later, with backoff). The claim is one
 * `FOR UPDATE SKIP LOCKED` statement: concurrent workers, in one process or many, never claim the
 * same event at once. Times come from the caller's clock, so tests can move it.
 */
import type { Database } from '../../db/database.js';

export interface OutboxEvent {
  id: string;
  type: string;
  organizationId: string | null;
  payload: Record<string, unknown>;
  createdAt: string;
  /** How many claims this event has had, this one included. */
  attempts: number;
  /** The lease this claim holds: completing or failing it needs the same value. */
  lease: string;
}

export interface ClaimOptions {
  now: Date;
  limit: number;
  leaseMs: number;
}

type Row = {
  id: string;
  type: string;
  organization_id: string | null;
  payload: Record<string, unknown> | string;
  created_at: Date;
  attempts: number;
  locked_until: Date;
};

export function createOutbox(db: Pick<Database, 'query'>) {
  return {
    async claim({ now, limit, leaseMs }: ClaimOptions): Promise<OutboxEvent[]> {
      const until = new Date(now.getTime() + leaseMs);
      const rows = await db.query<Row>(
        `with next as (
           select id from outbox
            where processed_at is null and available_at <= $1 and (locked_until is null or locked_until <= $1)
            order by available_at, created_at, id
            limit $2
            for update skip locked
         )
         update outbox o set attempts = o.attempts + 1, locked_until = $3
           from next where o.id = next.id
         returning o.id, o.type, o.organization_id, o.payload, o.created_at, o.attempts, o.locked_until`,
        [now, limit, until],
      );
      return rows
        .map((r) => ({
          id: r.id,
          type: r.type,
          organizationId: r.organization_id,
          payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
          createdAt: new Date(r.created_at).toISOString(),
          attempts: r.attempts,
          lease: new Date(r.locked_until).toISOString(),
        }))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },

    /** Marks a claimed event done; false when the lease was lost (it expired and another worker took it). */
    async complete(event: OutboxEvent, now: Date): Promise<boolean> {
      const rows = await db.query(
        'update outbox set processed_at = $3, locked_until = null where id = $1 and locked_until = $2 and processed_at is null returning id',
        [event.id, event.lease, now],
      );
      return rows.length > 0;
    },

    /** Gives a claimed event back to be tried again at `retryAt`, with what went wrong (never a secret). */
    async fail(event: OutboxEvent, retryAt: Date, error: string): Promise<void> {
      await db.query(
        'update outbox set locked_until = null, available_at = $3, last_error = $4 where id = $1 and locked_until = $2 and processed_at is null',
        [event.id, event.lease, retryAt, error.slice(0, 500)],
      );
    },

    /** Events not yet done (for tests and the console's health). */
    waiting: async () =>
      Number((await db.query<{ n: string }>('select count(*) as n from outbox where processed_at is null'))[0].n),
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
