/**
 * The second step of a sign-in after a password, for a person with a passkey or an authenticator app
 * (or a recovery code): each answer takes one of the step's tries and counts as a sign-in attempt.
 */
import { type Context, Hono } from 'hono';
import type { Services } from '../../../core/services/compose.js';
import { clientAddress } from '../../../web/client-address.js';
import { type ConsoleEnv, page } from '../context.js';
import { readCookie } from '../cookies.js';
import { messagePage } from '../pages/frame.js';
import { secondStepPage } from '../pages/second-step.js';

/** The cookie that carries a sign-in waiting for its second step (5 minutes). */
export const STEP_COOKIE = 'svc_console_step';
export const stepCookie = (id: string, secure: boolean, maxAge = 300) =>
  `${STEP_COOKIE}=${id}; Path=/console; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });

/** Starts the session once every step is passed (sign-in-routes.ts), with any cookies to set beside it. */
type Start = (
  c: Context<ConsoleEnv>,
  userId: string,
  next: string,
  extra?: Record<string, string>,
) => Promise<Response>;

export function secondStepRoutes(services: Services, start: Start) {
  const { accounts, passkeys, totp, secondSteps } = services;
  const app = new Hono<ConsoleEnv>({ strict: false });

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

  return app;
}
