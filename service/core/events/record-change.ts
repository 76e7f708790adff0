/**
 * A change someone made: one audit-log entry and one outbox event, written in the caller's
 * transaction, so an event exists exactly when its change does. The event's type is the audit
 * action (`widget_key.created`), in the `resource.event` form webhooks will carry.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { currentVia } from './acting.js';
import type { Change, ChangeAction, DetailOf } from './change-types.js';

export interface Actor {
  userId: string;
  organizationId: string;
}

/** A person acting through an AI app (its OAuth client id): a confirmation page names the app. */
export type AppActor = Actor & { clientId?: string };

/** Who made a change no person made (the service disabling a failing webhook endpoint, say): no user. */
export const serviceActor = (organizationId: string) => ({ userId: null, organizationId });

/** Whom a change is recorded under: a person in a workspace, or the service. */
export type ChangeAuthor = Actor | ReturnType<typeof serviceActor>;

export type Tx = Pick<Database, 'query'>;

export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

export async function recordChange<A extends ChangeAction>(
  tx: Tx,
  actor: ChangeAuthor,
  action: A,
  target: string,
  ...[detail = {} as DetailOf<A>]: Record<never, never> extends DetailOf<A>
    ? [detail?: DetailOf<A>]
    : [detail: DetailOf<A>]
): Promise<void> {
  // A person's change names them (given, or acting in the console); any other names the platform key acting, or the service.
  const acting = actor.userId === null ? currentVia() : null;
  const userId = actor.userId ?? (acting?.startsWith('person:') ? acting.slice('person:'.length) : null);
  const via = userId === null ? acting : null;
  const [entry] = await tx.query<{ id: string; at: Date }>(
    'insert into audit_log (organization_id, user_id, via, action, target, detail) values ($1, $2, $3, $4, $5, $6) returning id, at',
    [actor.organizationId, userId, via, action, target, JSON.stringify(detail)],
  );
  const payload = {
    type: action,
    target,
    detail,
    actor: { userId },
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

/** `recordChange` for a change held as a value: its detail was checked against its action where it was made. */
export const recordChangeOf = (tx: Tx, actor: ChangeAuthor, target: string, change: Change) =>
  recordChange(tx, actor, change.action as ChangeAction, target, (change.detail ?? {}) as DetailOf<ChangeAction>);
