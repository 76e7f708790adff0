/**
 * Writes an AI app asks for on a person's behalf, waiting for the person: the app gets a preview, an
 * action id and an expiry; nothing changes until the person confirms on the service's page, and then
 * the write is done once (the claim is one statement, so two clicks do one write). The same
 * idempotency key gives the same action; with other input it is refused. Done under the person's name.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import type { Actor, AppActor } from '../events/record-change.js';

/** How long a preview waits for the person. */
export const ACTION_MINUTES = 15;

export type ActionStatus = 'pending' | 'confirmed' | 'declined' | 'failed' | 'expired';
export interface PendingAction {
  id: string;
  organizationId: string;
  kind: string;
  input: Record<string, unknown>;
  status: ActionStatus;
  result: Record<string, unknown> | null;
  expiresAt: string;
  /** The AI app that asked, by its registered name (undefined when it gave none). */
  appName?: string;
  /** True when `open` made it just now (not a retry that found it). */
  opened?: boolean;
}
interface Row {
  id: string;
  organization_id: string;
  kind: string;
  input: Record<string, unknown> | string;
  status: ActionStatus;
  result: Record<string, unknown> | string | null;
  expires_at: Date;
  app_name?: string | null;
  opened?: boolean;
}
const json = <T>(value: T | string) => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
/** An input's text with its keys in one order (jsonb keeps its own order, not the one written). */
const canonical = (input: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(input)
      .sort()
      .map((key) => [key, input[key]]),
  );

export function createPendingActions(db: Database, now = () => new Date()) {
  const toAction = (row: Row): PendingAction => ({
    id: row.id,
    organizationId: row.organization_id,
    kind: row.kind,
    input: json(row.input),
    status: row.status === 'pending' && new Date(row.expires_at) <= now() ? 'expired' : row.status,
    result: row.result === null ? null : json(row.result),
    expiresAt: new Date(row.expires_at).toISOString(),
    appName: row.app_name ?? undefined,
  });
  const find = async (userId: string, id: string) => {
    const [row] = await db.query<Row>(
      `select a.*, c.metadata->>'client_name' as app_name from mcp_actions a
         left join oauth_clients c on c.client_id = a.client_id where a.user_id = $1 and a.id = $2`,
      [userId, id],
    );
    return row && toAction(row);
  };

  return {
    find,
    /** The action of this key: a new preview, the same one again, or `mismatch` for other input. */
    async open(
      actor: AppActor,
      kind: string,
      idempotencyKey: string,
      input: Record<string, unknown>,
    ): Promise<PendingAction | 'mismatch'> {
      const [row] = await db.query<Row>(
        `insert into mcp_actions (id, user_id, organization_id, kind, input, idempotency_key, status, expires_at, client_id)
         values ($1, $2, $3, $4, $5, $6, 'pending', $7, $8)
         on conflict (user_id, kind, idempotency_key) do update set kind = excluded.kind
         returning *, xmax = 0 as opened`,
        [
          randomBytes(16).toString('hex'),
          actor.userId,
          actor.organizationId,
          kind,
          JSON.stringify(input),
          idempotencyKey,
          new Date(now().getTime() + ACTION_MINUTES * 60_000),
          actor.clientId ?? null,
        ],
      );
      const action = { ...toAction(row!), opened: row!.opened === true };
      return canonical(action.input) === canonical(input) && action.organizationId === actor.organizationId
        ? action
        : 'mismatch';
    },
    /**
     * The person's answer: `write` runs once for a confirmed, unexpired, pending action, as the person
     * in the action's workspace; its result (or why it failed) is kept for the app's next call.
     */
    async decide(
      userId: string,
      id: string,
      allow: boolean,
      write: (action: PendingAction, actor: Actor) => Promise<{ result: Record<string, unknown> } | { failed: string }>,
    ): Promise<PendingAction | undefined> {
      const [claimed] = await db.query<Row>(
        `update mcp_actions set status = $3 where user_id = $1 and id = $2 and status = 'pending' and expires_at > $4 returning *`,
        [userId, id, allow ? 'confirmed' : 'declined', now()],
      );
      if (claimed && allow) {
        const action = toAction(claimed);
        // A write that throws changed nothing (its transaction rolled back): the action fails, never stays half-done.
        const outcome = await write(action, { userId, organizationId: action.organizationId }).catch(() => ({
          failed: 'the service could not do it just now; nothing was changed. The app can ask again.',
        }));
        await db.query('update mcp_actions set status = $2, result = $3 where id = $1', [
          id,
          'result' in outcome ? 'confirmed' : 'failed',
          JSON.stringify('result' in outcome ? outcome.result : { reason: outcome.failed }),
        ]);
      }
      return find(userId, id);
    },
  };
}

export type PendingActions = ReturnType<typeof createPendingActions>;
