/**
 * Signing in: as one of the sandbox's people (chosen), with an address and password (then, for a
 * person with a passkey or an authenticator app, the second step), or with a passkey alone. A session
 * starts only when every step is passed, with a new id (no fixation).
 */
import { type Context, Hono } from 'hono';
import type { Services } from '../../../core/services/compose.js';
import { clientAddress } from '../../../web/client-address.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { sessionCookie } from '../cookies.js';
import { json, secondStepRoutes, stepCookie } from './second-step-routes.js';
import { SIGN_IN_NOTICES, signInPage, type SignInView } from '../pages/sign-in.js';

/** Where to go after signing in: only a console page (never another site, nor a page before sign-in). */
export const safeNext = (text: string) =>
  /^\/console\/[\w/?=&%.-]*$/.test(text) && !/^\/console\/(sign-|confirm|reset-password)/.test(text) ? text : '';

export function signInRoutes(services: Services) {
  const { sessions, members, accounts, passkeys, secondSteps } = services;
  const app = new Hono<ConsoleEnv>({ strict: false });

  /** The AI app whose consent page `url` is, when it is one: its name, for the sign-in page. */
  const appWaiting = async (url: URL) => {
    const request = url.pathname === '/console/oauth/consent' ? url.searchParams.get('request') : null;
    return request ? (await services.oauth.pendingAuthorization(request))?.clientName : undefined;
  };

  const view = async (c: Context<ConsoleEnv>, shown: Omit<SignInView, 'people'>) =>
    signInPage(c.var.session, { people: await members.demoPeople(), passkeys: true, ...shown });

  const start = async (
    c: Context<ConsoleEnv>,
    userId: string,
    next: string,
    extra: Record<string, string> = {},
    /** Whose session: a demo person's (shared by every visitor) keeps no device or address. */
    who: 'account' | 'demo' = 'account',
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
      const chosen = (await members.demoPeople()).find((u) => u.id === form.get('user'));
      if (!chosen) return page(await view(c, { next }), 400, setCookie);
      return start(c, chosen.id, next, {}, 'demo');
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

  app.route('/', secondStepRoutes(services, start));

  /** The sign-in page shown in place of one that needs a person signed in: it brings them back there. */
  const signInFirst = async (c: Context<ConsoleEnv>, url: URL) =>
    view(c, { next: safeNext(`${url.pathname}${url.search}`), app: await appWaiting(url) });

  return { routes: app, signInFirst };
}
