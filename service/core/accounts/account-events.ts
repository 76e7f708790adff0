/**
 * An account's events (sign-ins, failed ones, resets, sessions, passkeys): the person's own, under no
 * organization (an organization's members never read where a member signs in from) and in no
 * environment, shown on their account page; none for an address nobody uses. No webhook announces them.
 */
import type { Database } from '../../db/database.js';

export type AccountAction =
  | 'account.created'
  | 'account.signed_in'
  | 'account.sign_in_failed'
  | 'account.password_reset_requested'
  | 'account.password_reset'
  | 'account.password_changed'
  | 'account.email_change_requested'
  | 'account.email_changed'
  | 'session.ended'
  | 'passkey.added'
  | 'passkey.removed'
  | 'totp.enabled'
  | 'totp.disabled'
  | 'recovery_code.used'
  | 'recovery_codes.renewed';

export interface AccountEvent {
  action: AccountAction;
  at: string;
  detail: Record<string, string | number>;
}

/** The person's most recent account events, newest first. */
export async function accountEventsOf(
  db: Pick<Database, 'query'>,
  userId: string,
  limit = 20,
): Promise<AccountEvent[]> {
  const rows = await db.query<{ action: AccountAction; at: Date; detail: Record<string, string | number> | string }>(
    `select action, at, detail from account_events where user_id = $1 order by id desc limit $2`,
    [userId, limit],
  );
  return rows.map((r) => ({
    action: r.action,
    at: new Date(r.at).toISOString(),
    detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
  }));
}

export async function recordAccountEvent(
  tx: Pick<Database, 'query'>,
  /** The person, or undefined for an address nobody uses. */
  userId: string | undefined,
  action: AccountAction,
  detail: Record<string, string | number> = {},
): Promise<void> {
  await tx.query('insert into account_events (user_id, action, target, detail) values ($1, $2, $3, $4)', [
    userId ?? null,
    action,
    userId ?? 'unknown address',
    JSON.stringify(detail),
  ]);
}
