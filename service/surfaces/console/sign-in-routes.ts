/**
 * Signing in: as one of the sandbox's people (chosen), with an address and password (then, for a
 * person with a passkey or an authenticator app, the second step), or with a passkey alone. A session
 * starts only when every step is passed, with a new id (no fixation).
 */
import { type Context, Hono } from 'hono';
import type { Services } from '../../core/services/compose.js';
import { clientAddress } from '../../web/client-address.js';
import { type ConsoleEnv, page, redirect } from './context.js';
import { readCookie, sessionCookie } from './cookies.js';
import { messagePage } from './pages/frame.js';
import { secondStepPage } from './pages/second-step.js';
import { SIGN_IN_NOTICES, signInPage, type SignInView } from './pages/sign-in.js';

/** Where to go after signing in: only a console page (never another site, nor a page before sign-in). */
export const safeNext = (text: string) =>
  /^\/console\/[\w/?=&%.-]*$/.test(text) && !/^\/console\/(sign-|confirm|reset-password)/.test(text) ? text : '';

/** The cookie that carries a sign-in waiting for its second step (5 minutes). */
export const STEP_COOKIE = 'svc_console_step';
const stepCookie = (id: string, secure: boolean, maxAge = 300) =>
  `${STEP_COOKIE}=${id}; Path=/console; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });

export function signInRoutes(services: Services) {
  const { sessions, members, accounts, passkeys, totp, secondSteps } = services;
  const app = new Hono<ConsoleEnv>({ strict: false });

  /** The AI app whose consent page `url` is, when it is one: its name, for the sign-in page. */
  const appWaiting = async (url: URL) => {
    const request = url.pathname === '/console/oauth/consent' ? url.searchParams.get('request') : null;
    return request ? (await services.oauth.pendingAuthorization(request))?.clientName : undefined;
  };

  const view = async (c: Context<ConsoleEnv>, shown: Omit<SignInView, 'people'>) =>
    signInPage(c.var.session, { people: await members.sandboxPeople(), passkeys: true, ...shown });

  const start = async (
    c: Context<ConsoleEnv>,
    userId: string,
    next: string,
    extra: Record<string, string> = {},
    /** Whose session: a sandbox person's (shared by every visitor) keeps no device or address. */
    who: 'account' | 'sandbox' = 'account',
  ) => {
    const origin = who === 'account' ? { userAgent: c.req.header('user-agent'), clientAddress: clientAddress(c) } : {};
    let signedIn = await sessions.signIn(c.var.session, userId, origin);
    // Removed from their last organization: they get one of their own, and can accept invitations from there.
    if (!signedIn && who === 'account' && (await services.memberships.ownOrganization(userId))) {
      signedIn = await sessions.signIn(c.var.session, userId, origin);
      next ||= '/console/account?notice=own-organization';
    }
    if (!signedIn)
      return page(
        await view(c, {
          next,
          refusal:
            'You belong to no organization now: ask an owner to invite you again, or make an account of your own.',
        }),
        403,
        c.var.setCookie,
      );
    const headers = new Headers({ Location: next || '/console/widget-keys', 'Cache-Control': 'no-store' });
    headers.append('Set-Cookie', sessionCookie(signedIn.id, c.var.secure));
    for (const cookie of Object.values(extra)) headers.append('Set-Cookie', cookie);
    return new Response(null, { status: 303, headers });
  };

  app.on(['GET', 'POST'], '/sign-in', async (c) => {
    const { session, form, setCookie } = c.var;
    const next = safeNext(form?.get('next') ?? c.req.query('next') ?? '');
    if (form?.has('user')) {
      const chosen = (await members.sandboxPeople()).find((u) => u.id === form.get('user'));
      if (!chosen) return page(await view(c, { next }), 400, setCookie);
      return start(c, chosen.id, next, {}, 'sandbox');
    }
    if (form) {
      const email = form.get('email') ?? '';
      const outcome = await accounts.signIn(email, form.get('password') ?? '', { clientAddress: clientAddress(c) });
      if ('signedIn' in outcome) {
        const { userId } = outcome.signedIn;
        const methods = await secondSteps.methodsOf(userId);
        if (!methods.passkey && !methods.totp) {
          await accounts.finishSignIn(userId, { clientAddress: clientAddress(c) }, 'password');
          return start(c, userId, next);
        }
        const step = await secondSteps.start(userId, next);
        return redirect('/console/sign-in/second-step', { 'Set-Cookie': stepCookie(step, c.var.secure) });
      }
      const wait = outcome.refused === 'wait';
      const refusal = wait
        ? `Too many failed sign-ins for this address or from your network: try again in ${outcome.seconds} seconds, or reset your password.`
        : 'This address and password do not match an account. Check both, or reset your password.';
      return page(
        await view(c, { next, refusal, form: { values: { email }, errors: {} } }),
        wait ? 429 : 400,
        wait ? { ...setCookie, 'Retry-After': String(outcome.seconds) } : setCookie,
      );
    }
    if (session.user) return redirect(next || '/console/widget-keys');
    const notice = c.req.query('notice');
    return page(
      await view(c, {
        next,
        app: next ? await appWaiting(new URL(next, c.req.url)) : undefined,
        notice: notice && notice in SIGN_IN_NOTICES ? (notice as keyof typeof SIGN_IN_NOTICES) : undefined,
      }),
      200,
      setCookie,
    );
  });

  // A passkey alone: any discoverable one of this console's, with the person verified on the device.
  app.post('/sign-in/passkey/options', async () => json(await passkeys.authenticationOptions('sign_in')));
  app.post('/sign-in/passkey', async (c) => {
    const form = c.var.form!;
    const next = safeNext(form.get('next') ?? '');
    const userId = await passkeys.authenticate('sign_in', {
      challengeId: form.get('challengeId') ?? '',
      credential: form.get('credential') ?? '',
    });
    if (!userId)
      return page(
        await view(c, {
          next,
          refusal:
            'That passkey did not sign you in: it is not one of this console’s, or the request expired. Try again, or sign in with your password.',
        }),
        400,
        c.var.setCookie,
      );
    await accounts.finishSignIn(userId, { clientAddress: clientAddress(c) }, 'passkey');
    return start(c, userId, next);
  });

  // The second step after a password.
  const stepOf = async (c: Context<ConsoleEnv>) => {
    const id = readCookie(c.req.header('cookie') ?? null, STEP_COOKIE);
    const step = await secondSteps.find(id);
    return step && id ? { id, ...step } : undefined;
  };
  const stepOver = (c: Context<ConsoleEnv>) =>
    page(
      messagePage(
        'Sign in again',
        'This sign-in waited too long (5 minutes) or had too many wrong codes. Sign in with your password again.',
      ),
      410,
      { 'Set-Cookie': stepCookie('', c.var.secure, 0) },
    );
  const showStep = async (c: Context<ConsoleEnv>, userId: string, status = 200, refusal?: string, left?: number) =>
    page(secondStepPage(c.var.session, await secondSteps.methodsOf(userId), refusal, left), status, c.var.setCookie);

  app.get('/sign-in/second-step', async (c) => {
    const step = await stepOf(c);
    return step ? showStep(c, step.userId) : stepOver(c);
  });
  app.post('/sign-in/second-step/passkey-options', async (c) => {
    const step = await stepOf(c);
    return step
      ? json(await passkeys.authenticationOptions('second_step', step.userId))
      : json({ error: 'expired' }, 410);
  });
  app.post('/sign-in/second-step', async (c) => {
    const step = await stepOf(c);
    if (!step) return stepOver(c);
    const requester = { clientAddress: clientAddress(c) };
    // Each answer takes a try of the step and counts as a sign-in attempt, both before it is checked.
    const left = await secondSteps.take(step.id);
    if (left === undefined) return stepOver(c);
    const wait = await accounts.beginStep(step.userId, requester);
    if (wait)
      return showStep(
        c,
        step.userId,
        429,
        `Too many failed sign-ins for this account: try again in ${wait} seconds.`,
        left,
      );
    const form = c.var.form!;
    const method = form.get('method');
    const passed =
      method === 'passkey'
        ? (await passkeys.authenticate(
            'second_step',
            { challengeId: form.get('challengeId') ?? '', credential: form.get('credential') ?? '' },
            step.userId,
          )) === step.userId
        : method === 'totp'
          ? await totp.check(step.userId, form.get('code') ?? '')
          : method === 'recovery'
            ? await totp.useRecoveryCode(step.userId, form.get('code') ?? '')
            : false;
    if (!passed) {
      await accounts.stepFailed(step.userId, requester);
      if (!left) {
        await secondSteps.end(step.id);
        return stepOver(c);
      }
      const why =
        method === 'passkey'
          ? 'That passkey did not confirm it is you: try again, or use another way below.'
          : method === 'recovery'
            ? 'That recovery code is not one of yours, or was used already.'
            : 'That code is not right: type the 6 digits your app shows now.';
      return showStep(c, step.userId, 400, why, left);
    }
    await secondSteps.end(step.id);
    await accounts.finishSignIn(step.userId, requester, 'second_step');
    return start(c, step.userId, step.next, { step: stepCookie('', c.var.secure, 0) });
  });

  return { routes: app, view, appWaiting };
}
