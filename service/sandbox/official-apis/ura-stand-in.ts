/**
 * A local stand-in for URA's Data Service, on loopback, in its shapes: `insertNewToken/v1` (a token for
 * the access key) and `invokeUraDS/v1` (PMI_Resi_Transaction by batch, PMI_Resi_Rental by quarter),
 * answering with the documents it is given. `fault` makes it answer as the real one does on a bad day:
 * a firewall's HTML page, or a token that expired mid-run; `busy(n)` answers the next n requests 429.
 * No test or sandbox start reaches the internet.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type UraFault = 'none' | 'html' | 'token-expires';

export interface UraStandInData {
  accessKey: string;
  /** Each sales batch's answer (1–4); a batch not given answers no projects. */
  sales: Partial<Record<number, unknown[]>>;
  /** Each quarter's rental contracts (`26q3`); a quarter not given answers none. */
  rentals: Record<string, unknown[]>;
}

export async function startUraStandIn(data: UraStandInData) {
  const state = {
    fault: 'none' as UraFault,
    tokens: new Set<string>(),
    issued: 0,
    requests: [] as string[],
    busy: { left: 0, retryAfter: undefined as string | undefined },
  };
  const json = (response: ServerResponse, body: unknown) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    state.requests.push(`${url.pathname}${url.search}`);
    if (state.busy.left > 0) {
      state.busy.left--;
      const retry = state.busy.retryAfter ? { 'Retry-After': state.busy.retryAfter } : {};
      response.writeHead(429, { 'Content-Type': 'application/json', ...retry });
      response.end(JSON.stringify({ Status: 'Error', Message: 'Too Many Requests', Result: null }));
      return;
    }
    if (state.fault === 'html') {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<html><body>The requested URL was rejected. Please consult with your administrator.</body></html>');
      return;
    }
    if (request.headers.accesskey !== data.accessKey)
      return json(response, { Status: 'Error', Message: 'Invalid AccessKey', Result: null });
    if (url.pathname.endsWith('/insertNewToken/v1')) {
      const token = `token-${++state.issued}`;
      state.tokens.add(token);
      return json(response, { Status: 'Success', Message: '', Result: token });
    }
    if (!url.pathname.endsWith('/invokeUraDS/v1')) {
      response.writeHead(404).end();
      return;
    }
    const token = String(request.headers.token ?? '');
    if (state.fault === 'token-expires') {
      state.fault = 'none';
      state.tokens.delete(token);
    }
    if (!state.tokens.has(token)) return json(response, { Status: 'Error', Message: 'Token expired', Result: null });
    const service = url.searchParams.get('service');
    if (service === 'PMI_Resi_Transaction')
      return json(response, { Status: 'Success', Result: data.sales[Number(url.searchParams.get('batch'))] ?? [] });
    if (service === 'PMI_Resi_Rental')
      return json(response, { Status: 'Success', Result: data.rentals[url.searchParams.get('refPeriod') ?? ''] ?? [] });
    return json(response, { Status: 'Error', Message: `Unknown service ${service}`, Result: null });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/uraDataService`;
  return {
    host: origin,
    data,
    requests: state.requests,
    get tokensIssued() {
      return state.issued;
    },
    fault(fault: UraFault) {
      state.fault = fault;
    },
    /** The next `times` requests answer 429 (with `Retry-After`, where given). */
    busy(times: number, retryAfter?: string) {
      state.busy = { left: times, retryAfter };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
