/**
 * A password set anew: through a single-use reset link asked for by address (the same one queued row
 * whether or not the address has an account; the mail sender writes the message), or by the signed-in
 * person, who types the current one first. Either way the person is told by mail.
 */
import type { Database } from '../../db/database.js';
import type { ClaimedMail, Mail, MailOutbox } from '../mail/mail-outbox.js';
import { recordAccountEvent } from './account-events.js';
import { accountMail } from './account-mail.js';
import { issueToken, readToken, spendToken } from './account-tokens.js';
import type { FieldProblems, Requester } from './accounts.js';
import { canonicalEmail, emailProblem, normalEmail } from './email-address.js';
import type { MayMail } from './mail-limit.js';
import { type createPasswordCheck, passwordCheckProblem } from './password-check.js';
import { hashPassword } from './passwords.js';
import type { SignInLimits } from './sign-in-limits.js';
import type { VetPassword } from './password-forms.js';

export function createPasswordChanges(
  db: Database,
  parts: {
    mail: MailOutbox;
    consolePage: (path: string) => string;
    mayMail: MayMail;
    checkPassword: ReturnType<typeof createPasswordCheck>;
    vetPassword: VetPassword;
    limits: SignInLimits;
  },
) {
  const { mail, mayMail, checkPassword, vetPassword, limits, consolePage: page } = parts;
  const normal = normalEmail;
  type AccountRow = { id: string; name: string; email: string; organization_id: string };

  /** The words a person's password must not be built from: their name, address and organizations' names. */
  const ownWords = async (userId: string, account: { name: string; email: string }) => [
    account.name,
    account.email,
    ...(
      await db.query<{ name: string }>(
        `select o.name from organizations o where o.id in
           (select organization_id from memberships where user_id = $1 union select organization_id from users where id = $1)`,
        [userId],
      )
    ).map((row) => row.name),
  ];

  return {
    /**
     * Queues a reset for the address typed: the same one row whether or not it has an account (the
     * sender writes the message, writeRequested), so the answer takes as long either way.
     */
    async requestReset(
      email: string,
      requester: Requester,
    ): Promise<{ problem: string } | { sent: true } | { tooMany: true }> {
      const problem = emailProblem(email);
      if (problem) return { problem };
      if (!(await mayMail(email, requester, 'reset'))) return { tooMany: true };
      await mail.enqueue(
        db,
        { to: canonicalEmail(email), subject: 'reset', text: JSON.stringify(requester) },
        'reset_request',
      );
      return { sent: true };
    },

    /** The message a queued reset request becomes: a link for an account's address, or a note that no account uses it. */
    async writeRequested(request: ClaimedMail): Promise<Mail> {
      const requester = JSON.parse(request.text) as Requester;
      return db.transaction(async (tx) => {
        const [account] = await tx.query<AccountRow>(
          `select id, name, email, organization_id from users where kind = 'account' and lower(email) = $1`,
          [normal(request.to)],
        );
        if (!account) return accountMail.noAccount(request.to, page('sign-up'));
        const token = await issueToken(tx, { userId: account.id }, 'reset_password');
        await recordAccountEvent(tx, account.id, 'account.password_reset_requested', requester);
        return accountMail.reset(account.email, account.name, page(`reset-password/new?token=${token}`));
      });
    },

    /** Whether a reset link still works, and the account's words a new password must not be built from. */
    async resettable(token: string): Promise<{ id: string; name: string; email: string } | undefined> {
      const userId = (await readToken(db, token, 'reset_password'))?.userId;
      if (!userId) return undefined;
      const [row] = await db.query<{ id: string; name: string; email: string }>(
        'select id, name, email from users where id = $1',
        [userId],
      );
      return row;
    },

    /** Sets a new password through a reset link: every session of the account ends, and the address counts as confirmed. */
    async resetPassword(token: string, password: string, requester: Requester): Promise<FieldProblems | undefined> {
      const account = await this.resettable(token);
      if (!account) return { token: 'This link has expired or was used already. Ask for a new one.' };
      const problem = await vetPassword(password, await ownWords(account.id, account), requester);
      if (problem) return { password: problem };
      const hash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const userId = (await spendToken(tx, token, 'reset_password'))?.userId;
        if (!userId) return { token: 'This link has expired or was used already. Ask for a new one.' };
        const [user] = await tx.query<{ organization_id: string; email: string; name: string }>(
          `update users set password_hash = $2, password_changed_at = now() where id = $1 returning organization_id, email, name`,
          [userId, hash],
        );
        // Whoever knew the old password keeps nothing: sessions, sign-ins waiting for a second step, AI apps' tokens.
        await tx.query('delete from sessions where user_id = $1', [userId]);
        await tx.query('delete from second_steps where user_id = $1', [userId]);
        await tx.query('select revoke_ai_app_tokens($1, null)', [userId]);
        await limits.forgetFailures(tx, user.email);
        await recordAccountEvent(tx, userId, 'account.password_reset', requester);
        await mail.enqueue(tx, accountMail.passwordChanged(user.email, user.name, page('reset-password')));
        return undefined;
      });
    },

    /** Changes a signed-in person's password (the current one checked first); their other sessions end. */
    async changePassword(
      userId: string,
      change: { current: string; next: string; keepSession: string },
      requester: Requester,
    ): Promise<{ current?: string; next?: string; wait?: number } | undefined> {
      const [account] = await db.query<AccountRow>(
        `select id, name, email, organization_id from users where id = $1 and kind = 'account'`,
        [userId],
      );
      const check = await checkPassword(userId, change.current, requester);
      if (typeof check === 'object') return { wait: check.wait };
      if (!account || check !== 'right') return { current: passwordCheckProblem(check) };
      const problem = await vetPassword(change.next, await ownWords(account.id, account), requester);
      if (problem) return { next: problem };
      const hash = await hashPassword(change.next);
      await db.transaction(async (tx) => {
        await tx.query('update users set password_hash = $2, password_changed_at = now() where id = $1', [
          userId,
          hash,
        ]);
        await tx.query('delete from sessions where user_id = $1 and id_sha256 <> $2', [userId, change.keepSession]);
        await recordAccountEvent(tx, userId, 'account.password_changed', requester);
        await mail.enqueue(tx, accountMail.passwordChanged(account.email, account.name, page('reset-password')));
      });
      return undefined;
    },
  };
}

export type PasswordChanges = ReturnType<typeof createPasswordChanges>;
