/** The BiDi shim answers only the commands Firefox ESR lacks, and passes everything else both ways. */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { WebSocket, WebSocketServer } from 'ws';
import { startBidiShim } from './bidi-shim.js';

let firefox: WebSocketServer;
const seenByFirefox: { path: string; message: { id: number; method: string } }[] = [];
let shim: Awaited<ReturnType<typeof startBidiShim>>;

before(async () => {
  // A stand-in for Firefox: answers every command, and sends an event on connection.
  firefox = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => firefox.once('listening', resolve));
  firefox.on('connection', (socket, request) => {
    socket.send(JSON.stringify({ type: 'event', method: 'log.entryAdded', params: {} }));
    socket.on('message', (data) => {
      let message: { id: number; method: string };
      try {
        message = JSON.parse(data.toString());
      } catch {
        message = { id: -1, method: `(unparsed) ${data.toString()}` };
      }
      seenByFirefox.push({ path: request.url ?? '', message });
      socket.send(JSON.stringify({ type: 'success', id: message.id, result: { from: 'firefox' } }));
    });
  });
  shim = await startBidiShim(`ws://127.0.0.1:${(firefox.address() as AddressInfo).port}`);
});

after(async () => {
  await shim.close();
  for (const socket of firefox.clients) socket.terminate();
  await new Promise((resolve) => firefox.close(resolve));
});

test('answers emulation.setMediaFeaturesOverride itself, forwards the rest and the events', async () => {
  const client = new WebSocket(`${shim.url}/session`);
  const received: { type: string; id?: number; method?: string; result?: unknown }[] = [];
  client.on('message', (data) => received.push(JSON.parse(data.toString())));
  // Sent before the socket to Firefox is open: kept, then delivered in order.
  await new Promise((resolve) => client.once('open', resolve));
  try {
    client.send(JSON.stringify({ id: 1, method: 'session.new', params: {} }));
    client.send(JSON.stringify({ id: 2, method: 'emulation.setMediaFeaturesOverride', params: { features: {} } }));
    client.send(JSON.stringify({ id: 3, method: 'browsingContext.create', params: {} }));
    client.send('not json');
    for (const end = Date.now() + 10_000; received.filter((m) => m.type === 'success').length < 4;) {
      assert.ok(Date.now() < end, `4 answers within 10 s, got ${JSON.stringify(received)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    assert.deepEqual(
      seenByFirefox.map(({ path, message }) => `${path} ${message.method}`),
      ['/session session.new', '/session browsingContext.create', '/session (unparsed) not json'],
    );
    assert.deepEqual(
      received.find((m) => m.id === 2),
      { type: 'success', id: 2, result: {} },
    );
    assert.deepEqual(received.find((m) => m.id === 3)?.result, { from: 'firefox' });
    assert.ok(received.some((m) => m.type === 'event' && m.method === 'log.entryAdded'));
  } finally {
    client.close();
  }
});
