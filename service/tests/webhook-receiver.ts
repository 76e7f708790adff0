/**
 * A webhook receiver for tests, on loopback: it verifies every request with the standardwebhooks
 * package (not our own code) under the secrets it is given, and answers each path as the test says:
 * a status, a huge body, an answer of its own (any bytes, any headers), or never.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  /** The body's bytes as sent (a signature covers these, not a re-serialised object). */
  raw: string;
  body: Record<string, unknown>;
  /** The secrets (of those given for its path) that verify it. */
  verifiedBy: string[];
}

export type Answer = number | 'huge' | 'never' | { status: number; body?: string; headers?: Record<string, string> };

export async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, Answer[]>();
  const secrets = new Map<string, string[]>();
  const open = new Set<IncomingMessage>();
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const verifiedBy = (secrets.get(path) ?? []).filter((secret) => {
        try {
          new Webhook(secret).verify(text, request.headers as Record<string, string>);
          return true;
        } catch {
          return false;
        }
      });
      received.push({
        path,
        id: String(request.headers['webhook-id']),
        timestamp: String(request.headers['webhook-timestamp']),
        signature: String(request.headers['webhook-signature']),
        raw: text,
        body: JSON.parse(text),
        verifiedBy,
      });
      const queue = answers.get(path) ?? [];
      const answer = queue.length > 1 ? queue.shift()! : (queue[0] ?? 200);
      if (answer === 'never') return void open.add(request);
      if (typeof answer === 'object') {
        response.writeHead(answer.status, answer.headers ?? {});
        return void response.end(answer.body ?? '');
      }
      if (answer === 'huge') {
        response.writeHead(200, { 'Content-Type': 'text/plain' });
        return void response.end('x'.repeat(100_000));
      }
      response.writeHead(answer, answer === 302 ? { Location: 'http://127.0.0.1:9/elsewhere' } : {});
      response.end(`answered ${answer}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    server,
    base,
    received,
    answers,
    secrets,
    at: (path: string) => received.filter((r) => r.path === path),
    /** Requests held open (answered 'never') on paths starting with `prefix`. */
    holding: (prefix: string) => [...open].filter((request) => (request.url ?? '').startsWith(prefix)).length,
    /** Ends the requests held open on paths starting with `prefix`, as a receiver that drops the connection. */
    drop(prefix: string) {
      for (const request of open)
        if ((request.url ?? '').startsWith(prefix)) {
          request.socket.destroy();
          open.delete(request);
        }
    },
    close: () => {
      for (const request of open) request.socket.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}
