/**
 * A change someone made: one audit-log entry and one outbox event, written in the caller's
 * transaction, so an event exists exactly when its change does. The event's type is the audit
 * action (`widget_key.created`), in the `resource.event` form webhooks will carry.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { currentVia } from './acting.js';

export interface Actor {
  userId: string;
  organizationId: string;
}

/** Who made a change no person made (the service disabling a failing webhook endpoint, say): no user. */
export const serviceActor = (organizationId: string) => ({ userId: null, organizationId });

export type Tx = Pick<Database, 'query'>;

export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

export async function recordChange(
  tx: Tx,
  actor: Actor | ReturnType<typeof serviceActor>,
  action: string,
  target: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  // A person's change names them; any other names the platform key acting, or the service.
  const via = actor.userId === null ? currentVia() : null;
  const [entry] = await tx.query<{ id: string; at: Date }>(
    'insert into audit_log (organization_id, user_id, via, action, target, detail) values ($1, $2, $3, $4, $5, $6) returning id, at',
    [actor.organizationId, actor.userId, via, action, target, JSON.stringify(detail)],
  );
  const payload = {
    type: action,
    target,
    detail,
    actor: { userId: actor.userId },
    occurredAt: new Date(entry.at).toISOString(),
  };
  await tx.query('insert into outbox (id, type, organization_id, audit_id, payload) values ($1, $2, $3, $4, $5)', [
    newEventId(),
    action,
    actor.organizationId,
    entry.id,
    JSON.stringify(payload),
  ]);
}
