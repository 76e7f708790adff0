/** The Node transport of the Platform API sandbox: its own origin, `/v1` for the API, `/reference` for its reference. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { EstimateEngine } from '../core/estimates/engine.js';
import type { DailyMeter } from '../core/metering/daily-meter.js';
import { createPlatformApi } from '../surfaces/platform/api.js';
import type { PlatformKeyStore } from '../core/keys/platform-key-store.js';
import { renderReference } from '../surfaces/docs/api-reference.js';

export interface PlatformServerOptions {
  port: number;
  host?: string;
  engine: EstimateEngine;
  /** The database's keys; keys.json in memory without one. */
  keyStore?: PlatformKeyStore;
  meter?: DailyMeter;
}

/** The request as web-standard Request; the API reads no bodies, so none is read here. */
function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  return new Request(new URL(req.url ?? '/', origin), { method: req.method ?? 'GET', headers });
}

export async function startPlatformServer(options: PlatformServerOptions): Promise<{ server: Server; baseUrl: string; referenceUrl: string }> {
  const hostname = options.host ?? '127.0.0.1';
  const origin = `http://${hostname}:${options.port}`;
  const baseUrl = `${origin}/v1`;
  const referenceUrl = `${origin}/reference`;
  const api = createPlatformApi({ engine: options.engine, keyStore: options.keyStore, meter: options.meter, referenceUrl });
  const reference = renderReference(baseUrl);

  const server = createServer(async (req, res) => {
    try {
      const path = new URL(req.url ?? '/', origin).pathname;
      if (path === '/reference' || path === '/') {
        res.writeHead(path === '/' ? 302 : 200, { 'Content-Type': 'text/html; charset=utf-8', ...(path === '/' ? { Location: '/reference' } : {}) });
        res.end(path === '/' ? undefined : reference);
        return;
      }
      const response = await api.handle(toRequest(req, origin));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(await response.text());
    } catch (error) {
      console.error('[sandbox platform] request failed:', error instanceof Error ? error.message : 'unknown error');
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Sandbox error');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, hostname, resolve);
  });
  return { server, baseUrl, referenceUrl };
}
