/**
 * Whether a state-changing request came from another site: its `Sec-Fetch-Site` says so, or its
 * `Origin` is not the console's own. Browsers send one or both with every POST; a request with
 * neither (curl, an old browser) is left to the CSRF token.
 */
import { createMiddleware } from 'hono/factory';
import { type ConsoleEnv, page } from '../context.js';
import { messagePage } from '../pages/frame.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Why the request is refused, in one sentence, or undefined when it may go on. */
export function crossSiteWrite(request: Request): string | undefined {
  if (SAFE.has(request.method)) return undefined;
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none')
    return `The browser says it was sent from a ${site} page, and the console accepts changes only from its own pages.`;
  const origin = request.headers.get('origin');
  if (origin && origin !== new URL(request.url).origin)
    return 'It was sent from a page of another origin, and the console accepts changes only from its own pages.';
  return undefined;
}

/** Refuses a change sent from another site whatever it carries (defence in depth beside the token). */
export const refuseCrossSite = createMiddleware<ConsoleEnv>(async (c, next) => {
  const refused = crossSiteWrite(c.req.raw);
  if (refused) return page(messagePage('This form came from another site', `${refused} Nothing was changed.`), 403);
  await next();
});
