/**
 * The single-use links mail carries: a random secret in the link, only its SHA-256 stored, spent by
 * the first use and void after its lifetime. A sign-up's link carries the sign-up itself (no account
 * exists until it is confirmed); a reset's names the account, and a new one voids the earlier ones.
 */
import type { Database } from '../../db/database.js';
import { hashSecret, newSecret } from '../../db/secrets.js';

export type TokenPurpose = 'sign_up' | 'reset_password';

/** How long each kind of link works. */
export const TOKEN_MINUTES: Record<TokenPurpose, number> = { sign_up: 24 * 60, reset_password: 30 };

/** A sign-up waiting for its address to be confirmed. */
export interface PendingSignUp {
  name: string;
  email: string;
  organizationName: string;
  organizationKind: string;
  passwordHash: string;
  at: string;
}

type Tx = Pick<Database, 'query'>;
type Holder = { userId: string } | { signUp: PendingSignUp };

export async function issueToken(tx: Tx, holder: Holder, purpose: TokenPurpose): Promise<string> {
  const token = newSecret();
  const userId = 'userId' in holder ? holder.userId : null;
  if (userId)
    await tx.query(
      'update account_tokens set used_at = now() where user_id = $1 and purpose = $2 and used_at is null',
      [userId, purpose],
    );
  await tx.query(
    `insert into account_tokens (id_sha256, user_id, purpose, sign_up, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [
      hashSecret(token),
      userId,
      purpose,
      'signUp' in holder ? JSON.stringify(holder.signUp) : null,
      TOKEN_MINUTES[purpose],
    ],
  );
  return token;
}

export interface TokenRow {
  userId: string | null;
  signUp: PendingSignUp | null;
}

const live = `id_sha256 = $1 and purpose = $2 and used_at is null and expires_at > now()`;
const rowOf = (row?: { user_id: string | null; sign_up: PendingSignUp | string | null }): TokenRow | undefined =>
  row && { userId: row.user_id, signUp: typeof row.sign_up === 'string' ? JSON.parse(row.sign_up) : row.sign_up };

/** What a link is for while it still works, without spending it (a page that asks before it acts). */
export async function readToken(tx: Tx, token: string, purpose: TokenPurpose): Promise<TokenRow | undefined> {
  const [row] = await tx.query<{ user_id: string | null; sign_up: PendingSignUp | null }>(
    `select user_id, sign_up from account_tokens where ${live}`,
    [hashSecret(token), purpose],
  );
  return rowOf(row);
}

/** Spends a link: what it was for, or undefined when it is unknown, used or expired (one use wins a race). */
export async function spendToken(tx: Tx, token: string, purpose: TokenPurpose): Promise<TokenRow | undefined> {
  const [row] = await tx.query<{ user_id: string | null; sign_up: PendingSignUp | null }>(
    `update account_tokens set used_at = now() where ${live} returning user_id, sign_up`,
    [hashSecret(token), purpose],
  );
  return rowOf(row);
}

/** Deletes links spent or expired a day ago: how many. */
export async function sweepTokens(db: Tx): Promise<number> {
  return (
    await db.query(
      `delete from account_tokens where coalesce(used_at, expires_at) < now() - interval '1 day' returning 1`,
    )
  ).length;
}
