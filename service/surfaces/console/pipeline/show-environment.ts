/**
 * The environment the session shows, and its parts (`c.var.shown`). A deployment without live shows
 * the sandbox whatever a session last showed, and offers no switch. A link that names its environment
 * (an AI app's consent, a confirmation) switches the console there, where the person may use it.
 */
import { createMiddleware } from 'hono/factory';
import type { Sessions } from '../../../core/organizations/sessions.js';
import { type Environment, isEnvironment } from '../../../db/environments.js';
import { type ConsoleEnv, page, type ShownEnvironment } from '../context.js';
import { messagePage } from '../pages/frame.js';

export const showEnvironment = (sessions: Sessions, shown: Map<Environment, ShownEnvironment>) =>
  createMiddleware<ConsoleEnv>(async (c, next) => {
    let { session } = c.var;
    const [only] = shown.keys();
    if (session.user && shown.size === 1)
      session = { ...session, environment: only!, user: { ...session.user, mayUseLive: false } };
    const named = c.req.method === 'GET' ? c.req.query('environment') : undefined;
    if (session.user && isEnvironment(named) && shown.has(named) && named !== session.environment) {
      if (!(await sessions.show(session, named)))
        return page(
          messagePage(
            `This page is in ${named}`,
            `${session.user.organizationName} has no live environment yet: an organization reaches live after its integration review is approved (Go live). Nothing was changed.`,
          ),
          403,
        );
      session = { ...session, environment: named };
    }
    c.set('session', session);
    c.set('shown', shown.get(session.environment) ?? shown.get(only!)!);
    await next();
  });
