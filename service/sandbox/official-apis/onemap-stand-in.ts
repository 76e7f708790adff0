/**
 * A local stand-in for OneMap, on loopback, in its shapes: `api/auth/post/getToken` (a token for the
 * account, three days) and `api/common/elastic/search` (the addresses it is given whose block and street
 * the query names, HDB's abbreviations read as OneMap's full names). Authentication problems come with
 * HTTP 200 and an `error` field, as OneMap's do; `expireToken()` expires the token once, and `busy(n)`
 * answers the next n requests 429.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { streetKey } from '../../core/datasets/official/street-names.js';

export interface OneMapStandInData {
  email: string;
  password: string;
  /** OneMap's results, each value a string (`SEARCHVAL`, `BLK_NO`, `ROAD_NAME`, `POSTAL`, `X`, `Y`, …). */
  addresses: Record<string, string>[];
}

export async function startOneMapStandIn(data: OneMapStandInData) {
  const state = {
    tokens: new Set<string>(),
    issued: 0,
    searches: [] as string[],
    expireNext: false,
    busy: { left: 0, retryAfter: undefined as string | undefined },
  };
  const json = (response: ServerResponse, body: unknown) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (state.busy.left > 0) {
      state.busy.left--;
      const retry = state.busy.retryAfter ? { 'Retry-After': state.busy.retryAfter } : {};
      response.writeHead(429, { 'Content-Type': 'application/json', ...retry });
      response.end(JSON.stringify({ error: 'Too Many Requests' }));
      return;
    }
    if (url.pathname === '/api/auth/post/getToken' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const asked = JSON.parse(body || '{}') as { email?: string; password?: string };
        if (asked.email !== data.email || asked.password !== data.password)
          return json(response, { error: 'Invalid email or password.' });
        const token = `onemap-token-${++state.issued}`;
        state.tokens.add(token);
        json(response, { access_token: token, expiry_timestamp: String(Math.floor(Date.now() / 1000) + 3 * 86_400) });
      });
      return;
    }
    if (url.pathname !== '/api/common/elastic/search') {
      response.writeHead(404).end();
      return;
    }
    const token = String(request.headers.authorization ?? '');
    if (state.expireNext) {
      state.expireNext = false;
      state.tokens.delete(token);
    }
    if (!state.tokens.has(token))
      return json(response, { error: 'Authentication token expired. Tokens is valid for 3 days.' });
    const query = url.searchParams.get('searchVal') ?? '';
    state.searches.push(query);
    const [block, ...street] = query.split(' ');
    const results = data.addresses.filter(
      (a) => a.BLK_NO === block && streetKey(a.ROAD_NAME ?? '') === streetKey(street.join(' ')),
    );
    json(response, { found: results.length, totalNumPages: results.length ? 1 : 0, pageNum: 1, results });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    data,
    searches: state.searches,
    get tokensIssued() {
      return state.issued;
    },
    /** The next `times` requests answer 429, as past OneMap's 250 calls a minute (with `Retry-After`, where given). */
    busy(times: number, retryAfter?: string) {
      state.busy = { left: times, retryAfter };
    },
    /** The token in use expires at the next search. */
    expireToken() {
      state.expireNext = true;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
