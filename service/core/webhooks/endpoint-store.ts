/**
 * An organization's webhook endpoints: made with a fresh secret (returned once, kept sealed), the
 * secrets a delivery signs with (the current one, and the previous one for 24 hours after a rotation),
 * and disabling one, recorded in the audit log as a change like any other.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { recordChange, serviceActor } from '../events/record-change.js';
import type { SecretBox } from './secret-box.js';
import { newWebhookSecret } from './signing.js';

export interface NewEndpoint {
  organizationId: string;
  url: string;
  eventTypes?: string[];
  description?: string;
}

export function createWebhookEndpoints(db: Database, box: SecretBox, now: () => Date = () => new Date()) {
  return {
    /** The endpoint's id and its secret, shown this once. */
    async create(endpoint: NewEndpoint): Promise<{ id: string; secret: string }> {
      const id = `we_${randomBytes(12).toString('hex')}`;
      const secret = newWebhookSecret();
      await db.query(
        `insert into webhook_endpoints (id, organization_id, url, description, event_types, secret_sealed, created_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
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
      return { id, secret };
    },

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
