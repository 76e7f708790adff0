/**
 * An organization's webhook endpoints: made with a fresh secret (returned once, kept sealed), changed,
 * deleted, their secret rotated (each previous one signs too for 24 hours from its own rotation), and
 * the secrets a delivery signs with. Every change is recorded in the audit log like any other, in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { type ChangeAuthor, recordChange, serviceActor, type Tx } from '../events/record-change.js';
import type { SecretBox } from './secret-box.js';
import { newWebhookSecret } from './signing.js';
import { roomInOrganization } from '../../db/organization-rows.js';

export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
type EventType = components['schemas']['WebhookEventType'];

/** How long a rotated secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
/** Rotated-out secrets that may sign at once beside the current one; a rotation past that retires the oldest. */
export const MAX_RETIRED_SECRETS = 4;
/** Endpoints per organization (as Stripe's 16, a little more). */
export const MAX_ENDPOINTS = 20;

/** Who changes an endpoint: a person in the console, or a platform key (no person). */

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
  retired_secrets: RetiredSecret[] | string;
  created_at: Date;
}

/** A rotated-out secret, sealed, and until when it still signs. */
interface RetiredSecret {
  sealed: string;
  expiresAt: string;
}

const COLUMNS = 'id, url, description, event_types, enabled, disabled_reason, retired_secrets, created_at';

const retiredIn = (row: Pick<Row, 'retired_secrets'>, now: Date): RetiredSecret[] =>
  (typeof row.retired_secrets === 'string'
    ? (JSON.parse(row.retired_secrets) as RetiredSecret[])
    : row.retired_secrets
  ).filter((retired) => new Date(retired.expiresAt) > now);

function toEndpoint(row: Row, now: Date): WebhookEndpoint {
  const [latest] = retiredIn(row, now);
  return {
    object: 'webhook_endpoint',
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.event_types as EventType[],
    status: row.enabled ? 'enabled' : 'disabled',
    disabledReason: row.enabled ? null : row.disabled_reason,
    previousSecretExpiresAt: latest ? new Date(latest.expiresAt).toISOString() : null,
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
      actor: ChangeAuthor = serviceActor(endpoint.organizationId),
    ): Promise<(WebhookEndpoint & { secret: string }) | undefined> {
      const id = `we_${randomBytes(12).toString('hex')}`;
      const secret = newWebhookSecret();
      return db.transaction(async (tx) => {
        if (!(await roomInOrganization(tx, 'webhook_endpoints', endpoint.organizationId, MAX_ENDPOINTS)))
          return undefined;
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

    async update(actor: ChangeAuthor, id: string, change: EndpointChange): Promise<WebhookEndpoint | undefined> {
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
    remove: (actor: ChangeAuthor, id: string): Promise<boolean> =>
      db.transaction(async (tx) => {
        const rows = await tx.query(
          'delete from webhook_endpoints where id = $1 and organization_id = $2 returning id',
          [id, actor.organizationId],
        );
        if (rows.length) await recordChange(tx, actor, 'webhook_endpoint.deleted', id);
        return rows.length > 0;
      }),

    /**
     * A new secret, shown this once; the current one keeps signing beside it for 24 hours, and so does
     * each earlier one for the rest of its own 24 hours (at most MAX_RETIRED_SECRETS, the oldest dropped).
     */
    rotate: (actor: ChangeAuthor, id: string): Promise<(WebhookEndpoint & { secret: string }) | undefined> =>
      db.transaction(async (tx) => {
        const [current] = await tx.query<{ secret_sealed: string; retired_secrets: Row['retired_secrets'] }>(
          'select secret_sealed, retired_secrets from webhook_endpoints where id = $1 and organization_id = $2 for update',
          [id, actor.organizationId],
        );
        if (!current) return undefined;
        const secret = newWebhookSecret();
        const until = new Date(now().getTime() + ROTATION_OVERLAP_MS);
        const retired = [
          { sealed: current.secret_sealed, expiresAt: until.toISOString() },
          ...retiredIn(current, now()),
        ].slice(0, MAX_RETIRED_SECRETS);
        const [row] = await tx.query<Row>(
          `update webhook_endpoints set retired_secrets = $3, secret_sealed = $4, updated_at = $5
            where id = $1 and organization_id = $2 returning ${COLUMNS}`,
          [id, actor.organizationId, JSON.stringify(retired), box.seal(secret, id), now()],
        );
        await recordChange(tx, actor, 'webhook_endpoint.secret_rotated', id, {
          previousSecretExpiresAt: until.toISOString(),
        });
        return { ...toEndpoint(row, now()), secret };
      }),

    /** The secrets to sign with now, newest first. */
    async secrets(endpointId: string): Promise<string[]> {
      const [row] = await db.query<{ secret_sealed: string; retired_secrets: Row['retired_secrets'] }>(
        'select secret_sealed, retired_secrets from webhook_endpoints where id = $1',
        [endpointId],
      );
      if (!row) return [];
      return [row.secret_sealed, ...retiredIn(row, now()).map((retired) => retired.sealed)].map((sealed) =>
        box.open(sealed, endpointId),
      );
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
