/** A signed-in account's passkeys and authenticator app: the security page and its forms. */
import { type Context, Hono } from 'hono';
import type { Services } from '../../../core/services/compose.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { messagePage } from '../pages/frame.js';
import { removePasskeyPage, securityPage, type SecurityView } from '../pages/security.js';
import { passwordCheckProblem } from '../../../core/accounts/password-check.js';
import { accountMail } from '../../../core/accounts/account-mail.js';
import { clientAddress } from '../../../web/client-address.js';

const NOTICES: Record<string, string> = {
  'passkey-added': 'Passkey added: it signs you in alone, and is the second step after your password.',
  'passkey-renamed': 'Passkey renamed.',
  'passkey-removed': 'Passkey removed: it no longer signs you in.',
  'totp-off': 'The authenticator app is off, and its recovery codes no longer work.',
};

export function securityRoutes(services: Services) {
  const { passkeys, totp, checkPassword, mailOutbox, db, links } = services;
  const app = new Hono<ConsoleEnv>({ strict: false });

  /** The password asked again: the problem in a sentence, or undefined when it is right. */
  const reauthenticate = async (c: Context<ConsoleEnv>) =>
    passwordCheckProblem(
      await checkPassword(c.var.session.user!.id, c.var.form!.get('password') ?? '', {
        clientAddress: clientAddress(c),
      }),
    );
  /** Tells the person by mail, in case the change was not theirs. */
  const notify = async (c: Context<ConsoleEnv>, what: string) => {
    const user = c.var.session.user!;
    await mailOutbox.enqueue(
      db,
      accountMail.signInChanged(user.email, user.name, what, links.consolePage('reset-password')),
    );
  };

  // Passkeys and apps are real accounts' (the sandbox's people sign in without a password).
  app.use('/account/*', async (c, next) => {
    const path = c.req.path;
    const own = /^\/console\/account\/(security|passkeys|totp|recovery-codes)/.test(path);
    if (own && c.var.session.user!.kind !== 'account' && c.req.method !== 'GET')
      return page(
        messagePage(
          'Only for accounts',
          'The sandbox’s people sign in without a password: make an account for passkeys.',
        ),
        403,
      );
    await next();
  });

  const holder = (c: Context<ConsoleEnv>) => {
    const user = c.var.session.user!;
    return { id: user.id, email: user.email, organizationId: user.organizationId, name: user.name };
  };
  const show = async (c: Context<ConsoleEnv>, extra: Partial<SecurityView> = {}, status = 200) => {
    const user = holder(c);
    const [list, enabled, pending, recoveryLeft] = await Promise.all([
      passkeys.of(user.id),
      totp.enabled(user.id),
      totp.pending(user),
      totp.recoveryCodesLeft(user.id),
    ]);
    return page(
      securityPage(c.var.session, { passkeys: list, totp: { enabled, pending, recoveryLeft }, ...extra }),
      status,
    );
  };

  app.get('/account/security', (c) => show(c, { notice: NOTICES[c.req.query('notice') ?? ''] }));

  app.post('/account/passkeys/options', async (c) => {
    const options = await passkeys.registrationOptions(holder(c));
    return new Response(JSON.stringify(options), {
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    });
  });
  app.post('/account/passkeys', async (c) => {
    const form = c.var.form!;
    const refused = await reauthenticate(c);
    if (refused) return show(c, { problem: refused }, 400);
    const outcome = await passkeys.register(holder(c), {
      challengeId: form.get('challengeId') ?? '',
      credential: form.get('credential') ?? '',
      name: form.get('name') ?? '',
    });
    if ('problem' in outcome) return show(c, { problem: outcome.problem }, 400);
    await notify(
      c,
      `A passkey named “${outcome.passkey.name}” was added to your account: it signs you in without your password.`,
    );
    return redirect('/console/account/security?notice=passkey-added');
  });
  app.post('/account/passkeys/:id/rename', async (c) =>
    (await passkeys.rename(holder(c).id, c.req.param('id'), c.var.form!.get('name') ?? ''))
      ? redirect('/console/account/security?notice=passkey-renamed')
      : show(c, { problem: 'Give the passkey a name of 1 to 60 characters.' }, 400),
  );
  const passkeyOf = async (c: Context<ConsoleEnv>) =>
    (await passkeys.of(holder(c).id)).find((p) => p.id === c.req.param('id'));
  app.get('/account/passkeys/:id/remove', async (c) => {
    const passkey = await passkeyOf(c);
    return passkey
      ? page(removePasskeyPage(c.var.session, passkey))
      : show(c, { problem: 'No such passkey of yours.' }, 404);
  });
  app.post('/account/passkeys/:id/remove', async (c) => {
    const passkey = await passkeyOf(c);
    if (!passkey) return show(c, { problem: 'No such passkey of yours.' }, 404);
    const refused = await reauthenticate(c);
    if (refused) return page(removePasskeyPage(c.var.session, passkey, refused), 400);
    await passkeys.remove(holder(c), passkey.id);
    await notify(c, `The passkey named “${passkey.name}” was removed from your account.`);
    return redirect('/console/account/security?notice=passkey-removed');
  });

  app.post('/account/totp/begin', async (c) => {
    await totp.begin(holder(c));
    return redirect('/console/account/security');
  });
  // The answers below hold recovery codes: shown once, so these forms carry no idempotency key (answers are kept).
  app.post('/account/totp/confirm', async (c) => {
    const refused = await reauthenticate(c);
    if (refused) return show(c, { problem: refused }, 400);
    const codes = await totp.confirm(holder(c), c.var.form!.get('code') ?? '');
    if (!codes) return show(c, { problem: 'That code is not right: type the 6 digits the app shows now.' }, 400);
    await notify(c, 'An authenticator app was turned on for your account, with new recovery codes.');
    return show(c, { recoveryCodes: codes, notice: 'The authenticator app is on.' });
  });
  app.post('/account/recovery-codes', async (c) => {
    if (!(await totp.enabled(holder(c).id))) return show(c, { problem: 'Turn on an authenticator app first.' }, 409);
    const refused = await reauthenticate(c);
    if (refused) return show(c, { problem: refused }, 400);
    const codes = await totp.renewRecoveryCodes(holder(c));
    await notify(c, 'New recovery codes were made for your account; the old ones no longer work.');
    return show(c, { recoveryCodes: codes, notice: 'New recovery codes: the old ones no longer work.' });
  });
  app.post('/account/totp/disable', async (c) => {
    const user = holder(c);
    // The password first, counted like a sign-in: a stolen session cannot guess codes without end.
    const refused = await reauthenticate(c);
    if (refused) return show(c, { problem: refused }, 400);
    if (!(await totp.check(user.id, c.var.form!.get('code') ?? '')))
      return show(c, { problem: 'That code is not right: the app stays on.' }, 400);
    await totp.disable(user);
    await notify(c, 'The authenticator app was turned off for your account, and its recovery codes no longer work.');
    return redirect('/console/account/security?notice=totp-off');
  });

  return app;
}
