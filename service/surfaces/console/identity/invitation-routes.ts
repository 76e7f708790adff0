/**
 * An invitation's link, before or after sign-in: the page says which way in fits (join as the signed-in
 * account, sign in as the invited one, or make the account), and joining starts a session in the new workspace.
 */
import { type Context, Hono } from 'hono';
import type { Invitations } from '../../../core/accounts/invitations.js';
import type { Sessions } from '../../../core/organizations/sessions.js';
import { clientAddress } from '../../../web/client-address.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { sessionCookie } from '../cookies.js';
import { messagePage } from '../pages/frame.js';
import { invitationPage } from '../pages/invitation.js';

const TOKEN = /^[\w-]{43}$/;
const spent = () =>
  page(
    messagePage(
      'This invitation no longer works',
      'It was used already, withdrawn, replaced by a newer one, or it has expired (invitations work for 7 days). Ask the person who invited you for a new one.',
    ),
    410,
  );

export function invitationRoutes(parts: {
  invitations: Invitations;
  sessions: Sessions;
  hasAccount: (email: string) => Promise<boolean>;
}) {
  const { invitations, sessions, hasAccount } = parts;
  const app = new Hono<ConsoleEnv>({ strict: false });
  const tokenOf = (value: string | null | undefined) => (value && TOKEN.test(value) ? value : '');

  /** Starts a session in the organization just joined. */
  const enter = async (c: Context<ConsoleEnv>, userId: string, organizationId: string) => {
    const origin = { userAgent: c.req.header('user-agent'), clientAddress: clientAddress(c) };
    const started = await sessions.signIn(c.var.session, userId, origin, organizationId);
    return redirect('/console/members', started ? { 'Set-Cookie': sessionCookie(started.id, c.var.secure) } : {});
  };

  app.get('/invitations/accept', async (c) => {
    const token = tokenOf(c.req.query('token'));
    const invitation = token ? await invitations.view(token) : undefined;
    if (!invitation) return spent();
    const user = c.var.session.user;
    const shown = user
      ? user.email.toLowerCase() === invitation.email.toLowerCase() && user.kind === 'account'
        ? 'join'
        : 'other_account'
      : (await hasAccount(invitation.email))
        ? 'sign_in'
        : 'new_account';
    return page(invitationPage(c.var.session, token, invitation, shown), 200, c.var.setCookie);
  });

  app.post('/invitations/accept', async (c) => {
    const token = tokenOf(c.var.form!.get('token'));
    const user = c.var.session.user;
    const invitation = token ? await invitations.view(token) : undefined;
    if (!invitation) return spent();
    if (!user || user.kind !== 'account') return redirect(`/console/invitations/accept?token=${token}`);
    const outcome = await invitations.accept(token, user);
    if (outcome === 'spent') return spent();
    if (outcome === 'not_for_you') return redirect(`/console/invitations/accept?token=${token}`);
    return enter(c, user.id, invitation.organizationId);
  });

  app.post('/invitations/accept-new', async (c) => {
    const form = c.var.form!;
    const token = tokenOf(form.get('token'));
    const invitation = token ? await invitations.view(token) : undefined;
    if (!invitation) return spent();
    const values = { name: form.get('name') ?? '', password: form.get('password') ?? '' };
    const outcome = await invitations.acceptAsNew(token, values, { clientAddress: clientAddress(c) });
    if ('problem' in outcome) {
      const errors = Object.fromEntries(Object.entries(outcome.problem).filter(([, v]) => v)) as Record<string, string>;
      return page(
        invitationPage(c.var.session, token, invitation, 'new_account', { values: { name: values.name }, errors }),
        400,
        c.var.setCookie,
      );
    }
    if ('refused' in outcome)
      return outcome.refused === 'has_account' ? redirect(`/console/invitations/accept?token=${token}`) : spent();
    return enter(c, outcome.userId, invitation.organizationId);
  });

  return app;
}
