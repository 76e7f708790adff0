/**
 * Console sessions: a random id (carried in a cookie, surfaces/console/cookies.ts), stored only as
 * its hash, each with the CSRF token every form must send back. A row is written only at sign-in
 * (a new id each time: no fixation); before it, a visitor's forms are protected by a token in a
 * cookie of its own (`anonymous`), so requests without a cookie write nothing. A session ends 12
 * hours after sign-in, or after 2 hours unused; a person sees theirs (the device and address each
 * began from, when each was last used) and can end any. Expired rows are swept.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { hashSecret, newSecret } from '../../db/secrets.js';
import { AFTER_REVIEW, type Environment } from '../../db/environments.js';

export const LIFETIME_HOURS = 12;
export const IDLE_MINUTES = 120;
/** How often a session's last use is written: a page a second must not write a row a second. */
const TOUCH_SECONDS = 60;

/** Where a session began: the browser's own description of itself and the client's address. */
export interface SessionOrigin {
  userAgent?: string;
  clientAddress?: string;
}

export interface SessionSummary {
  publicId: string;
  userAgent: string | null;
  clientAddress: string | null;
  createdAt: string;
  lastUsedAt: string;
}

export interface Session {
  /** The stored session's id hash; undefined before sign-in (nothing is stored then). */
  idSha256?: string;
  /** The id a person's list of sessions names it by (never the cookie's). */
  publicId?: string;
  csrfToken: string;
  /** The environment the console shows: live only while `user.mayUseLive`. */
  environment: Environment;
  user?: {
    id: string;
    name: string;
    email: string;
    role: string;
    organizationId: string;
    organizationName: string;
    /** Whose people the workspace has: the sandbox's, or real accounts'. */
    organizationPeople: 'demo' | 'accounts';
    /** What the organization is: the console shows each kind its own areas (inventory, distribution). */
    organizationKind: 'agency' | 'developer' | 'partner_site';
    /** A real account, or one of the sandbox's people (chosen without a password). */
    kind: 'account' | 'demo';
    /** One of the service's staff, who decide integration reviews. */
    staff: boolean;
    /** A real account whose organization passed its integration review: the console may switch to live. */
    mayUseLive: boolean;
  };
}

export function createSessions(db: Database) {
  /**
   * Starts a session in `organizationId`, or in the person's own organization (else their first): undefined when
   * they belong to none.
   */
  async function start(
    userId: string,
    origin: SessionOrigin,
    organizationId?: string,
  ): Promise<{ id: string; session: Session } | undefined> {
    const id = newSecret();
    const csrfToken = newSecret();
    const started = await db.query(
      `insert into sessions (id_sha256, user_id, csrf_token, expires_at, user_agent, client_address, organization_id)
       select $1, $2, $3, now() + interval '${LIFETIME_HOURS} hours', $4, $5, m.organization_id
         from memberships m join users u on u.id = m.user_id
        where m.user_id = $2 and ($6::text is null or m.organization_id = $6)
        order by (m.organization_id = u.organization_id) desc, m.organization_id limit 1
       returning 1`,
      [
        hashSecret(id),
        userId,
        csrfToken,
        origin.userAgent?.slice(0, 300) ?? null,
        origin.clientAddress ?? null,
        organizationId ?? null,
      ],
    );
    if (!started.length) return undefined;
    return { id, session: (await find(id))! };
  }

  /** The signed-in session `id` names, in its workspace: none when it expired or the person no longer belongs there. */
  async function find(id: string | undefined): Promise<Session | undefined> {
    if (!id) return undefined;
    const [row] = await db.query<{
      id_sha256: string;
      public_id: string;
      touch: boolean;
      kind: 'account' | 'demo';
      staff: boolean;
      people: 'demo' | 'accounts';
      csrf_token: string;
      user_id: string;
      name: string;
      email: string;
      role: string;
      organization_id: string;
      organization_name: string;
      organization_kind: 'agency' | 'developer' | 'partner_site';
      environment: Environment;
      may_use_live: boolean;
    }>(
      `select s.id_sha256, s.public_id, s.csrf_token, u.id as user_id, u.name, u.email, m.role, u.kind, u.staff,
              m.organization_id, o.name as organization_name, o.kind as organization_kind, o.people, s.environment,
              (u.kind = 'account' and o.people = 'accounts' and coalesce(r.status = 'approved', false)) as may_use_live,
              s.last_used_at < now() - interval '${TOUCH_SECONDS} seconds' as touch
         from sessions s join users u on u.id = s.user_id
         join memberships m on m.user_id = u.id and m.organization_id = coalesce(s.organization_id, u.organization_id)
         join organizations o on o.id = m.organization_id
         left join integration_reviews r on r.organization_id = m.organization_id
        where s.id_sha256 = $1 and s.expires_at > now() and s.last_used_at > now() - interval '${IDLE_MINUTES} minutes'`,
      [hashSecret(id)],
    );
    if (!row) return undefined;
    if (row.touch) await db.query('update sessions set last_used_at = now() where id_sha256 = $1', [row.id_sha256]);
    return {
      idSha256: row.id_sha256,
      publicId: row.public_id,
      csrfToken: row.csrf_token,
      environment: row.may_use_live ? row.environment : 'sandbox',
      user: {
        id: row.user_id,
        name: row.name,
        email: row.email,
        role: row.role,
        organizationId: row.organization_id,
        organizationName: row.organization_name,
        organizationPeople: row.people,
        organizationKind: row.organization_kind,
        kind: row.kind,
        staff: row.staff,
        mayUseLive: row.may_use_live,
      },
    };
  }

  async function end(session: Session) {
    if (session.idSha256) await db.query('delete from sessions where id_sha256 = $1', [session.idSha256]);
  }

  return {
    find,
    /**
     * Ends the session there was, if any, and starts a signed-in one for `userId` (a new id and token),
     * in `organizationId` or their own: undefined when they belong to no organization.
     */
    async signIn(previous: Session, userId: string, origin: SessionOrigin = {}, organizationId?: string) {
      await end(previous);
      return start(userId, origin, organizationId);
    },

    /** Shows the console in `environment`: live only where the person may use it (whether it switched). */
    async show(session: Session, environment: Environment): Promise<boolean> {
      if (AFTER_REVIEW[environment] && !session.user?.mayUseLive) return false;
      await db.query('update sessions set environment = $2 where id_sha256 = $1', [
        session.idSha256 ?? '',
        environment,
      ]);
      return true;
    },

    /** Moves a session to another workspace of the same person: whether they belong to it. */
    async switchTo(session: Session, organizationId: string): Promise<boolean> {
      const moved = await db.query(
        `update sessions s set organization_id = $2 from memberships m
          where s.id_sha256 = $1 and m.user_id = s.user_id and m.organization_id = $2 returning 1`,
        [session.idSha256 ?? '', organizationId],
      );
      return moved.length > 0;
    },
    end,

    /** A person's sessions still running, the most recently used first. */
    async of(userId: string): Promise<SessionSummary[]> {
      const rows = await db.query<{
        public_id: string;
        user_agent: string | null;
        client_address: string | null;
        created_at: Date;
        last_used_at: Date;
      }>(
        `select public_id, user_agent, client_address, created_at, last_used_at from sessions
          where user_id = $1 and expires_at > now() and last_used_at > now() - interval '${IDLE_MINUTES} minutes'
          order by last_used_at desc, created_at desc`,
        [userId],
      );
      return rows.map((r) => ({
        publicId: r.public_id,
        userAgent: r.user_agent,
        clientAddress: r.client_address,
        createdAt: new Date(r.created_at).toISOString(),
        lastUsedAt: new Date(r.last_used_at).toISOString(),
      }));
    },

    /** Ends one of a person's sessions by its public id: whether there was one. */
    async endOne(userId: string, publicId: string): Promise<boolean> {
      return (
        (await db.query('delete from sessions where user_id = $1 and public_id = $2 returning 1', [userId, publicId]))
          .length > 0
      );
    },

    /** Ends every session of a person but `keep` (the one asking): how many. */
    async endOthers(userId: string, keep: Session): Promise<number> {
      return (
        await db.query('delete from sessions where user_id = $1 and id_sha256 <> $2 returning 1', [
          userId,
          keep.idSha256 ?? '',
        ])
      ).length;
    },

    /** Deletes sessions past their lifetime or idle too long: how many. */
    async sweep(): Promise<number> {
      return (
        await db.query(
          `delete from sessions where expires_at <= now() or last_used_at <= now() - interval '${IDLE_MINUTES} minutes' returning 1`,
        )
      ).length;
    },
  };
}

/** A visitor before sign-in: nothing stored; the form token lives in its own cookie (double submit). */
export const anonymousSession = (csrfToken: string): Session => ({ csrfToken, environment: 'sandbox' });

/** Whether a form's token is the session's: compared in constant time. */
export function validCsrf(session: Session | undefined, given: string | null): boolean {
  if (!session || !given) return false;
  const a = Buffer.from(session.csrfToken);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type Sessions = ReturnType<typeof createSessions>;
