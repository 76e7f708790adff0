/** Serves the demo host pages on their own origin, pointing their snippet at the widget host. */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { builtLoader } from '../service/web/built-loader.js';
import { listen } from '../service/web/serve.js';
import { fileResponse } from '../service/web/static-files.js';

const DEMO_DIR = fileURLToPath(new URL('../demo/', import.meta.url));

/** The strictest policy a site owner could set that still lets the widget work, per the README. */
export const widgetCsp = (widgetOrigin: string) =>
  `default-src 'self'; script-src 'self' ${widgetOrigin}; connect-src 'self' ${widgetOrigin}; ` +
  `img-src 'self' ${widgetOrigin}; font-src 'self' ${widgetOrigin}; style-src 'self'; object-src 'none'; base-uri 'none'`;

/**
 * The policy a site with nonces writes: no host list for scripts, only this response's nonce and
 * 'strict-dynamic', which extends the trust to what a trusted script loads.
 */
export const nonceCsp = (widgetOrigin: string, nonce: string) =>
  `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic'; connect-src 'self' ${widgetOrigin}; ` +
  `img-src 'self' ${widgetOrigin}; font-src 'self' ${widgetOrigin}; style-src 'self'; object-src 'none'; base-uri 'none'`;

/** Pages served with a security policy, as a QA engineer would meet them on real sites. */
const PAGE_HEADERS: Record<string, (widgetOrigin: string, nonce: string) => Record<string, string>> = {
  '/csp.html': (origin) => ({ 'Content-Security-Policy': widgetCsp(origin) }),
  '/trusted-types.html': (origin) => ({
    'Content-Security-Policy': `${widgetCsp(origin)}; require-trusted-types-for 'script'; trusted-types lit-html`,
  }),
  '/trusted-types-strict.html': (origin) => ({
    'Content-Security-Policy': `${widgetCsp(origin)}; require-trusted-types-for 'script'; trusted-types 'none'`,
  }),
  '/csp-no-connect.html': (origin) => ({
    'Content-Security-Policy': widgetCsp(origin).replace(`connect-src 'self' ${origin}`, "connect-src 'self'"),
  }),
  '/csp-nonce.html': (origin, nonce) => ({ 'Content-Security-Policy': nonceCsp(origin, nonce) }),
  '/no-referrer.html': () => ({ 'Referrer-Policy': 'no-referrer' }),
};

export async function startDemoServer(options: {
  port: number;
  widgetHostUrl: string;
  host?: string;
  /** Another folder of pages (the bench's); the demo's own by default. */
  root?: string;
}): Promise<{ server: Server; url: string }> {
  const widgetHost = options.widgetHostUrl.replace(/\/$/, '');
  const app = new Hono().get('*', async (c) => {
    const { pathname } = new URL(c.req.url);
    // Pages only (not their styles and scripts): the pinned loader, as the README's pinned snippet
    // gives it, and a fresh nonce.
    const isPage = pathname.endsWith('/') || pathname.endsWith('.html');
    const pinned = (isPage && (await builtLoader())) || { version: 'unbuilt', integrity: 'sha384-unbuilt' };
    const nonce = isPage ? randomBytes(16).toString('base64') : '';
    const file = await fileResponse(options.root ?? DEMO_DIR, pathname, {
      transform: (html) =>
        html
          .replaceAll('%WIDGET_HOST%', widgetHost)
          .replaceAll('%WIDGET_VERSION%', pinned.version)
          .replaceAll('%WIDGET_INTEGRITY%', pinned.integrity)
          .replaceAll('%NONCE%', nonce),
      headers: PAGE_HEADERS[pathname]?.(new URL(widgetHost).origin, nonce),
      acceptEncoding: c.req.header('accept-encoding'),
    });
    return file ?? c.text('Not found', 404);
  });
  const server = await listen(app.fetch, options.port, options.host);
  return { server, url: `http://localhost:${options.port}/` };
}
