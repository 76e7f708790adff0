/** The Node transport of the sandbox widget host: a real HTTP server on its own origin. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { builtLoader, DEFAULT_DIST } from '../web/built-loader.js';
import type { EstimateEngine } from '../core/estimates/engine.js';
import { createWidgetHost, type WidgetKeyConfig } from '../surfaces/widget-host/host.js';
import type { DailyMeter } from '../core/metering/daily-meter.js';
import type { WidgetKeyStore } from '../core/keys/widget-keys.js';
import { sendFile } from '../web/static-files.js';
import { MESSAGES_PATH } from '../../src/api/console-messages.js';
import { messagesPage } from '../surfaces/docs/messages-page.js';
import { servicePage } from '../surfaces/valuation-pages/valuation-page.js';

export interface WidgetHostServerOptions {
  port: number;
  host?: string;
  /** Keys in memory, or the store the service keeps them in (its database). */
  keys?: WidgetKeyConfig[];
  keyStore?: WidgetKeyStore;
  meter?: DailyMeter;
  /** The estimate engine every surface shares; one is made otherwise. */
  engine?: EstimateEngine;
  /** Built widget files (vite build output). */
  distDir?: string;
  /** The API Console, served on this origin (the service's own), given the origin's base URL. */
  console?: (baseUrl: string) => { handle(request: Request): Promise<Response | undefined> };
}

const MAX_BODY = 65_536;

/** A request with its body (forms only: at most 64 KB) as web-standard Request. */
async function toRequest(req: IncomingMessage, url: URL): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  let body: string | undefined;
  if (req.method === 'POST') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) break;
      chunks.push(chunk as Buffer);
    }
    body = Buffer.concat(chunks).toString('utf8');
  }
  return new Request(url, { method: req.method, headers, body });
}

// Script, chunks, font and logo are public and must load from any page, including pages
// that isolate themselves with COEP; the module chunk and FontFace fetches need CORS.
// Timing-Allow-Origin lets a site owner's own monitoring see what the widget costs their page.
const ASSET_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Timing-Allow-Origin': '*',
  'Cache-Control': 'no-cache',
};

/**
 * The loader at its three addresses, and how long each may be cached: the evergreen major (and the
 * old unversioned path) briefly, so a release reaches every page within minutes; a pinned version
 * for a year, since it never changes. The element and its chunks are named by their content, so
 * they too are cached for a year; a loader always names its own.
 */
const EVERGREEN = 'public, max-age=300';
const IMMUTABLE = 'public, max-age=31536000, immutable';
async function widgetFile(distDir: string, pathname: string): Promise<{ path: string; cache: string } | undefined> {
  if (pathname === '/widget.js' || pathname === '/v1/widget.js') return { path: '/widget.js', cache: EVERGREEN };
  if (/^\/(element-[\w-]+\.js|chunks\/[\w-]+\.js)$/.test(pathname)) return { path: pathname, cache: IMMUTABLE };
  const pinned = /^\/v(\d+\.\d+\.\d+)\/widget\.js$/.exec(pathname);
  if (!pinned) return undefined;
  return (await builtLoader(distDir))?.version === pinned[1] ? { path: '/widget.js', cache: IMMUTABLE } : undefined;
}

export async function startWidgetHostServer(options: WidgetHostServerOptions): Promise<{ server: Server; url: string; engine: EstimateEngine }> {
  const hostname = options.host ?? '127.0.0.1';
  const baseUrl = `http://${hostname}:${options.port}/`;
  const widgetHost = createWidgetHost({ keys: options.keys, keyStore: options.keyStore, meter: options.meter, engine: options.engine, serviceUrl: baseUrl, previewOrigin: new URL(baseUrl).origin });
  const consolePages = options.console?.(baseUrl);
  const distDir = options.distDir ?? DEFAULT_DIST;

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', baseUrl);
      const widget = await widgetFile(distDir, url.pathname);
      if (widget) {
        const headers = { ...ASSET_HEADERS, 'Cache-Control': widget.cache };
        if (await sendFile(res, distDir, widget.path, { headers, acceptEncoding: req.headers['accept-encoding'] })) return;
      }
      if (url.pathname.startsWith('/v1/')) {
        const answer = await widgetHost.handle({
          method: req.method ?? 'GET',
          url,
          origin: req.headers.origin ?? null,
          clientAddress: req.socket.remoteAddress,
        });
        if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body === null ? undefined : JSON.stringify(answer.body));
        return;
      }
      if (consolePages && (url.pathname === '/console' || url.pathname.startsWith('/console/'))) {
        const answer = await consolePages.handle(await toRequest(req, url));
        if (answer) {
          res.writeHead(answer.status, Object.fromEntries(answer.headers));
          res.end(await answer.text());
          return;
        }
      }
      if (url.pathname === `/${MESSAGES_PATH}`) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=300' });
        res.end(messagesPage());
        return;
      }
      const page = servicePage(widgetHost.engine, url);
      if (page) {
        res.writeHead(page.status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(page.html);
        return;
      }
      if (!(await sendFile(res, distDir, url.pathname, { headers: ASSET_HEADERS, acceptEncoding: req.headers['accept-encoding'] }))) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...ASSET_HEADERS });
        res.end(url.pathname === '/widget.js' ? 'widget.js is not built yet: run npm run build.' : 'Not found');
      }
    } catch (error) {
      console.error('[sandbox] request failed', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Sandbox error');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, hostname, resolve);
  });
  return { server, url: baseUrl, engine: widgetHost.engine };
}
