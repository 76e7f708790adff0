/**
 * An owner's invitations: by e-mail, with a role, single-use and good for 7 days (a newer one to the
 * same address replaces it). The link's secret is stored only as a hash. Whoever opens it joins only
 * as the address it was sent to: signed in as that account, or making the account there and then (the
 * link proves the address, so no second confirmation is asked).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { hashSecret, newSecret } from '../../db/secrets.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { type Actor, recordChange } from '../events/record-change.js';
import { ROLES, type Role } from '../grants/roles.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { RateStore } from '../metering/rate-store.js';
import { recordAccountEvent } from './account-events.js';
import { accountMail } from './account-mail.js';
import { nulProblem } from '../../web/typed-text.js';
import { canonicalEmail, emailProblem, normalEmail, sameEmail } from './email-address.js';
import { hashPassword } from './passwords.js';
import type { VetPassword } from './password-forms.js';

export const INVITATION_DAYS = 7;
/** Invitations an organization may send in an hour. */
export const INVITATIONS_PER_HOUR = 20;

export interface Invitation {
  id: string;
  email: string;
  role: Role;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

export interface InvitationView {
  organizationId: string;
  organizationName: string;
  email: string;
  role: Role;
  invitedBy: string;
}

export type InviteOutcome =
  { invited: Invitation } | { problem: { email?: string; role?: string } } | { tooMany: true };
export type AcceptOutcome = 'joined' | 'spent' | 'not_for_you' | 'has_account';

const live = 'accepted_at is null and revoked_at is null and expires_at > now()';

export function createInvitations(
  db: Database,
  parts: { mail: MailOutbox; consolePage: (path: string) => string; rates: RateStore; vetPassword: VetPassword },
) {
  const { mail, consolePage, rates, vetPassword } = parts;

  async function view(token: string): Promise<InvitationView | undefined> {
    const [row] = await db.query<{ organization_id: string; name: string; email: string; role: Role; by: string }>(
      `select i.organization_id, o.name, i.email, i.role, u.name as by from invitations i
         join organizations o on o.id = i.organization_id join users u on u.id = i.invited_by
        where i.token_sha256 = $1 and ${live}`,
      [hashSecret(token)],
    );
    return (
      row && {
        organizationId: row.organization_id,
        organizationName: row.name,
        email: row.email,
        role: row.role,
        invitedBy: row.by,
      }
    );
  }

  /** Joins the invitation's organization with its role, in the caller's transaction: spent exactly once. */
  async function join(tx: Pick<Database, 'query'>, token: string, userId: string): Promise<InvitationView | undefined> {
    const [row] = await tx.query<{ id: string; organization_id: string; role: Role; email: string }>(
      `update invitations set accepted_at = now(), accepted_by = $2 where token_sha256 = $1 and ${live}
       returning id, organization_id, role, email`,
      [hashSecret(token), userId],
    );
    if (!row) return undefined;
    await tx.query(
      `insert into memberships (user_id, organization_id, role) values ($1, $2, $3) on conflict (user_id, organization_id) do nothing`,
      [userId, row.organization_id, row.role],
    );
    await recordChange(tx, { userId, organizationId: row.organization_id }, 'invitation.accepted', row.id, {
      role: row.role,
    });
    return {
      organizationId: row.organization_id,
      organizationName: '',
      email: row.email,
      role: row.role,
      invitedBy: '',
    };
  }

  return {
    /** Invites `email` to the actor's organization with `role`, and mails the link. */
    async invite(actor: Actor, form: { email: string; role: string }): Promise<InviteOutcome> {
      const email = canonicalEmail(form.email);
      const problem = {
        email: emailProblem(email),
        role: (ROLES as string[]).includes(form.role) ? undefined : 'Choose a role: owner, engineer or agent.',
      };
      if (!problem.email) {
        const [member] = await db.query(
          `select 1 from memberships m join users u on u.id = m.user_id where m.organization_id = $1 and lower(u.email) = $2`,
          [actor.organizationId, normalEmail(email)],
        );
        if (member) problem.email = `${email} is a member already: change their role in the list above instead.`;
      }
      if (problem.email || problem.role) return { problem };
      const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
      if ((await rates.count(`invitations:${actor.organizationId}`, hour)) > INVITATIONS_PER_HOUR)
        return { tooMany: true };
      const token = newSecret();
      const id = `inv_${randomBytes(10).toString('hex')}`;
      const invited = await db.transaction(async (tx) => {
        await tx.query(
          `update invitations set revoked_at = now() where organization_id = $1 and lower(email) = $2 and ${live}`,
          [actor.organizationId, normalEmail(email)],
        );
        const [row] = await tx.query<{ created_at: Date; expires_at: Date; org: string; by: string }>(
          `insert into invitations (id, token_sha256, organization_id, email, role, invited_by, expires_at)
           values ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7))
           returning created_at, expires_at, (select name from organizations where id = $3) as org, (select name from users where id = $6) as by`,
          [id, hashSecret(token), actor.organizationId, email, form.role, actor.userId, INVITATION_DAYS],
        );
        await recordChange(tx, actor, 'invitation.created', id, { email, role: form.role });
        await mail.enqueue(
          tx,
          accountMail.invitation(
            email,
            { organization: row.org, by: row.by, role: form.role, days: INVITATION_DAYS },
            consolePage(`invitations/accept?token=${token}`),
          ),
        );
        return {
          id,
          email,
          role: form.role as Role,
          invitedBy: row.by,
          createdAt: new Date(row.created_at).toISOString(),
          expiresAt: new Date(row.expires_at).toISOString(),
        };
      });
      return { invited };
    },

    /** The organization's invitations still waiting, newest first. */
    async pending(organizationId: string): Promise<Invitation[]> {
      const rows = await db.query<{
        id: string;
        email: string;
        role: Role;
        by: string;
        created_at: Date;
        expires_at: Date;
      }>(
        `select i.id, i.email, i.role, u.name as by, i.created_at, i.expires_at from invitations i join users u on u.id = i.invited_by
          where i.organization_id = $1 and ${live} order by i.created_at desc`,
        [organizationId],
      );
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        role: r.role,
        invitedBy: r.by,
        createdAt: new Date(r.created_at).toISOString(),
        expiresAt: new Date(r.expires_at).toISOString(),
      }));
    },

    /** Withdraws a waiting invitation: whether there was one. */
    async revoke(actor: Actor, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const revoked = await tx.query(
          `update invitations set revoked_at = now() where id = $1 and organization_id = $2 and ${live} returning 1`,
          [id, actor.organizationId],
        );
        if (revoked.length) await recordChange(tx, actor, 'invitation.revoked', id);
        return revoked.length > 0;
      });
    },

    /** What a link invites to, while it works. */
    view,

    /** Accepts as a signed-in account: only the one at the invited address. */
    async accept(token: string, user: { id: string; email: string }): Promise<AcceptOutcome> {
      const invitation = await view(token);
      if (!invitation) return 'spent';
      if (!sameEmail(invitation.email, user.email)) return 'not_for_you';
      return db.transaction(async (tx) => ((await join(tx, token, user.id)) ? 'joined' : 'spent'));
    },

    /** Makes the account at the invited address (the link proves it) and joins: the new account's id. */
    async acceptAsNew(
      token: string,
      form: { name: string; password: string },
      requester: { clientAddress: string },
    ): Promise<{ userId: string } | { problem: { name?: string; password?: string } } | { refused: AcceptOutcome }> {
      const invitation = await view(token);
      if (!invitation) return { refused: 'spent' };
      const name = form.name.trim();
      const problem = {
        name: !name
          ? 'Enter your name.'
          : [...name].length > 100
            ? 'Shorten your name to 100 characters.'
            : nulProblem(name),
        password: await vetPassword(form.password, [name, invitation.email, invitation.organizationName], requester),
      };
      if (problem.name || problem.password) return { problem };
      const hash = await hashPassword(form.password);
      return db
        .transaction(async (tx) => {
          const [taken] = await tx.query(`select 1 from users where kind = 'account' and lower(email) = $1`, [
            normalEmail(invitation.email),
          ]);
          if (taken) return { refused: 'has_account' as const };
          const userId = `usr_${randomBytes(10).toString('hex')}`;
          await tx.query(
            `insert into users (id, organization_id, name, email, role, kind, password_hash, email_verified_at)
           values ($1, $2, $3, $4, $5, 'account', $6, now())`,
            [userId, invitation.organizationId, name, invitation.email, invitation.role, hash],
          );
          const joined = await join(tx, token, userId);
          if (!joined) throw new Error('The invitation was spent while the account was made.');
          await recordAccountEvent(tx, userId, 'account.created', requester);
          return { userId };
        })
        .catch((error: unknown) => {
          // The address's account was made at the same moment (its own sign-up): sign in to accept.
          if (isUniqueViolation(error)) return { refused: 'has_account' as const };
          throw error;
        });
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
