/**
 * An account's events in the audit log (sign-ins, failed ones, resets, sessions): under the person's
 * own organization, or none for an address nobody uses. They are not changes to the organization's
 * resources, so no webhook event is sent for them.
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

export interface AccountHolder {
  userId: string;
  organizationId: string;
}

export async function recordAccountEvent(
  tx: Pick<Database, 'query'>,
  who: AccountHolder | undefined,
  action: AccountAction,
  detail: Record<string, string | number> = {},
): Promise<void> {
  await tx.query(
    'insert into audit_log (organization_id, user_id, action, target, detail) values ($1, $2, $3, $4, $5)',
    [
      who?.organizationId ?? null,
      who?.userId ?? null,
      action,
      who ? who.userId : 'unknown address',
      JSON.stringify(detail),
    ],
  );
}
