/**
 * OneMap's search, as its workshop notes and the code that calls it describe it
 * (../shared/guides/OFFICIAL-DATA-APIS.md): a token from the account's e-mail and password (three days,
 * renewed an hour before it expires), then `elastic/search` with it. OneMap says an authentication
 * problem with HTTP 200 and an `error` field: renewed once, then the search repeated; a second is the
 * account's problem. Searches are spaced (2 a second, well under the 250 a minute it allows), and a 429
 * is waited out (busy-source.ts), never taken for the account's problem.
 */
import { wait, waitingOutBusy } from './busy-source.js';
import { SourceFault } from './source-fault.js';

export const ONEMAP_HOST = 'https://www.onemap.gov.sg';
const RENEW_BEFORE_MS = 3_600_000;
const SPACING_MS = 500;

export interface OneMapOptions {
  email: string;
  password: string;
  /** OneMap's root (a local stand-in in the sandbox and the tests). */
  host?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

/** One result as OneMap gives it: every value a string, `NIL` for none. */
export type OneMapResult = Record<string, string>;

export function oneMapSearch(options: OneMapOptions) {
  const host = options.host ?? ONEMAP_HOST;
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? wait;
  const get = waitingOutBusy({
    name: 'OneMap',
    advice: 'run the fetch again later (OneMap allows 250 calls a minute)',
    fetch: options.fetch ?? fetch,
    sleep,
    now,
  });
  let token: { value: string; expiresAt: number } | undefined;
  let lastCall = 0;

  async function body(response: Response, what: string): Promise<Record<string, unknown>> {
    const text = await response.text();
    if (/^\s*</.test(text))
      throw new SourceFault(`OneMap answered ${what} with a page of HTML (HTTP ${response.status})`, 'try again later');
    try {
      return JSON.parse(text);
    } catch {
      throw new SourceFault(`OneMap's answer to ${what} is not valid JSON`, 'try again later');
    }
  }

  async function newToken(): Promise<string> {
    const response = await get(`${host}/api/auth/post/getToken`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: options.email, password: options.password }),
    });
    const answer = await body(response, 'the token request');
    if (typeof answer.access_token !== 'string' || !answer.access_token)
      throw new SourceFault(
        `OneMap refused the account: ${String(answer.error ?? answer.message ?? `HTTP ${response.status}`)}`,
        'check ONEMAP_EMAIL and ONEMAP_PASSWORD (an account registered at onemap.gov.sg)',
      );
    const expiry = Number(answer.expiry_timestamp) * 1000;
    token = {
      value: answer.access_token,
      expiresAt: Number.isFinite(expiry) ? expiry : now().getTime() + 3 * 86_400_000,
    };
    return token.value;
  }

  return {
    /** The first page of results for `query` (about ten). */
    async search(query: string): Promise<OneMapResult[]> {
      for (let attempt = 0; ; attempt++) {
        const current = token && token.expiresAt - RENEW_BEFORE_MS > now().getTime() ? token.value : await newToken();
        const spacing = lastCall + SPACING_MS - Date.now();
        if (spacing > 0) await sleep(spacing);
        lastCall = Date.now();
        const params = new URLSearchParams({ searchVal: query, returnGeom: 'Y', getAddrDetails: 'Y', pageNum: '1' });
        const response = await get(`${host}/api/common/elastic/search?${params}`, {
          headers: { Authorization: current },
        });
        const answer = await body(response, `the search for ${query}`);
        if (typeof answer.error === 'string') {
          token = undefined;
          if (attempt === 0) continue;
          throw new SourceFault(`OneMap refused the search: ${answer.error}`, 'check the OneMap account');
        }
        if (!response.ok || !Array.isArray(answer.results))
          throw new SourceFault(
            `OneMap answered the search for ${query} with HTTP ${response.status}`,
            'try again later',
          );
        return answer.results as OneMapResult[];
      }
    },
  };
}

export type OneMapSearch = ReturnType<typeof oneMapSearch>;
