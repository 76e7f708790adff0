/**
 * The workspaces a person works in: each organization they belong to, with their role there (their
 * own organization first). An AI app is connected for one of them, and acts only there.
 */
import type { Database } from '../../db/database.js';

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
  };
}

export type Memberships = ReturnType<typeof createMemberships>;
