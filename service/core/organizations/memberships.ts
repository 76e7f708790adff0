/**
 * The workspaces a person works in: each organization they belong to, with their role there (their
 * own organization first). An AI app is connected for one of them, and acts only there.
 */
import type { Database } from '../../db/database.js';
import { type Actor, recordChange } from '../events/record-change.js';

export interface Membership {
  organizationId: string;
  organizationName: string;
  kind: string;
  role: string;
}

export function createMemberships(db: Database) {
  return {
    async of(userId: string): Promise<Membership[]> {
      const rows = await db.query<{ organization_id: string; name: string; kind: string; role: string; own: boolean }>(
        `select m.organization_id, o.name, o.kind, m.role, (u.organization_id = m.organization_id) as own
           from memberships m join organizations o on o.id = m.organization_id join users u on u.id = m.user_id
          where m.user_id = $1 order by own desc, o.name`,
        [userId],
      );
      return rows.map((r) => ({
        organizationId: r.organization_id,
        organizationName: r.name,
        kind: r.kind,
        role: r.role,
      }));
    },

    /** The person's role in the organization now, or undefined when they do not belong to it. */
    async roleIn(userId: string, organizationId: string): Promise<string | undefined> {
      const [row] = await db.query<{ role: string }>(
        'select role from memberships where user_id = $1 and organization_id = $2',
        [userId, organizationId],
      );
      return row?.role;
    },

    /**
     * Takes a person out of a workspace, in one transaction with the end of every token their AI apps
     * hold there (access and refresh, so no refresh brings one back) and an audit entry.
     */
    async remove(actor: Actor, userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx.query(
          'delete from memberships where user_id = $1 and organization_id = $2 returning user_id',
          [userId, actor.organizationId],
        );
        if (!removed.length) return false;
        await tx.query(
          `update oauth_tokens set revoked_at = now() where user_id = $1 and organization_id = $2 and revoked_at is null`,
          [userId, actor.organizationId],
        );
        await recordChange(tx, actor, 'membership.removed', userId);
        return true;
      });
    },
  };
}

export type Memberships = ReturnType<typeof createMemberships>;
