/**
 * Who people are, composed once and shared by both environments' services: its tables are all in
 * `public` (db/shared-tables.ts), so live's console, MCP consent and mail read the very parts the
 * sandbox's do, and a person's limits are one count. What an identity change records in an
 * environment's audit log (an invitation, a membership) stays with that environment's services.
 */
import type { Database } from '../../db/database.js';
import { sweepTokens } from '../accounts/account-tokens.js';
import { createAccounts } from '../accounts/accounts.js';
import { createEmailChanges } from '../accounts/email-changes.js';
import { createMailLimit } from '../accounts/mail-limit.js';
import { createPasskeys, passkeySettingsFor } from '../accounts/passkeys.js';
import { createPasswordChanges } from '../accounts/password-changes.js';
import { createPasswordCheck } from '../accounts/password-check.js';
import { createPasswordVetting } from '../accounts/password-forms.js';
import { createSecondSteps } from '../accounts/second-steps.js';
import { createSignInLimits } from '../accounts/sign-in-limits.js';
import { createTotp } from '../accounts/totp.js';
import { createMailOutbox } from '../mail/mail-outbox.js';
import { PERSON_RATES, sharedRates } from '../metering/shared-rates.js';
import { createSessions } from '../organizations/sessions.js';
import type { SecretBox } from '../webhooks/secret-box.js';
import type { ServiceSettings } from './settings.js';

export function composeIdentity(
  db: Database,
  settings: Pick<ServiceSettings, 'urls' | 'passkeys'>,
  parts: { now: () => Date; secretBox: SecretBox; consolePage: (path: string) => string },
) {
  const { now, secretBox, consolePage } = parts;
  const mailOutbox = createMailOutbox(db, secretBox);
  const signInLimits = createSignInLimits(db);
  const checkPassword = createPasswordCheck(db, signInLimits);
  // A person's limits count once, whichever environment's console asks (migration 048).
  const personRates = sharedRates(db, PERSON_RATES);
  const mayMail = createMailLimit(personRates);
  const vetPassword = createPasswordVetting(personRates);
  return {
    sessions: createSessions(db),
    /** Mail waiting to leave through SMTP (workers/mail-sender.ts), sealed at rest. */
    mailOutbox,
    signInLimits,
    /** A signed-in person's password asked again, counted like a sign-in. */
    checkPassword,
    /** A person's short-lived limits (account mail, invitations, password forms), shared by both environments. */
    personRates,
    /** A new password checked against the common ones and the person's own words, and its forms counted. */
    vetPassword,
    /** Spent and expired mail links, swept a day later. */
    accountTokens: { sweep: () => sweepTokens(db) },
    /** A change of address, confirmed at both addresses. */
    emailChanges: createEmailChanges(db, { mail: mailOutbox, consolePage, checkPassword }),
    /** A person's second steps: passkeys (which also sign in alone), an authenticator app, recovery codes. */
    passkeys: createPasskeys(
      db,
      settings.passkeys ?? passkeySettingsFor(settings.urls.console ?? settings.urls.widgetHost),
    ),
    totp: createTotp(db, secretBox, now),
    secondSteps: createSecondSteps(db),
    /** Real people's accounts: sign-up, sign-in, resets. */
    accounts: createAccounts(db, { mail: mailOutbox, consolePage, mayMail, limits: signInLimits, vetPassword }),
    /** Resets and changes of a password. */
    passwordChanges: createPasswordChanges(db, {
      mail: mailOutbox,
      consolePage,
      mayMail,
      checkPassword,
      vetPassword,
      limits: signInLimits,
    }),
  };
}

export type Identity = ReturnType<typeof composeIdentity>;
