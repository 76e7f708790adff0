/**
 * Every origin's Node server: Hono's Node adapter over a fetch handler, listening on loopback. The
 * handler sees web-standard Requests; the visitor's address is in `c.env.incoming` (getConnInfo).
 */
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';

type FetchHandler = (request: Request, env: never) => Response | Promise<Response>;

export async function listen(fetch: FetchHandler, port: number, hostname = '127.0.0.1'): Promise<Server> {
  const server = createAdaptorServer({
    fetch: fetch as Parameters<typeof createAdaptorServer>[0]['fetch'],
    port,
    hostname,
  }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, resolve);
  });
  return server;
}
