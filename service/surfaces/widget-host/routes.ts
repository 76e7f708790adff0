/**
 * The widget host on its origin: widget.js (the loader and the element, one file) at its three
 * addresses, the language files and the other built files, and the `/v1` API (api.ts) for the
 * widget's requests.
 */
import { clientAddress } from '../../web/client-address.js';
import { Hono } from 'hono';
import { builtLoader } from '../../web/built-loader.js';
import { fileResponse } from '../../web/static-files.js';
import { widgetHostApi } from './api.js';
import type { WidgetHost } from './host.js';

// Script, language files, font and logo are public and must load from any page, including pages
// that isolate themselves with COEP; the language files' fetch (with integrity) and FontFace need CORS.
// Timing-Allow-Origin lets a site owner's own monitoring see what the widget costs their page.
export const ASSET_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Timing-Allow-Origin': '*',
  'Cache-Control': 'no-cache',
};

/**
 * The widget's one file at its three addresses, and how long each may be cached: the evergreen
 * major (and the old unversioned path) briefly, so a release reaches every page within minutes; a
 * pinned version for a year, since it never changes. The language files are named by their
 * content, so they too are cached for a year; widget.js always names (and checks) its own.
 */
const EVERGREEN = 'public, max-age=300';
const IMMUTABLE = 'public, max-age=31536000, immutable';
async function widgetFile(distDir: string, pathname: string): Promise<{ path: string; cache: string } | undefined> {
  if (pathname === '/widget.js' || pathname === '/v1/widget.js') return { path: '/widget.js', cache: EVERGREEN };
  if (/^\/languages\/[a-z]{2}-[\w-]+\.json$/.test(pathname)) return { path: pathname, cache: IMMUTABLE };
  const pinned = /^\/v(\d+\.\d+\.\d+)\/widget\.js$/.exec(pathname);
  if (!pinned) return undefined;
  return (await builtLoader(distDir))?.version === pinned[1] ? { path: '/widget.js', cache: IMMUTABLE } : undefined;
}

export function widgetHostRoutes(host: WidgetHost, distDir: string) {
  const app = new Hono();

  app.get('*', async (c, next) => {
    const file = await widgetFile(distDir, c.req.path);
    const sent =
      file &&
      (await fileResponse(distDir, file.path, {
        headers: { ...ASSET_HEADERS, 'Cache-Control': file.cache },
        acceptEncoding: c.req.header('accept-encoding'),
      }));
    if (sent) return sent;
    await next();
  });

  return app.route('/', widgetHostApi(host, { addressOf: clientAddress }));
}
