/** A signed-in person's own account: the page, a password change, and ending sessions. */
import { Hono } from 'hono';
import type { PasswordChanges } from '../../../core/accounts/password-changes.js';
import type { EmailChanges } from '../../../core/accounts/email-changes.js';
import { accountEventsOf } from '../../../core/accounts/account-events.js';
import { recordAccountEvent } from '../../../core/accounts/account-events.js';
import type { Database } from '../../../db/database.js';
import type { Sessions } from '../../../core/organizations/sessions.js';
import { clientAddress } from '../../../web/client-address.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { ACCOUNT_NOTICES, accountPage } from '../pages/account.js';
import { messagePage } from '../pages/frame.js';
import type { Memberships } from '../../../core/organizations/memberships.js';

export function accountRoutes(parts: {
  passwordChanges: PasswordChanges;
  emailChanges: EmailChanges;
  sessions: Sessions;
  memberships: Memberships;
  db: Database;
}) {
  const { passwordChanges, emailChanges, sessions, memberships, db } = parts;
  const view = async (userId: string) => ({
    sessions: await sessions.of(userId),
    workspaces: await memberships.of(userId),
    events: await accountEventsOf(db, userId),
  });
  const app = new Hono<ConsoleEnv>({ strict: false });

  app.get('/account', async (c) => {
    const notice = c.req.query('notice');
    const known = notice && notice in ACCOUNT_NOTICES ? (notice as keyof typeof ACCOUNT_NOTICES) : undefined;
    return page(accountPage(c.var.session, { ...(await view(c.var.actor.userId)), notice: known }));
  });

  app.post('/account/password', async (c) => {
    const { session, actor, form } = c.var;
    const problems = await passwordChanges.changePassword(
      actor.userId,
      { current: form!.get('current') ?? '', next: form!.get('next') ?? '', keepSession: session.idSha256! },
      { clientAddress: clientAddress(c) },
    );
    if (!problems) return redirect('/console/account?notice=password-changed');
    const errors: Record<string, string> = {};
    if (problems.current) errors.current = problems.current;
    if (problems.next) errors.next = problems.next;
    if (problems.wait) errors.current = `Too many wrong passwords: try again in ${problems.wait} seconds.`;
    return page(
      accountPage(session, { ...(await view(actor.userId)), form: { values: {}, errors } }),
      problems.wait ? 429 : 400,
    );
  });

  app.post('/account/email', async (c) => {
    const { session, actor, form } = c.var;
    const user = session.user!;
    if (user.kind !== 'account')
      return page(
        messagePage('Only for accounts', 'The sandbox’s people have no address of their own to change.'),
        403,
      );
    const values = { email: form!.get('email') ?? '', password: form!.get('emailPassword') ?? '' };
    const problems = await emailChanges.request(
      { id: user.id, name: user.name, email: user.email, organizationId: user.organizationId },
      values,
      { clientAddress: clientAddress(c) },
    );
    if (!problems) return redirect('/console/account?notice=email-asked');
    const errors: Record<string, string> = {};
    if (problems.email) errors.email = problems.email;
    if (problems.password) errors.emailPassword = problems.password;
    return page(
      accountPage(session, { ...(await view(actor.userId)), form: { values: { email: values.email }, errors } }),
      400,
    );
  });

  app.post('/account/workspace', async (c) => {
    const moved = await sessions.switchTo(c.var.session, c.var.form!.get('organization') ?? '');
    return moved
      ? redirect('/console/widget-keys')
      : page(messagePage('Not a member', 'You do not belong to that organization (any more).'), 403);
  });

  // The sandbox's people are shared by every visitor: nobody ends another visitor's session.
  app.use('/account/sessions/*', async (c, next) => {
    if (c.var.session.user!.kind !== 'account')
      return page(
        messagePage('Only for accounts', 'The sandbox’s people are shared by every visitor: sign out instead.'),
        403,
      );
    await next();
  });

  app.post('/account/sessions/end-others', async (c) => {
    const ended = await sessions.endOthers(c.var.actor.userId, c.var.session);
    await recordAccountEvent(db, c.var.actor.userId, 'session.ended', {
      sessions: ended,
      clientAddress: clientAddress(c),
    });
    return redirect('/console/account?notice=others-ended');
  });

  app.post('/account/sessions/:id/end', async (c) => {
    const ended = await sessions.endOne(c.var.actor.userId, c.req.param('id'));
    if (!ended) return redirect('/console/account');
    await recordAccountEvent(db, c.var.actor.userId, 'session.ended', { sessions: 1, clientAddress: clientAddress(c) });
    return redirect('/console/account?notice=session-ended');
  });

  return app;
}
