/**
 * The console's pages before sign-in for real accounts: sign-up and the confirmation its mail links
 * to, and the password reset. A link's page asks before it acts (mail scanners open links), and
 * every answer that could tell whether an address has an account reads the same for both.
 */
import { Hono } from 'hono';
import type { Accounts } from '../../../core/accounts/accounts.js';
import type { PasswordChanges } from '../../../core/accounts/password-changes.js';
import { clientAddress } from '../../../web/client-address.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import {
  checkInboxPage,
  confirmPage,
  linkSpentPage,
  newPasswordPage,
  resetRequestPage,
  signUpPage,
  tooManyPage,
} from '../pages/sign-up.js';

const SIGN_UP_FIELDS = ['name', 'email', 'organizationName', 'organizationKind', 'password'] as const;
const TOKEN = /^[\w-]{43}$/;

export function accountEntryRoutes(accounts: Accounts, passwordChanges: PasswordChanges, inboxUrl?: string) {
  const app = new Hono<ConsoleEnv>({ strict: false });
  const tokenOf = (value: string | null | undefined) => (value && TOKEN.test(value) ? value : '');

  app.get('/sign-up', (c) => page(signUpPage(c.var.session), 200, c.var.setCookie));
  app.post('/sign-up', async (c) => {
    const form = c.var.form!;
    const values = Object.fromEntries(SIGN_UP_FIELDS.map((name) => [name, form.get(name) ?? ''])) as Record<
      (typeof SIGN_UP_FIELDS)[number],
      string
    >;
    const outcome = await accounts.signUp(values, { clientAddress: clientAddress(c) });
    if ('problems' in outcome) {
      const errors = Object.fromEntries(Object.entries(outcome.problems).map(([k, v]) => [k, v ?? '']));
      return page(signUpPage(c.var.session, { values: { ...values, password: '' }, errors }), 400, c.var.setCookie);
    }
    if ('tooMany' in outcome) return page(tooManyPage(), 429, { ...c.var.setCookie, 'Retry-After': '3600' });
    return page(checkInboxPage('sign-up', values.email.trim(), inboxUrl), 200, c.var.setCookie);
  });

  app.get('/confirm', async (c) => {
    const token = tokenOf(c.req.query('token'));
    const signUp = token ? await accounts.pendingSignUp(token) : undefined;
    if (!signUp) return page(linkSpentPage('sign-up'), 410, c.var.setCookie);
    return page(confirmPage(c.var.session, token, signUp), 200, c.var.setCookie);
  });
  app.post('/confirm', async (c) => {
    const token = tokenOf(c.var.form!.get('token'));
    const password = c.var.form!.get('password') ?? '';
    const made = token ? await accounts.confirmSignUp(token, password, { clientAddress: clientAddress(c) }) : undefined;
    if (made === 'wrong_password') {
      const signUp = await accounts.pendingSignUp(token);
      if (signUp)
        return page(
          confirmPage(c.var.session, token, signUp, {
            values: {},
            errors: {
              password: 'This is not the password chosen for this sign-up. If you did not sign up, close this page.',
            },
          }),
          400,
          c.var.setCookie,
        );
    }
    if (!made || made === 'wrong_password') return page(linkSpentPage('sign-up'), 410, c.var.setCookie);
    return redirect('/console/sign-in?notice=ready', c.var.setCookie);
  });

  app.get('/reset-password', (c) => page(resetRequestPage(c.var.session), 200, c.var.setCookie));
  app.post('/reset-password', async (c) => {
    const email = c.var.form!.get('email') ?? '';
    const outcome = await passwordChanges.requestReset(email, { clientAddress: clientAddress(c) });
    if ('problem' in outcome)
      return page(
        resetRequestPage(c.var.session, { values: { email }, errors: { email: outcome.problem } }),
        400,
        c.var.setCookie,
      );
    if ('tooMany' in outcome) return page(tooManyPage(), 429, { ...c.var.setCookie, 'Retry-After': '3600' });
    return page(checkInboxPage('reset', email.trim(), inboxUrl), 200, c.var.setCookie);
  });

  app.get('/reset-password/new', async (c) => {
    const token = tokenOf(c.req.query('token'));
    const account = token ? await passwordChanges.resettable(token) : undefined;
    if (!account) return page(linkSpentPage('reset'), 410, c.var.setCookie);
    return page(newPasswordPage(c.var.session, token, account.email), 200, c.var.setCookie);
  });
  app.post('/reset-password/new', async (c) => {
    const token = tokenOf(c.var.form!.get('token'));
    const account = token ? await passwordChanges.resettable(token) : undefined;
    if (!account) return page(linkSpentPage('reset'), 410, c.var.setCookie);
    const problems = await passwordChanges.resetPassword(token, c.var.form!.get('password') ?? '', {
      clientAddress: clientAddress(c),
    });
    if (problems?.token) return page(linkSpentPage('reset'), 410, c.var.setCookie);
    if (problems?.password)
      return page(
        newPasswordPage(c.var.session, token, account.email, { values: {}, errors: { password: problems.password } }),
        400,
        c.var.setCookie,
      );
    return redirect('/console/sign-in?notice=reset', c.var.setCookie);
  });

  return app;
}
