/**
 * Webhook deliveries: one per endpoint and event, made from the outbox (fan-out, idempotent on the
 * event's id, only for types in the catalogue), claimed by any number of senders with one
 * `FOR UPDATE SKIP LOCKED` statement (a lease, so a sender that dies leaves its claim to be taken
 * again), a few per endpoint at a time, so one endpoint's slow receiver holds up only its own deliveries,
 * and settled by each attempt's outcome, kept as evidence whatever bytes came back: any 2xx succeeds;
 * anything else is tried again on the schedule, and fails for good after the last try. An endpoint that
 * answers 410, or has failed for 5 days, is disabled. A replay is one manual attempt outside the
 * schedule: a delivery still in its schedule resumes it if the replay fails.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import type { OutboxEvent } from '../events/outbox.js';
import { EVENT_TYPES, exampleOf, type WebhookEventType } from './event-types.js';
import { nextAttemptAt, retryAfterMs } from './retry-schedule.js';
import type { WebhookExchange } from './transport.js';

/** An endpoint failing this long, with nothing succeeding, is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;
/** Attempts in flight at once to one endpoint, across every sender; one while it is failing. */
export const PER_ENDPOINT_IN_FLIGHT = 8;

export interface Delivery {
  id: string;
  endpointId: string;
  url: string;
  body: string;
  attempts: number;
  /** Attempts the schedule made (a replay's are not counted): which step comes next. */
  scheduledAttempts: number;
  manual: boolean;
  lease: string;
}

/** Why a replay queued nothing. */
export type ReplayRefusal = 'sending' | 'not_found';

/** What an attempt sent, and what came back (or why nothing did). */
export type AttemptOutcome = WebhookExchange & { request: { url: string; headers: Record<string, string> } };

/** The body every receiver gets: Standard Webhooks' `{type, timestamp, data}`. */
export const deliveryBody = (event: OutboxEvent) =>
  JSON.stringify({
    type: event.type,
    timestamp: (event.payload.occurredAt as string | undefined) ?? event.createdAt,
    data: { eventId: event.id, target: event.payload.target, detail: event.payload.detail ?? {} },
  });

const newDeliveryId = () => `msg_${randomBytes(16).toString('hex')}`;

export function createDeliveries(db: Database) {
  return {
    /** A delivery for every enabled endpoint of the event's organization that takes its type; again is a no-op. */
    async fanOut(event: OutboxEvent): Promise<number> {
      if (!event.organizationId || !(EVENT_TYPES as string[]).includes(event.type)) return 0;
      const rows = await db.query(
        `insert into webhook_deliveries (id, endpoint_id, event_id, event_type, body)
         select 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.id, $2, $3, $4 from webhook_endpoints e
          where e.organization_id = $1 and e.enabled and (cardinality(e.event_types) = 0 or $3 = any(e.event_types))
         on conflict (endpoint_id, event_id) do nothing
         returning id`,
        [event.organizationId, event.id, event.type, deliveryBody(event)],
      );
      return rows.length;
    },

    /** A test event of `type` with the catalogue's example, marked as a test, queued like a real one. */
    async queueTest(endpointId: string, type: WebhookEventType, at: Date): Promise<string> {
      const id = newDeliveryId();
      const eventId = `evt_test_${randomBytes(12).toString('hex')}`;
      const body = JSON.stringify({
        type,
        timestamp: at.toISOString(),
        test: true,
        data: { ...exampleOf(type), eventId },
      });
      await db.query(
        `insert into webhook_deliveries (id, endpoint_id, event_id, event_type, body, test, next_attempt_at, created_at)
         values ($1, $2, $3, $4, $5, true, $6, $6)`,
        [id, endpointId, eventId, type, body, at],
      );
      return id;
    },

    /**
     * Queues one manual attempt of a delivery (same id, same body). A delivery still in its schedule keeps
     * the schedule's next attempt aside, resumed if this one fails. Refused while it is being sent.
     */
    async replay(deliveryId: string, at: Date): Promise<{ queued: true } | { refused: ReplayRefusal }> {
      const rows = await db.query(
        `update webhook_deliveries
            set resume_at = case when status = 'pending' then coalesce(resume_at, next_attempt_at) end,
                status = 'pending', manual = true, next_attempt_at = $2, locked_until = null
          where id = $1 and status <> 'sending' returning id`,
        [deliveryId, at],
      );
      if (rows.length) return { queued: true };
      const [found] = await db.query('select id from webhook_deliveries where id = $1', [deliveryId]);
      return { refused: found ? 'sending' : 'not_found' };
    },

    /** Queues every failed delivery of one endpoint created in [since, until) again; how many. */
    async replayFailed(endpointId: string, since: Date, until: Date, at: Date, limit = 1000): Promise<number> {
      const rows = await db.query(
        `update webhook_deliveries set status = 'pending', manual = true, next_attempt_at = $4, resume_at = null
          where id in (select id from webhook_deliveries where endpoint_id = $1 and status = 'failed'
                        and created_at >= $2 and created_at < $3 order by created_at limit $5)
          returning id`,
        [endpointId, since, until, at, limit],
      );
      return rows.length;
    },

    /**
     * Takes up to `limit` due deliveries for this sender, oldest first, at most `perEndpoint` in flight
     * per endpoint (counting every sender's) and one for an endpoint that is failing.
     */
    async claim({
      now,
      limit,
      leaseMs,
      perEndpoint = PER_ENDPOINT_IN_FLIGHT,
    }: {
      now: Date;
      limit: number;
      leaseMs: number;
      perEndpoint?: number;
    }): Promise<Delivery[]> {
      const rows = await db.query<{
        id: string;
        endpoint_id: string;
        url: string;
        body: string;
        attempts: number;
        scheduled_attempts: number;
        manual: boolean;
        locked_until: Date;
      }>(
        `with due as (
           select d.id from webhook_endpoints e
           cross join lateral (
             select d.id, row_number() over (order by d.next_attempt_at, d.id) as place
               from webhook_deliveries d
              where d.endpoint_id = e.id and d.status in ('pending', 'sending') and d.next_attempt_at <= $1
                and (d.locked_until is null or d.locked_until <= $1)
              order by d.next_attempt_at, d.id
              limit $4
           ) d
           where e.enabled
             and d.place + (select count(*) from webhook_deliveries s
                             where s.endpoint_id = e.id and s.status = 'sending' and s.locked_until > $1)
                 <= case when e.failing_since is null then $4 else 1 end
         ), next as (
           select d.id from webhook_deliveries d
            where d.id in (select id from due) and d.status in ('pending', 'sending')
              and (d.locked_until is null or d.locked_until <= $1)
            order by d.next_attempt_at, d.id
            limit $2
            for update of d skip locked
         )
         update webhook_deliveries d set status = 'sending', attempts = d.attempts + 1,
                scheduled_attempts = d.scheduled_attempts + case when d.manual then 0 else 1 end, locked_until = $3
           from next, webhook_endpoints e
          where d.id = next.id and e.id = d.endpoint_id
         returning d.id, d.endpoint_id, e.url, d.body, d.attempts, d.scheduled_attempts, d.manual, d.locked_until`,
        [now, limit, new Date(now.getTime() + leaseMs), perEndpoint],
      );
      return rows.map((r) => ({
        id: r.id,
        endpointId: r.endpoint_id,
        url: r.url,
        body: r.body,
        attempts: r.attempts,
        scheduledAttempts: r.scheduled_attempts,
        manual: r.manual,
        lease: new Date(r.locked_until).toISOString(),
      }));
    },

    /**
     * Records one attempt with its evidence and settles the delivery; says whether its endpoint should
     * now be disabled (it answered 410, or has failed for 5 days). A lost lease records nothing.
     */
    async settle(delivery: Delivery, outcome: AttemptOutcome, at: Date): Promise<{ disable?: string }> {
      return db.transaction(async (tx) => {
        const [owned] = await tx.query<{ resume_at: Date | null }>(
          `select resume_at from webhook_deliveries where id = $1 and locked_until = $2 and status = 'sending' for update`,
          [delivery.id, delivery.lease],
        );
        if (!owned) return {};
        const answered = 'status' in outcome ? outcome : undefined;
        const statusCode = answered?.status ?? null;
        await tx.query(
          `insert into webhook_attempts (delivery_id, attempted_at, status_code, error, duration_ms, trigger, request_url,
             request_headers, response_headers, response_bytes, response_truncated)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            delivery.id,
            at,
            statusCode,
            'error' in outcome ? storable(outcome.error.slice(0, 500)) : null,
            outcome.durationMs,
            delivery.manual ? 'manual' : 'scheduled',
            storable(outcome.request.url),
            JSON.stringify(storableHeaders(outcome.request.headers)),
            answered ? JSON.stringify(storableHeaders(answered.headers)) : null,
            answered ? Buffer.from(answered.body, 'utf8') : null,
            answered?.truncated ?? false,
          ],
        );
        if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
          await tx.query(
            `update webhook_deliveries set status = 'succeeded', manual = false, resume_at = null, locked_until = null
              where id = $1`,
            [delivery.id],
          );
          await tx.query('update webhook_endpoints set failing_since = null where id = $1', [delivery.endpointId]);
          return {};
        }
        const gone = statusCode === 410;
        const next = gone
          ? undefined
          : delivery.manual
            ? (owned.resume_at ?? undefined)
            : nextAttemptAt(delivery.scheduledAttempts, at, retryAfterMs(answered?.headers['retry-after'], at));
        await tx.query(
          `update webhook_deliveries set status = $2, manual = false, next_attempt_at = coalesce($3, next_attempt_at),
                  resume_at = null, locked_until = null
            where id = $1`,
          [delivery.id, next ? 'pending' : 'failed', next ?? null],
        );
        const [endpoint] = await tx.query<{ failing_since: Date }>(
          `update webhook_endpoints set failing_since = coalesce(failing_since, $2) where id = $1 returning failing_since`,
          [delivery.endpointId, at],
        );
        if (gone) return { disable: 'The endpoint answered 410 Gone.' };
        if (at.getTime() - new Date(endpoint.failing_since).getTime() >= DISABLE_AFTER_FAILING_MS)
          return { disable: 'Every delivery to the endpoint has failed for 5 days.' };
        return {};
      });
    },
  };
}

export type Deliveries = ReturnType<typeof createDeliveries>;

/** Text PostgreSQL can keep: it refuses NUL in text and in jsonb strings. */
const storable = (text: string) => text.replaceAll('\u0000', '\uFFFD');
const storableHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [storable(name), storable(value)]));
