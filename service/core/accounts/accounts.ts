/**
 * Real accounts: sign-up (made once the address is confirmed through a link: an organization of
 * one's own, with its owner) and sign-in with growing delays after failures (resets and changes of
 * the password: password-changes.ts). Every answer that could tell whether an address has an account is the same for both:
 * the same words, the same work (a password is hashed or checked either way), and mail either way.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { recordAccountEvent } from './account-events.js';
import { accountMail } from './account-mail.js';
import { issueToken, type PendingSignUp, readToken, spendToken } from './account-tokens.js';
import { nulProblem } from '../../web/typed-text.js';
import { canonicalEmail, emailProblem, normalEmail } from './email-address.js';
import type { MayMail } from './mail-limit.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';
import type { VetPassword } from './password-forms.js';
import { GUESSING_ALERT_AFTER, type SignInLimits } from './sign-in-limits.js';

export const ORGANIZATION_KINDS = ['agency', 'developer', 'partner_site'] as const;
export type OrganizationKind = (typeof ORGANIZATION_KINDS)[number];

export interface SignUp {
  name: string;
  email: string;
  organizationName: string;
  organizationKind: string;
  password: string;
}

/** A field's problem, in a sentence for the person filling the form. */
export type FieldProblems = Partial<Record<keyof SignUp | 'token', string>>;

/** Who asks: the client's address, kept in the audit log's entry. */
export type Requester = { clientAddress: string };

export type SignInResult =
  | { signedIn: { userId: string; organizationId: string } }
  | { refused: 'wrong' }
  | { refused: 'wait'; seconds: number };

const normal = normalEmail;
const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

const textProblem = (text: string, what: string) =>
  !text.trim() ? `Enter ${what}.` : [...text].length > 100 ? `Shorten ${what} to 100 characters.` : nulProblem(text);

interface AccountRow {
  id: string;
  name: string;
  email: string;
  organization_id: string;
  password_hash: string | null;
  email_verified_at: Date | null;
}

export function createAccounts(
  db: Database,
  parts: {
    mail: MailOutbox;
    /** A console page's public URL, for the links mail carries. */
    consolePage: (path: string) => string;
    mayMail: MayMail;
    limits: SignInLimits;
    vetPassword: VetPassword;
  },
) {
  const { mail, mayMail, limits, vetPassword, consolePage: page } = parts;

  const accountOf = async (email: string) =>
    (
      await db.query<AccountRow>(
        `select id, name, email, organization_id, password_hash, email_verified_at from users
          where kind = 'account' and lower(email) = $1`,
        [normal(email)],
      )
    )[0];

  return {
    /** Whether an account uses `email` (an invitation's page, whose holder has shown they own the address). */
    async hasAccount(email: string): Promise<boolean> {
      return Boolean(await accountOf(email));
    },

    /**
     * Mails the link that makes the account (and its organization, with this person as owner) once the
     * address is confirmed. For an address that has an account already, mails that instead: the
     * answer is the same either way.
     */
    async signUp(
      form: SignUp,
      requester: Requester,
    ): Promise<{ problems: FieldProblems } | { sent: true } | { tooMany: true }> {
      const problems: FieldProblems = {
        name: textProblem(form.name, 'your name'),
        email: emailProblem(form.email),
        organizationName: textProblem(form.organizationName, 'your organization’s name'),
        organizationKind: (ORGANIZATION_KINDS as readonly string[]).includes(form.organizationKind)
          ? undefined
          : 'Choose what kind of organization yours is.',
        password: await vetPassword(form.password, [form.name, form.email, form.organizationName], requester),
      };
      for (const key of Object.keys(problems) as (keyof FieldProblems)[]) if (!problems[key]) delete problems[key];
      if (Object.keys(problems).length) return { problems };
      if (!(await mayMail(form.email, requester, 'sign_up'))) return { tooMany: true };
      // Hashed whether or not the address has an account, so both answers take as long.
      const signUp = {
        name: form.name.trim(),
        email: canonicalEmail(form.email),
        organizationName: form.organizationName.trim(),
        organizationKind: form.organizationKind,
        passwordHash: await hashPassword(form.password),
        at: new Date().toISOString(),
      };
      await db.transaction(async (tx) => {
        const [account] = await tx.query<AccountRow>(
          `select email from users where kind = 'account' and lower(email) = $1`,
          [normal(signUp.email)],
        );
        if (account)
          return void (await mail.enqueue(
            tx,
            accountMail.alreadyThere(account.email, page('sign-in'), page('reset-password')),
          ));
        const token = await issueToken(tx, { signUp }, 'sign_up');
        await mail.enqueue(tx, accountMail.confirm(signUp, page(`confirm?token=${token}`)));
      });
      return { sent: true };
    },

    /** The sign-up a link would confirm, while the link works (the page shows it and asks before it acts). */
    async pendingSignUp(token: string): Promise<PendingSignUp | undefined> {
      return (await readToken(db, token, 'sign_up'))?.signUp ?? undefined;
    },

    /**
     * Confirms a sign-up: makes the account, its organization and the owner's membership. Undefined
     * when the link is unknown, used or expired, or when the address has had an account made since.
     */
    async confirmSignUp(
      token: string,
      password: string,
      requester: Requester,
    ): Promise<{ email: string } | 'wrong_password' | undefined> {
      // The password chosen at sign-up, typed again: a link to someone else's sign-up (made with their
      // password, mailed to this address) cannot be confirmed by the address's owner by mistake.
      const waiting = await this.pendingSignUp(token);
      if (!waiting) return undefined;
      if (!(await verifyPassword(password, waiting.passwordHash))) return 'wrong_password';
      return db
        .transaction(async (tx) => {
          const signUp = (await spendToken(tx, token, 'sign_up'))?.signUp;
          if (!signUp) return undefined;
          const [taken] = await tx.query('select 1 from users where kind = $1 and lower(email) = $2', [
            'account',
            normal(signUp.email),
          ]);
          if (taken) return undefined;
          const userId = newId('usr');
          const organizationId = newId('org');
          await tx.query('insert into organizations (id, name, kind) values ($1, $2, $3)', [
            organizationId,
            signUp.organizationName,
            signUp.organizationKind,
          ]);
          await tx.query(
            `insert into users (id, organization_id, name, email, role, kind, password_hash, email_verified_at)
           values ($1, $2, $3, $4, 'owner', 'account', $5, now())`,
            [userId, organizationId, signUp.name, signUp.email, signUp.passwordHash],
          );
          await tx.query(`insert into memberships (user_id, organization_id, role) values ($1, $2, 'owner')`, [
            userId,
            organizationId,
          ]);
          await recordAccountEvent(tx, userId, 'account.created', requester);
          return { email: signUp.email };
        })
        .catch((error: unknown) => {
          // Another sign-up for the address was confirmed at the same moment: this one is spent.
          if (isUniqueViolation(error)) return undefined;
          throw error;
        });
    },

    /**
     * Checks an address and password, the attempt counted first (sign-in-limits.ts); the password is
     * checked even for an address nobody uses. A right one is not yet a sign-in: `finishSignIn` (after
     * any second step) takes the attempt back and records it.
     */
    async signIn(email: string, password: string, requester: Requester): Promise<SignInResult> {
      const seconds = await limits.begin({ email, clientAddress: requester.clientAddress });
      if (seconds) return { refused: 'wait', seconds };
      const account = emailProblem(email) ? undefined : await accountOf(email);
      const matches = await verifyPassword(password, account?.password_hash ?? (await decoyHash()));
      const holder = account && { userId: account.id, organizationId: account.organization_id };
      if (!matches || !holder) {
        await recordAccountEvent(db, holder?.userId, 'account.sign_in_failed', requester);
        if (account && (await limits.beingGuessed(account.email)))
          await mail.enqueue(
            db,
            accountMail.beingGuessed(account.email, account.name, GUESSING_ALERT_AFTER, page('reset-password')),
          );
        return { refused: 'wrong' };
      }
      return { signedIn: holder };
    },

    /** Counts a second step's answer (or a passkey's) as an attempt for the person: 0, or the seconds to wait. */
    async beginStep(userId: string, requester: Requester): Promise<number> {
      const [user] = await db.query<{ email: string }>('select email from users where id = $1', [userId]);
      return limits.begin({ email: user.email, clientAddress: requester.clientAddress });
    },

    /** A wrong second step, in the person's log (the attempt was counted by beginStep). */
    async stepFailed(userId: string, requester: Requester): Promise<void> {
      await recordAccountEvent(db, userId, 'account.sign_in_failed', { ...requester, step: 'second' });
    },

    /** A sign-in passed every step: its attempts are taken back, and it is in the person's log. */
    async finishSignIn(userId: string, requester: Requester, method: 'password' | 'second_step' | 'passkey') {
      const [user] = await db.query<{ email: string; kind: string }>('select email, kind from users where id = $1', [
        userId,
      ]);
      if (user?.kind !== 'account') return;
      await limits.succeeded({ email: user.email, clientAddress: requester.clientAddress });
      // A passkey cannot be guessed: whoever holds one is the owner, and what others tried is forgotten.
      if (method === 'passkey') await limits.forgetFailures(db, user.email);
      await recordAccountEvent(db, userId, 'account.signed_in', { ...requester, method });
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
