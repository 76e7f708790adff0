/**
 * A local stand-in for data.gov.sg's API, on loopback, answering in its shapes (metadata, the
 * initiate-then-poll download, a presigned file URL) with the files it is given: the sandbox's world,
 * or a test's. `fault` makes it answer as the real service does on a bad day: a 429 with or without
 * Retry-After, a firewall's HTML page, a poll that never completes, an expired file URL, a download
 * cut short. No test or sandbox start reaches the internet.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInFault =
  'none' | 'busy-with-retry-after' | 'busy-without-retry-after' | 'html' | 'never-ready' | 'expired-url' | 'truncated';

export interface StandInDataset {
  text: string;
  lastUpdatedAt: string;
}

export async function startDataGovSgStandIn(datasets: Record<string, StandInDataset>) {
  const state = {
    fault: 'none' as StandInFault,
    busyLeft: 0,
    expiredLeft: 0,
    fileDelayMs: 0,
    requests: [] as string[],
  };
  const json = (response: import('node:http').ServerResponse, status: number, body: unknown, headers = {}) => {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    state.requests.push(url.pathname);
    if (state.fault === 'html') {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<html><body><h1>Access denied</h1><p>Request blocked by the firewall.</p></body></html>');
      return;
    }
    if (state.busyLeft > 0 && !url.pathname.startsWith('/files/')) {
      state.busyLeft--;
      const retry = state.fault === 'busy-with-retry-after' ? { 'Retry-After': '2' } : {};
      return json(response, 429, { code: 429, errorMsg: 'Too many requests' }, retry);
    }
    const match = /\/datasets\/([\w]+)\/(metadata|initiate-download|poll-download)$/.exec(url.pathname);
    const file = /^\/files\/([\w]+)\.csv$/.exec(url.pathname);
    const id = match?.[1] ?? file?.[1];
    const dataset = id ? datasets[id] : undefined;
    if (!dataset) return json(response, 404, { code: 404, errorMsg: `no dataset ${id}` });
    if (match?.[2] === 'metadata')
      return json(response, 200, {
        code: 0,
        data: { datasetId: id, name: id, format: 'CSV', lastUpdatedAt: dataset.lastUpdatedAt },
        errorMsg: '',
      });
    if (match?.[2] === 'initiate-download')
      return json(response, 201, { code: 0, data: { message: 'Download initiated' }, errorMsg: '' });
    if (match?.[2] === 'poll-download')
      return json(response, 200, {
        code: 0,
        data:
          state.fault === 'never-ready'
            ? { status: 'DOWNLOAD_IN_PROGRESS' }
            : { status: 'DOWNLOAD_SUCCESS', url: `${origin()}/files/${id}.csv?X-Amz-Expires=3600` },
        errorMsg: '',
      });
    if (state.expiredLeft > 0) {
      state.expiredLeft--;
      response.writeHead(403, { 'Content-Type': 'application/xml' });
      response.end('<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>');
      return;
    }
    if (state.fileDelayMs) {
      const delay = state.fileDelayMs;
      state.fileDelayMs = 0;
      setTimeout(() => response.end(dataset.text), delay);
      return;
    }
    const bytes = Buffer.from(dataset.text);
    const sent = state.fault === 'truncated' ? bytes.subarray(0, Math.floor(bytes.length * 0.6)) : bytes;
    response.writeHead(200, {
      'Content-Type': 'text/csv',
      'Content-Length': String(bytes.length),
      Connection: 'close',
    });
    // A cut download: the length promised, fewer bytes, then the connection ends.
    if (sent.length < bytes.length) {
      response.write(sent, () => setTimeout(() => response.socket?.destroy(), 20));
      return;
    }
    response.end(sent);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    hosts: { metadata: origin(), download: origin() },
    datasets,
    requests: state.requests,
    /** Answers the next requests with `fault` (a 429 for the next `times` requests, an expired URL once). */
    fault(fault: StandInFault, times = 1) {
      state.fault = fault;
      state.busyLeft = fault.startsWith('busy') ? times : 0;
      state.expiredLeft = fault === 'expired-url' ? times : 0;
    },
    /** Sends the next file only after `ms` (a slow download, to stop a fetch in the middle of). */
    slowNextFile(ms: number) {
      state.fileDelayMs = ms;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
