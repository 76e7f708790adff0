/** Past here, a person is signed in: a page asks them to sign in first and brings them back. */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type ConsoleEnv, page, redirect } from '../context.js';
import type { Html } from '../../../web/html.js';

export const signInRequired = (signInPage: (c: Context<ConsoleEnv>, url: URL) => Promise<Html>) =>
  createMiddleware<ConsoleEnv>(async (c, next) => {
    const { session, setCookie } = c.var;
    if (!session.user) {
      if (c.req.method !== 'GET') return redirect('/console/sign-in', setCookie);
      return page(await signInPage(c, new URL(c.req.url)), 200, setCookie);
    }
    c.set('actor', { userId: session.user.id, organizationId: session.user.organizationId });
    await next();
  });
