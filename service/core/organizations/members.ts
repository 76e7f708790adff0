/** The people who can sign in to the console, and an organization's audit log. */
import type { Database } from '../../db/database.js';
import { type Actor, recordChange } from '../events/record-change.js';

export interface AuditEntry {
  at: string;
  userName: string | null;
  action: string;
  target: string;
  detail: Record<string, unknown>;
}

export function createMembers(db: Database) {
  return {
    users: () =>
      db.query<{ id: string; name: string; email: string; role: string; organization_name: string }>(
        'select u.id, u.name, u.email, u.role, o.name as organization_name from users u join organizations o on o.id = u.organization_id order by o.name, u.name',
      ),

    /** Records a change made outside the keys (connecting an AI app, say): audit entry and event, together. */
    record: (actor: Actor, action: string, target: string, detail: Record<string, unknown> = {}) =>
      db.transaction((tx) => recordChange(tx, actor, action, target, detail)),

    audit: async (actor: Actor): Promise<AuditEntry[]> =>
      (
        await db.query<{
          at: Date;
          user_name: string | null;
          action: string;
          target: string;
          detail: Record<string, unknown> | string;
        }>(
          `select a.at, u.name as user_name, a.action, a.target, a.detail from audit_log a left join users u on u.id = a.user_id
            where a.organization_id = $1 order by a.at desc, a.id desc limit 200`,
          [actor.organizationId],
        )
      ).map((r) => ({
        at: new Date(r.at).toISOString(),
        userName: r.user_name,
        action: r.action,
        target: r.target,
        detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
      })),
  };
}

export type Members = ReturnType<typeof createMembers>;
