/**
 * The workspaces a person works in: each organization they belong to, with their role there (their
 * own organization first). An AI app is connected for one of them, and acts only there.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { lockFor } from '../../db/locks.js';
import { type Actor, recordChange, type Tx } from '../events/record-change.js';

/** A role's name (core/grants/roles.ts says what each may do; the database allows only those three). */
type Role = 'owner' | 'engineer' | 'agent';

export interface Member {
  userId: string;
  name: string;
  email: string;
  role: Role;
  kind: 'account' | 'demo';
}

/** How a change to a membership ended: made (or already so), no such member, or refused as it would leave no owner. */
export type MembershipChange = 'done' | 'not_found' | 'last_owner';

/**
 * A member about to be changed, with the organization's owners locked until the transaction ends (so
 * two owners demoting each other at once cannot leave none): their role, and whether they are its last owner.
 */
async function memberToChange(
  tx: Tx,
  actor: Actor,
  userId: string,
): Promise<{ role: Role; lastOwner: boolean } | 'not_found'> {
  await lockFor(tx, 'ownersOfOrganization', actor.organizationId);
  const [row] = await tx.query<{ role: Role; owners: number }>(
    `select m.role, (select count(*)::int from memberships o where o.organization_id = m.organization_id and o.role = 'owner') as owners
       from memberships m where m.user_id = $1 and m.organization_id = $2`,
    [userId, actor.organizationId],
  );
  return row ? { role: row.role, lastOwner: row.role === 'owner' && row.owners <= 1 } : 'not_found';
}

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
     * Whether the person belongs to the organization, or did at any moment since `since` (their removal
     * is in its audit log, in either environment): a member of staff who was one while its review waited
     * may not decide it.
     */
    async belongedSince(userId: string, organizationId: string, since: string): Promise<boolean> {
      const [row] = await db.query<{ belonged: boolean }>(
        `select exists (select 1 from memberships where user_id = $1 and organization_id = $2)
             or exists (select 1 from membership_removals where user_id = $1 and organization_id = $2 and at >= $3)
             as belonged`,
        [userId, organizationId, since],
      );
      return Boolean(row?.belonged);
    },

    /** The organization's members, owners first. */
    async members(organizationId: string): Promise<Member[]> {
      const rows = await db.query<{ id: string; name: string; email: string; role: Role; kind: 'account' | 'demo' }>(
        `select u.id, u.name, u.email, m.role, u.kind from memberships m join users u on u.id = m.user_id
          where m.organization_id = $1 order by array_position(array['owner','engineer','agent'], m.role), u.name`,
        [organizationId],
      );
      return rows.map((r) => ({ userId: r.id, name: r.name, email: r.email, role: r.role, kind: r.kind }));
    },

    /**
     * Gives a member another role (an owner's change): refused when it would leave the organization
     * without an owner. What they may do changes at their next request, on every surface.
     */
    async changeRole(actor: Actor, userId: string, role: Role): Promise<MembershipChange> {
      return db.transaction(async (tx) => {
        const current = await memberToChange(tx, actor, userId);
        if (typeof current === 'string') return current;
        if (current.role === role) return 'done';
        if (current.lastOwner) return 'last_owner';
        await tx.query('update memberships set role = $3 where user_id = $1 and organization_id = $2', [
          userId,
          actor.organizationId,
          role,
        ]);
        await recordChange(tx, actor, 'membership.role_changed', userId, { from: current.role, to: role });
        return 'done';
      });
    },

    /**
     * Takes a person out of a workspace, in one transaction with the end of their console sessions
     * there and of every token their AI apps hold there (access and refresh, so no refresh brings one
     * back) and an audit entry. Refused when it would leave the organization without an owner.
     */
    /**
     * An organization of their own for an account that belongs to none (removed from its last one):
     * named after them, of the kind they last worked in, with them as owner. Undefined when they
     * belong to one after all (two sign-ins at once make one organization, not two).
     */
    async ownOrganization(userId: string): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        await lockFor(tx, 'ownersOfOrganization', `own:${userId}`);
        const [user] = await tx.query<{
          name: string;
          kind: string;
          belongs: boolean;
          organization_kind: string | null;
        }>(
          `select u.name, u.kind, exists (select 1 from memberships m where m.user_id = u.id) as belongs,
                  (select o.kind from organizations o where o.id = u.organization_id) as organization_kind
             from users u where u.id = $1`,
          [userId],
        );
        if (!user || user.kind !== 'account' || user.belongs) return undefined;
        const organizationId = `org_${randomBytes(10).toString('hex')}`;
        await tx.query('insert into organizations (id, name, kind) values ($1, $2, $3)', [
          organizationId,
          `${user.name}’s organization`,
          user.organization_kind ?? 'agency',
        ]);
        await tx.query('update users set organization_id = $2 where id = $1', [userId, organizationId]);
        await tx.query(`insert into memberships (user_id, organization_id, role) values ($1, $2, 'owner')`, [
          userId,
          organizationId,
        ]);
        await recordChange(tx, { userId, organizationId }, 'organization.created', organizationId, {
          reason: 'belonged to no organization',
        });
        return organizationId;
      });
    },

    async remove(actor: Actor, userId: string): Promise<MembershipChange> {
      return db.transaction(async (tx) => {
        const current = await memberToChange(tx, actor, userId);
        if (typeof current === 'string') return current;
        if (current.lastOwner) return 'last_owner';
        await tx.query('delete from memberships where user_id = $1 and organization_id = $2', [
          userId,
          actor.organizationId,
        ]);
        await tx.query(
          `delete from sessions s using users u where s.user_id = $1 and u.id = s.user_id
              and coalesce(s.organization_id, u.organization_id) = $2`,
          [userId, actor.organizationId],
        );
        await tx.query('select revoke_ai_app_tokens($1, $2)', [userId, actor.organizationId]);
        await recordChange(tx, actor, 'membership.removed', userId);
        return 'done';
      });
    },
  };
}

export type Memberships = ReturnType<typeof createMemberships>;
