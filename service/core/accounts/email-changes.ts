/**
 * Changing a person's e-mail address: asked for with the current password, then confirmed at both
 * addresses through a link each (the new one shows it is theirs, the old one that the account's
 * owner wants it), within 24 hours. A newer request replaces the one before. The address changes when
 * the second link is confirmed, unless another account has taken it meanwhile.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { hashSecret, newSecret } from '../../db/secrets.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { recordAccountEvent } from './account-events.js';
import { accountMail } from './account-mail.js';
import { canonicalEmail, emailProblem, normalEmail, sameEmail } from './email-address.js';
import { type createPasswordCheck, passwordCheckProblem } from './password-check.js';

export const EMAIL_CHANGE_HOURS = 24;

export type ConfirmOutcome = 'waiting_for_other' | 'changed' | 'spent' | 'taken';

export interface EmailChangeView {
  side: 'old' | 'new';
  currentEmail: string;
  newEmail: string;
}

const live = 'done_at is null and cancelled_at is null and expires_at > now()';

export function createEmailChanges(
  db: Database,
  parts: {
    mail: MailOutbox;
    consolePage: (path: string) => string;
    checkPassword: ReturnType<typeof createPasswordCheck>;
  },
) {
  const { mail, consolePage, checkPassword } = parts;

  async function find(token: string) {
    const hash = hashSecret(token);
    const [row] = await db.query<{
      id: string;
      user_id: string;
      new_email: string;
      email: string;
      side: 'old' | 'new';
      confirmed: boolean;
    }>(
      `select c.id, c.user_id, c.new_email, u.email,
              case when c.old_token_sha256 = $1 then 'old' else 'new' end as side,
              case when c.old_token_sha256 = $1 then c.old_confirmed_at is not null else c.new_confirmed_at is not null end as confirmed
         from email_changes c join users u on u.id = c.user_id
        where (c.old_token_sha256 = $1 or c.new_token_sha256 = $1) and ${live}`,
      [hash],
    );
    return row && !row.confirmed ? row : undefined;
  }

  return {
    /** Asks for the change: checks the password, then mails a link to each address. */
    async request(
      user: { id: string; name: string; email: string; organizationId: string },
      form: { email: string; password: string },
      requester: { clientAddress: string },
    ): Promise<{ email?: string; password?: string } | undefined> {
      const next = canonicalEmail(form.email);
      const problem = emailProblem(next);
      if (problem) return { email: problem };
      if (sameEmail(next, user.email)) return { email: 'This is your address already.' };
      const check = await checkPassword(user.id, form.password, requester);
      if (check !== 'right') return { password: passwordCheckProblem(check) };
      const oldToken = newSecret();
      const newToken = newSecret();
      await db.transaction(async (tx) => {
        await tx.query(`update email_changes set cancelled_at = now() where user_id = $1 and ${live}`, [user.id]);
        await tx.query(
          `insert into email_changes (id, user_id, new_email, old_token_sha256, new_token_sha256, expires_at)
           values ($1, $2, $3, $4, $5, now() + make_interval(hours => $6))`,
          [
            `emc_${randomBytes(10).toString('hex')}`,
            user.id,
            next,
            hashSecret(oldToken),
            hashSecret(newToken),
            EMAIL_CHANGE_HOURS,
          ],
        );
        const link = (token: string) => consolePage(`email-change?token=${token}`);
        await mail.enqueue(tx, accountMail.emailChangeOld(user.email, user.name, next, link(oldToken)));
        await mail.enqueue(tx, accountMail.emailChangeNew(next, user.name, link(newToken)));
        await recordAccountEvent(tx, user.id, 'account.email_change_requested', {
          to: next,
        });
      });
      return undefined;
    },

    /** What a link would confirm, while it works. */
    async view(token: string): Promise<EmailChangeView | undefined> {
      const row = await find(token);
      return row && { side: row.side, currentEmail: row.email, newEmail: row.new_email };
    },

    /** Confirms one side; the address changes when both are. */
    async confirm(token: string): Promise<ConfirmOutcome> {
      const row = await find(token);
      if (!row) return 'spent';
      return db
        .transaction(async (tx) => {
          const column = row.side === 'old' ? 'old_confirmed_at' : 'new_confirmed_at';
          const [both] = await tx.query<{ both: boolean }>(
            `update email_changes set ${column} = now() where id = $1 and ${column} is null and ${live}
           returning old_confirmed_at is not null and new_confirmed_at is not null as both`,
            [row.id],
          );
          if (!both) return 'spent';
          if (!both.both) return 'waiting_for_other';
          const [taken] = await tx.query(
            `select 1 from users where kind = 'account' and lower(email) = $1 and id <> $2`,
            [normalEmail(row.new_email), row.user_id],
          );
          if (taken) {
            await tx.query('update email_changes set cancelled_at = now() where id = $1', [row.id]);
            return 'taken';
          }
          const [user] = await tx.query<{ organization_id: string; name: string }>(
            'update users set email = $2 where id = $1 returning organization_id, name',
            [row.user_id, row.new_email],
          );
          await tx.query('update email_changes set done_at = now() where id = $1', [row.id]);
          // A reset link mailed to the old address must not outlive it.
          await tx.query(
            `update account_tokens set used_at = now() where user_id = $1 and purpose = 'reset_password' and used_at is null`,
            [row.user_id],
          );
          await recordAccountEvent(tx, row.user_id, 'account.email_changed', {
            from: row.email,
            to: row.new_email,
          });
          await mail.enqueue(tx, accountMail.emailChanged(row.email, user.name, row.new_email));
          return 'changed';
        })
        .catch((error: unknown) => {
          // Another account took the address at the same moment.
          if (isUniqueViolation(error)) return 'taken' as const;
          throw error;
        });
    },
  };
}

export type EmailChanges = ReturnType<typeof createEmailChanges>;
