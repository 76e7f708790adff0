/**
 * Widget keys an AI app asked for on a person's behalf (MCP's `create_widget_key`): each request
 * waits for the person to confirm on the console's page (never in the app) and creates the key once,
 * through the one validated `createWidgetKey`. Retries are the idempotency store's business.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import type { Actor } from '../events/record-change.js';
import type { KeyInputErrors, WidgetKeyAdmin } from './widget-key-admin.js';
import { ACTION_MINUTES } from '../organizations/pending-actions.js';

export interface KeyRequest {
  name: string;
  origins: string[];
  /** `expired`: still pending when its 15 minutes ran out (as every write an app asks for). */
  status: 'pending' | 'declined' | 'created' | 'expired';
  widgetKeyId: string | null;
  /** The workspace the app was connected for, where the key would be made. */
  organizationId: string;
  /** The AI app that asked, by its registered name (undefined when it gave none). */
  appName?: string;
}

export function createKeyRequests(db: Database, keys: WidgetKeyAdmin, now = () => new Date()) {
  /** Creates the key a request names; the request stays pending when the input is refused. */
  async function create(
    actor: Actor,
    confirmationId: string,
    name: string,
    origins: string[],
  ): Promise<{ id: string } | { errors: KeyInputErrors }> {
    const created = await keys.createWidgetKey(actor, name, origins);
    if ('id' in created)
      await db.query(`update key_requests set status = 'created', widget_key_id = $2 where confirmation_id = $1`, [
        confirmationId,
        created.id,
      ]);
    return created;
  }

  /** A request of this person's; undefined for anyone else's, as for none. */
  async function find(userId: string, confirmationId: string): Promise<KeyRequest | undefined> {
    const [row] = await db.query<{
      name: string;
      origins: string[];
      status: KeyRequest['status'];
      widget_key_id: string | null;
      organization_id: string;
      expires_at: Date;
      app_name: string | null;
    }>(
      `select r.name, r.origins, r.status, r.widget_key_id, r.organization_id, r.expires_at,
              c.metadata->>'client_name' as app_name
         from key_requests r left join oauth_clients c on c.client_id = r.client_id
        where r.user_id = $1 and r.confirmation_id = $2`,
      [userId, confirmationId],
    );
    return (
      row && {
        name: row.name,
        origins: row.origins,
        status: row.status === 'pending' && new Date(row.expires_at) <= now() ? 'expired' : row.status,
        widgetKeyId: row.widget_key_id,
        organizationId: row.organization_id,
        appName: row.app_name ?? undefined,
      }
    );
  }

  return {
    find,

    /** Records a request, pending until the person decides on the console's page. */
    async open(
      actor: Actor & { clientId?: string },
      name: string,
      origins: string[],
    ): Promise<{ confirmationId: string }> {
      const confirmationId = randomBytes(16).toString('hex');
      await db.query(
        `insert into key_requests (user_id, organization_id, name, origins, status, confirmation_id, expires_at, client_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          actor.userId,
          actor.organizationId,
          name.trim(),
          origins,
          'pending',
          confirmationId,
          new Date(now().getTime() + ACTION_MINUTES * 60_000),
          actor.clientId ?? null,
        ],
      );
      return { confirmationId };
    },

    /** The person's answer on the service's page: creates the key once, or records the refusal. */
    async decide(actor: Actor, confirmationId: string, allow: boolean): Promise<string | undefined> {
      // Claimed in one statement, so two clicks cannot create two keys.
      const [claimed] = await db.query<{ name: string; origins: string[]; organization_id: string }>(
        `update key_requests set status = $3
          where user_id = $1 and confirmation_id = $2 and status = 'pending' and expires_at > $4
         returning name, origins, organization_id`,
        [actor.userId, confirmationId, allow ? 'created' : 'declined', now()],
      );
      if (!claimed || !allow) return undefined;
      let created: Awaited<ReturnType<typeof create>> | undefined;
      try {
        // In the workspace the app was connected for, which may not be the person's own organization.
        const inWorkspace = { ...actor, organizationId: claimed.organization_id };
        created = await create(inWorkspace, confirmationId, claimed.name, claimed.origins);
      } finally {
        if (!created || !('id' in created))
          await db.query(`update key_requests set status = 'pending' where confirmation_id = $1`, [confirmationId]);
      }
      return 'id' in created ? created.id : undefined;
    },
  };
}

export type KeyRequests = ReturnType<typeof createKeyRequests>;
