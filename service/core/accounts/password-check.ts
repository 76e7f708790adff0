/**
 * A signed-in person's password asked again before a change that could keep someone else in (a new
 * password, address or passkey, new recovery codes): counted like a sign-in attempt, so a stolen
 * session cannot guess it, and taken back when it is right.
 */
import type { Database } from '../../db/database.js';
import { verifyPassword } from './passwords.js';
import type { SignInLimits } from './sign-in-limits.js';

export type PasswordCheck = 'right' | 'wrong' | 'no_password' | { wait: number };

export function createPasswordCheck(db: Database, limits: SignInLimits) {
  return async (userId: string, password: string, requester: { clientAddress: string }): Promise<PasswordCheck> => {
    const [row] = await db.query<{ email: string; password_hash: string | null }>(
      `select email, password_hash from users where id = $1 and kind = 'account'`,
      [userId],
    );
    if (!row?.password_hash) return 'no_password';
    const attempt = { email: row.email, clientAddress: requester.clientAddress };
    const wait = await limits.begin(attempt);
    if (wait) return { wait };
    if (!(await verifyPassword(password, row.password_hash))) return 'wrong';
    await limits.succeeded(attempt);
    return 'right';
  };
}

/** The sentence for a password asked again that was not right (undefined when it was). */
export const passwordCheckProblem = (check: PasswordCheck): string | undefined =>
  check === 'right'
    ? undefined
    : check === 'wrong'
      ? 'This is not your current password.'
      : check === 'no_password'
        ? 'The sandbox’s people have no password: make an account for this.'
        : `Too many wrong passwords: try again in ${check.wait} seconds.`;
