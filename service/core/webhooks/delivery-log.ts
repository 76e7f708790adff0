/**
 * Reading deliveries as the contract shows them: a page of an organization's deliveries, newest
 * first (a keyset cursor, so new deliveries never shift a page), and one delivery with the evidence
 * of every attempt, oldest first. Evidence is kept as long as its endpoint (30 days at least).
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';

export type WebhookDelivery = components['schemas']['WebhookDelivery'];
type Status = WebhookDelivery['status'];

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  body: string;
  test: boolean;
  status: Status;
  attempts: number;
  next_attempt_at: Date;
  created_at: Date;
}

interface AttemptRow {
  attempted_at: Date;
  duration_ms: number;
  trigger: 'scheduled' | 'manual';
  request_url: string | null;
  request_headers: Record<string, string> | string | null;
  status_code: number | null;
  response_headers: Record<string, string> | string | null;
  response_body: string | null;
  response_bytes: Uint8Array | null;
  response_truncated: boolean;
  error: string | null;
}

const json = (value: Record<string, string> | string | null) =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Record<string, string>;

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  object: 'webhook_delivery',
  id: row.id,
  endpointId: row.endpoint_id,
  eventId: row.event_id,
  eventType: row.event_type as WebhookDelivery['eventType'],
  test: row.test,
  status: row.status,
  attemptCount: row.attempts,
  nextAttemptAt: row.status === 'pending' ? new Date(row.next_attempt_at).toISOString() : null,
  createdAt: new Date(row.created_at).toISOString(),
});

const encode = (row: DeliveryRow) =>
  Buffer.from(`before:${new Date(row.created_at).toISOString()}|${row.id}`).toString('base64url');
function decode(cursor: string): [Date, string] | undefined {
  const match = /^before:([^|]+)\|(msg_[a-z0-9]+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const at = match && new Date(match[1]);
  return match && at && !Number.isNaN(at.getTime()) ? [at, match[2]] : undefined;
}

const COLUMNS =
  'd.id, d.endpoint_id, d.event_id, d.event_type, d.body, d.test, d.status, d.attempts, d.next_attempt_at, d.created_at';

export function createDeliveryLog(db: Database) {
  return {
    /** A page of deliveries, or undefined for a cursor this log did not write. */
    async list(
      organizationId: string,
      query: { endpointId?: string; status?: Status; limit: number; cursor?: string },
    ) {
      const after = query.cursor === undefined ? null : decode(query.cursor);
      if (after === undefined) return undefined;
      const rows = await db.query<DeliveryRow>(
        `select ${COLUMNS} from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
          where e.organization_id = $1 and ($2::text is null or d.endpoint_id = $2) and ($3::text is null or d.status = $3)
            and ($4::timestamptz is null or (d.created_at, d.id) < ($4, $5))
          order by d.created_at desc, d.id desc limit $6`,
        [
          organizationId,
          query.endpointId ?? null,
          query.status ?? null,
          after?.[0] ?? null,
          after?.[1] ?? '',
          query.limit + 1,
        ],
      );
      const hasMore = rows.length > query.limit;
      const page = rows.slice(0, query.limit);
      return {
        object: 'list' as const,
        data: page.map(toDelivery),
        hasMore,
        nextCursor: hasMore ? encode(page[page.length - 1]) : null,
      };
    },

    /** One delivery of the organization with every attempt's evidence, or undefined. */
    async get(organizationId: string, id: string): Promise<WebhookDelivery | undefined> {
      const [row] = await db.query<DeliveryRow>(
        `select ${COLUMNS} from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
          where d.id = $1 and e.organization_id = $2`,
        [id, organizationId],
      );
      if (!row) return undefined;
      const attempts = await db.query<AttemptRow>(
        `select attempted_at, duration_ms, trigger, request_url, request_headers, status_code, response_headers,
                response_body, response_bytes, response_truncated, error
           from webhook_attempts where delivery_id = $1 order by id`,
        [id],
      );
      return {
        ...toDelivery(row),
        attempts: attempts.map((a) => ({
          attemptedAt: new Date(a.attempted_at).toISOString(),
          durationMs: a.duration_ms,
          trigger: a.trigger,
          request: { url: a.request_url ?? '', headers: json(a.request_headers), body: row.body },
          response:
            a.status_code === null
              ? null
              : {
                  status: a.status_code,
                  headers: json(a.response_headers),
                  body: a.response_bytes ? Buffer.from(a.response_bytes).toString('utf8') : (a.response_body ?? ''),
                  truncated: a.response_truncated,
                },
          error: a.error,
        })),
      };
    },
  };
}

export type DeliveryLog = ReturnType<typeof createDeliveryLog>;
