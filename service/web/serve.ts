/**
 * Every origin's Node server: Hono's Node adapter over a fetch handler, listening on loopback. The
 * handler sees web-standard Requests; the visitor's address is in `c.env.incoming` (getConnInfo).
 * A method no origin serves (TRACE, PROPFIND, …) is answered here, before any handler, with 501, and
 * the process's health (health.ts) on every origin.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { answerHealth } from './health.js';

type FetchHandler = (request: Request, env: never) => Response | Promise<Response>;

/** The methods some route of the service answers; anything else is not implemented anywhere. */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const served = new Set<string>(SERVED_METHODS);

/** Wraps a Node listener so that an unserved method gets a problem body (RFC 9457), never a handler's error. */
export function servedMethodsOnly(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (answerHealth(req, res)) return;
    if (served.has(req.method ?? '')) return listener(req, res);
    const method = (req.method ?? '').slice(0, 20);
    const body = {
      type: 'about:blank',
      title: 'Not Implemented',
      status: 501,
      detail: `This server does not implement ${method}. It answers ${SERVED_METHODS.join(', ')}.`,
    };
    req.resume();
    res.writeHead(501, {
      'Content-Type': 'application/problem+json; charset=utf-8',
      'Cache-Control': 'no-store',
      Allow: SERVED_METHODS.join(', '),
    });
    res.end(JSON.stringify(body));
  };
}

/** How long an idle kept-alive connection is held: longer than any client or balancer in front holds one. */
const IDLE_CONNECTION_MS = 65_000;

/**
 * A server listening on `port` (0: a free one the system picks), which answers nothing until `serve`
 * gives it a handler: its address is known first, so the service's parts can be composed with it.
 */
export async function openServer(port = 0, hostname = '127.0.0.1'): Promise<Server> {
  const server = createServer();
  // An idle connection is closed by its client first (a browser, fetch's 4 s, a balancer's pool), never
  // by us as the client sends on it: at Node's 5 s a busy moment reset a reused connection (ECONNRESET).
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, resolve);
  });
  return server;
}

/** The loopback origin an open server answers on: `http://127.0.0.1:<port>`. */
export function originOf(server: Server): string {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The server is not listening on a TCP port.');
  return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}

/** Gives an open server its Node listener. */
export function serveListener(server: Server, listener: RequestListener): Server {
  return server.on('request', servedMethodsOnly(listener));
}

/** Gives an open server its fetch handler. */
export const serveFetch = (server: Server, fetch: FetchHandler): Server =>
  serveListener(server, getRequestListener(fetch as Parameters<typeof getRequestListener>[0]));

/** Listens on `port` with `fetch` until the server is closed; resolves once it accepts connections. */
export const listen = async (fetch: FetchHandler, port: number, hostname = '127.0.0.1'): Promise<Server> =>
  serveFetch(await openServer(port, hostname), fetch);
