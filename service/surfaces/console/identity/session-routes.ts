/** The signed-in session's own changes: the one visible switch between the environments, and signing out. */
import { Hono } from 'hono';
import type { Sessions } from '../../../core/organizations/sessions.js';
import { isEnvironment } from '../../../db/environments.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { sessionCookie } from '../cookies.js';
import { messagePage } from '../pages/frame.js';
import { safeNext } from './sign-in-routes.js';

export function sessionRoutes(sessions: Sessions) {
  const app = new Hono<ConsoleEnv>({ strict: false });

  // Live only once the organization's review is approved.
  app.post('/environment', async (c) => {
    const asked = c.var.form?.get('to');
    const to = isEnvironment(asked) ? asked : 'sandbox';
    if (!(await sessions.show(c.var.session, to)))
      return page(
        messagePage(
          'Live is not open to this organization yet',
          `${c.var.session.user!.organizationName} reaches live after its integration review is approved: see Go live. Nothing was changed.`,
        ),
        403,
      );
    return redirect(safeNext(c.var.form?.get('next') ?? '') || '/console/widget-keys');
  });

  app.post('/sign-out', async (c) => {
    await sessions.end(c.var.session);
    return redirect('/console/sign-in?notice=signed-out', { 'Set-Cookie': sessionCookie('', c.var.secure, 0) });
  });
  return app;
}
