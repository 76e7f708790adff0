/**
 * The request's session, read once: a signed-in person's, or, not signed in, an anonymous one that
 * stores nothing and carries its forms' token in a cookie of its own.
 */
import { createMiddleware } from 'hono/factory';
import { anonymousSession, type Sessions } from '../../../core/organizations/sessions.js';
import { newSecret } from '../../../db/secrets.js';
import type { ConsoleEnv } from '../context.js';
import { COOKIE, CSRF_COOKIE, readCookie, sessionCookie } from '../cookies.js';

export const openSession = (sessions: Sessions) =>
  createMiddleware<ConsoleEnv>(async (c, next) => {
    const secure = new URL(c.req.url).protocol === 'https:';
    const cookies = c.req.header('cookie') ?? null;
    let session = await sessions.find(readCookie(cookies, COOKIE));
    let setCookie: Record<string, string> = {};
    if (!session) {
      const token = readCookie(cookies, CSRF_COOKIE);
      session = anonymousSession(token && /^[\w-]{43}$/.test(token) ? token : newSecret());
      if (session.csrfToken !== token)
        setCookie = { 'Set-Cookie': sessionCookie(session.csrfToken, secure, 3600 * 12, CSRF_COOKIE) };
    }
    c.set('session', session);
    c.set('setCookie', setCookie);
    c.set('secure', secure);
    await next();
  });
