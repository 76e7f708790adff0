/**
 * A WebDriver BiDi proxy between Playwright and Firefox ESR that answers the commands this Firefox
 * does not know and Playwright always sends. Playwright 1.65 sends
 * `emulation.setMediaFeaturesOverride` with every new context and page; Firefox 153 ESR answers
 * "unknown command", which fails the context. Answering it with an empty success changes nothing
 * the tests rely on: the colour scheme is chosen with a Firefox preference instead.
 */
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

const ANSWERED_HERE = new Set(['emulation.setMediaFeaturesOverride']);

/** Forwards every message between a client and `upstream` (ws://host:port), except ANSWERED_HERE. */
export async function startBidiShim(upstream: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  server.on('connection', (client, request) => {
    const browser = new WebSocket(new URL(request.url ?? '/', upstream).href);
    const pending: string[] = [];
    browser.on('open', () => pending.splice(0).forEach((message) => browser.send(message)));
    browser.on('message', (data) => client.send(data.toString()));
    browser.on('close', () => client.close());
    browser.on('error', () => client.close());
    client.on('close', () => browser.close());
    client.on('message', (data) => {
      const text = data.toString();
      const command = parse(text);
      if (command && ANSWERED_HERE.has(command.method)) {
        client.send(JSON.stringify({ type: 'success', id: command.id, result: {} }));
      } else if (browser.readyState === WebSocket.OPEN) {
        browser.send(text);
      } else {
        pending.push(text);
      }
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

function parse(text: string): { id: number; method: string } | undefined {
  try {
    const message = JSON.parse(text) as { id?: unknown; method?: unknown };
    return typeof message.id === 'number' && typeof message.method === 'string'
      ? { id: message.id, method: message.method }
      : undefined;
  } catch {
    return undefined;
  }
}
