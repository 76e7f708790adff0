/**
 * An organization's webhook endpoints: made with a fresh secret (returned once, kept sealed), changed,
 * deleted, their secret rotated (the previous one signs too for 24 hours), and the secrets a delivery
 * signs with. Every change is recorded in the audit log like any other, in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { type Actor, recordChange, serviceActor, type Tx } from '../events/record-change.js';
import type { SecretBox } from './secret-box.js';
import { newWebhookSecret } from './signing.js';

export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
type EventType = components['schemas']['WebhookEventType'];

/** How long a rotated secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
/** Endpoints per organization (as Stripe's 16, a little more). */
export const MAX_ENDPOINTS = 20;

/** Who changes an endpoint: a person in the console, or a platform key (no person). */
export type Changer = Actor | ReturnType<typeof serviceActor>;

export interface NewEndpoint {
  organizationId: string;
  url: string;
  eventTypes?: string[];
  description?: string;
}

export interface EndpointChange {
  url?: string;
  description?: string;
  events?: string[];
  enabled?: boolean;
}

interface Row {
  id: string;
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
  disabled_reason: string | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
}

const COLUMNS = 'id, url, description, event_types, enabled, disabled_reason, previous_secret_expires_at, created_at';

function toEndpoint(row: Row, now: Date): WebhookEndpoint {
  const previous = row.previous_secret_expires_at ? new Date(row.previous_secret_expires_at) : null;
  return {
    object: 'webhook_endpoint',
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.event_types as EventType[],
    status: row.enabled ? 'enabled' : 'disabled',
    disabledReason: row.enabled ? null : row.disabled_reason,
    previousSecretExpiresAt: previous && previous > now ? previous.toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function createWebhookEndpoints(db: Database, box: SecretBox, now: () => Date = () => new Date()) {
  const find = async (tx: Tx, organizationId: string, id: string) =>
    (
      await tx.query<Row>(`select ${COLUMNS} from webhook_endpoints where id = $1 and organization_id = $2`, [
        id,
        organizationId,
      ])
    )[0];

  return {
    /** The endpoint and its secret, shown this once; undefined when the organization has its most already. */
    async create(
      endpoint: NewEndpoint,
      actor: Changer = serviceActor(endpoint.organizationId),
    ): Promise<(WebhookEndpoint & { secret: string }) | undefined> {
      const id = `we_${randomBytes(12).toString('hex')}`;
      const secret = newWebhookSecret();
      return db.transaction(async (tx) => {
        const [{ count }] = await tx.query<{ count: number }>(
          'select count(*)::int as count from webhook_endpoints where organization_id = $1',
          [endpoint.organizationId],
        );
        if (count >= MAX_ENDPOINTS) return undefined;
        const [row] = await tx.query<Row>(
          `insert into webhook_endpoints (id, organization_id, url, description, event_types, secret_sealed, created_at)
           values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
          [
            id,
            endpoint.organizationId,
            endpoint.url,
            endpoint.description ?? '',
            endpoint.eventTypes ?? [],
            box.seal(secret, id),
            now(),
          ],
        );
        await recordChange(tx, actor, 'webhook_endpoint.created', id, { url: endpoint.url });
        return { ...toEndpoint(row, now()), secret };
      });
    },

    async list(organizationId: string): Promise<WebhookEndpoint[]> {
      const rows = await db.query<Row>(
        `select ${COLUMNS} from webhook_endpoints where organization_id = $1 order by created_at desc, id desc`,
        [organizationId],
      );
      return rows.map((row) => toEndpoint(row, now()));
    },

    async get(organizationId: string, id: string): Promise<WebhookEndpoint | undefined> {
      const row = await find(db, organizationId, id);
      return row && toEndpoint(row, now());
    },

    async update(actor: Changer, id: string, change: EndpointChange): Promise<WebhookEndpoint | undefined> {
      return db.transaction(async (tx) => {
        const before = await find(tx, actor.organizationId, id);
        if (!before) return undefined;
        const [row] = await tx.query<Row>(
          `update webhook_endpoints set url = coalesce($3, url), description = coalesce($4, description),
                  event_types = coalesce($5, event_types), enabled = coalesce($6, enabled),
                  disabled_reason = case when $6 is null then disabled_reason else null end,
                  failing_since = case when $6 then null else failing_since end, updated_at = $7
            where id = $1 and organization_id = $2 returning ${COLUMNS}`,
          [
            id,
            actor.organizationId,
            change.url ?? null,
            change.description ?? null,
            change.events ?? null,
            change.enabled ?? null,
            now(),
          ],
        );
        await recordChange(tx, actor, 'webhook_endpoint.updated', id, { ...change });
        return toEndpoint(row, now());
      });
    },

    /** Deletes the endpoint with its deliveries and their evidence. */
    remove: (actor: Changer, id: string): Promise<boolean> =>
      db.transaction(async (tx) => {
        const rows = await tx.query(
          'delete from webhook_endpoints where id = $1 and organization_id = $2 returning id',
          [id, actor.organizationId],
        );
        if (rows.length) await recordChange(tx, actor, 'webhook_endpoint.deleted', id);
        return rows.length > 0;
      }),

    /** A new secret, shown this once; the current one keeps signing beside it for 24 hours. */
    rotate: (actor: Changer, id: string): Promise<(WebhookEndpoint & { secret: string }) | undefined> =>
      db.transaction(async (tx) => {
        const secret = newWebhookSecret();
        const until = new Date(now().getTime() + ROTATION_OVERLAP_MS);
        const [row] = await tx.query<Row>(
          `update webhook_endpoints set previous_secret_sealed = secret_sealed, previous_secret_expires_at = $3,
                  secret_sealed = $4, updated_at = $5
            where id = $1 and organization_id = $2 returning ${COLUMNS}`,
          [id, actor.organizationId, until, box.seal(secret, id), now()],
        );
        if (!row) return undefined;
        await recordChange(tx, actor, 'webhook_endpoint.secret_rotated', id, {
          previousSecretExpiresAt: until.toISOString(),
        });
        return { ...toEndpoint(row, now()), secret };
      }),

    /** The secrets to sign with now, newest first. */
    async secrets(endpointId: string): Promise<string[]> {
      const [row] = await db.query<{
        secret_sealed: string;
        previous_secret_sealed: string | null;
        previous_secret_expires_at: Date | null;
      }>(
        'select secret_sealed, previous_secret_sealed, previous_secret_expires_at from webhook_endpoints where id = $1',
        [endpointId],
      );
      if (!row) return [];
      const previous =
        row.previous_secret_sealed && row.previous_secret_expires_at && new Date(row.previous_secret_expires_at) > now()
          ? [box.open(row.previous_secret_sealed, endpointId)]
          : [];
      return [box.open(row.secret_sealed, endpointId), ...previous];
    },

    /** Stops deliveries to an endpoint, with why, in the audit log (and so as an event). */
    disable: (endpointId: string, reason: string) =>
      db.transaction(async (tx) => {
        const [row] = await tx.query<{ organization_id: string }>(
          `update webhook_endpoints set enabled = false, disabled_reason = $2 where id = $1 and enabled
           returning organization_id`,
          [endpointId, reason],
        );
        if (row)
          await recordChange(tx, serviceActor(row.organization_id), 'webhook_endpoint.disabled', endpointId, {
            reason,
          });
      }),
  };
}

export type WebhookEndpoints = ReturnType<typeof createWebhookEndpoints>;
