/**
 * Console sessions: a random id (carried in a cookie, surfaces/console/cookies.ts), stored only as
 * its hash, each with the CSRF token every form must send back. A row is written only at sign-in
 * (a new id each time: no fixation); before it, a visitor's forms are protected by a token in a
 * cookie of its own (`anonymous`), so requests without a cookie write nothing. Expired rows are swept.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { hashSecret, newSecret } from '../../db/secrets.js';

export const LIFETIME_HOURS = 12;

export interface Session {
  /** The stored session's id hash; undefined before sign-in (nothing is stored then). */
  idSha256?: string;
  csrfToken: string;
  user?: { id: string; name: string; email: string; role: string; organizationId: string; organizationName: string };
}

export function createSessions(db: Database) {
  async function start(userId: string): Promise<{ id: string; session: Session }> {
    const id = newSecret();
    const csrfToken = newSecret();
    await db.query(
      `insert into sessions (id_sha256, user_id, csrf_token, expires_at) values ($1, $2, $3, now() + interval '${LIFETIME_HOURS} hours')`,
      [hashSecret(id), userId, csrfToken],
    );
    return { id, session: (await find(id))! };
  }

  async function find(id: string | undefined): Promise<Session | undefined> {
    if (!id) return undefined;
    const [row] = await db.query<{
      id_sha256: string;
      csrf_token: string;
      user_id: string | null;
      name: string;
      email: string;
      role: string;
      organization_id: string;
      organization_name: string;
    }>(
      `select s.id_sha256, s.csrf_token, u.id as user_id, u.name, u.email, u.role, u.organization_id, o.name as organization_name
         from sessions s left join users u on u.id = s.user_id left join organizations o on o.id = u.organization_id
        where s.id_sha256 = $1 and s.expires_at > now()`,
      [hashSecret(id)],
    );
    if (!row) return undefined;
    return {
      idSha256: row.id_sha256,
      csrfToken: row.csrf_token,
      user: row.user_id
        ? {
            id: row.user_id,
            name: row.name,
            email: row.email,
            role: row.role,
            organizationId: row.organization_id,
            organizationName: row.organization_name,
          }
        : undefined,
    };
  }

  async function end(session: Session) {
    if (session.idSha256) await db.query('delete from sessions where id_sha256 = $1', [session.idSha256]);
  }

  return {
    find,
    /** Ends the session there was, if any, and starts a signed-in one for `userId` (a new id and token). */
    async signIn(previous: Session, userId: string) {
      await end(previous);
      return start(userId);
    },
    end,
    /** Deletes sessions past their expiry: how many. */
    async sweep(): Promise<number> {
      return (await db.query('delete from sessions where expires_at <= now() returning 1')).length;
    },
  };
}

/** A visitor before sign-in: nothing stored; the form token lives in its own cookie (double submit). */
export const anonymousSession = (csrfToken: string): Session => ({ csrfToken });

/** Whether a form's token is the session's: compared in constant time. */
export function validCsrf(session: Session | undefined, given: string | null): boolean {
  if (!session || !given) return false;
  const a = Buffer.from(session.csrfToken);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
