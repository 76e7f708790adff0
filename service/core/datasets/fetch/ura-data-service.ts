/**
 * URA's Data Service, as the code that calls it describes it (../shared/guides/OFFICIAL-DATA-APIS.md):
 * a token a day from the access key (`insertNewToken`), then each service (`invokeUraDS`) with both.
 * Private sales come in four batches of postal districts; rental contracts a quarter at a time
 * (`refPeriod=26q3`). URA keeps five years: every answer is archived before it is imported, so a
 * transaction that leaves URA's window stays with the service. Faults are named with what to do: an
 * access key refused, a page of HTML where JSON was due (URA's firewall), a token expired mid-run
 * (renewed once, then the call repeated), an answer that is not URA's shape; a 429 is waited out
 * (busy-source.ts).
 */
import { waitingOutBusy } from './busy-source.js';
import { SourceFault } from './source-fault.js';
import { SINGAPORE_OFFSET_MS, singaporeDay } from '../../calendar/singapore-day.js';

export const URA_HOST = 'https://eservice.ura.gov.sg/uraDataService';
export const URA_SALES_BATCHES = [1, 2, 3, 4] as const;

export interface UraOptions {
  /** URA_ACCESS_KEY: the key URA mails on registration. */
  accessKey: string;
  /** The service's root (a local stand-in in the sandbox and the tests). */
  host?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Waits `ms` (a test passes one that does not). */
  sleep?: (ms: number) => Promise<void>;
}

/** A URA answer as it came: its text (archived and imported as it is) and what was asked. */
export interface UraAnswer {
  request: string;
  text: string;
}

/** The rental quarters to read at `now`: the current one (filling in) and the one before, as `YYqN`. */
export function recentQuarters(now: Date): string[] {
  const local = new Date(now.getTime() + SINGAPORE_OFFSET_MS);
  const year = local.getUTCFullYear();
  const quarter = Math.floor(local.getUTCMonth() / 3) + 1;
  const name = (y: number, q: number) => `${String(y % 100).padStart(2, '0')}q${q}`;
  return [quarter === 1 ? name(year - 1, 4) : name(year, quarter - 1), name(year, quarter)];
}

export function uraDataService(options: UraOptions) {
  const host = options.host ?? URA_HOST;
  const now = options.now ?? (() => new Date());
  const get = waitingOutBusy({
    name: 'URA',
    advice: 'run the fetch again later',
    fetch: options.fetch ?? fetch,
    sleep: options.sleep,
    now,
  });
  // URA's gateway turns away clients without a browser's User-Agent (code that calls it sends one).
  const userAgent = 'Mozilla/5.0 (compatible; ServiceValuations/1.0; +https://service.example/docs/data)';
  let token: { value: string; day: string } | undefined;

  async function envelope(response: Response, what: string) {
    const text = await response.text();
    if (/^\s*</.test(text) || !(response.headers.get('content-type') ?? '').includes('json'))
      throw new SourceFault(
        `URA answered ${what} with a page of HTML (HTTP ${response.status}), not JSON`,
        'URA’s firewall or a maintenance page stood in the way: try again later, from a host URA accepts',
      );
    try {
      return { text, body: JSON.parse(text) as { Status?: string; Result?: unknown; Message?: string } };
    } catch {
      throw new SourceFault(`URA’s answer to ${what} is not valid JSON`, 'try again later');
    }
  }

  async function newToken(): Promise<string> {
    const response = await get(`${host}/insertNewToken/v1`, {
      headers: { AccessKey: options.accessKey, 'User-Agent': userAgent },
    });
    const { body } = await envelope(response, 'the token request');
    if (body.Status !== 'Success' || typeof body.Result !== 'string' || !body.Result)
      throw new SourceFault(
        `URA refused the access key: ${body.Message || `HTTP ${response.status}`}`,
        'check URA_ACCESS_KEY (URA mails it on registration; it takes 1–3 business days)',
      );
    token = { value: body.Result, day: singaporeDay(now()) };
    return token.value;
  }

  /** One service call; a token refused mid-run is renewed once and the call made again. */
  async function invoke(query: string): Promise<UraAnswer> {
    for (let attempt = 0; ; attempt++) {
      const current = token && token.day === singaporeDay(now()) ? token.value : await newToken();
      const response = await get(`${host}/invokeUraDS/v1?${query}`, {
        headers: { AccessKey: options.accessKey, Token: current, 'User-Agent': userAgent },
      });
      const { text, body } = await envelope(response, query);
      if (body.Status === 'Success' && Array.isArray(body.Result)) return { request: query, text };
      if (attempt === 0 && (response.status === 401 || /token/i.test(body.Message ?? ''))) {
        token = undefined;
        continue;
      }
      throw new SourceFault(
        `URA refused ${query}: ${body.Message || `HTTP ${response.status}`}`,
        'check the access key and the service name, then run the fetch again',
      );
    }
  }

  return {
    /** The four batches of private sales (postal districts 1–7, 8–14, 15–21, 22–28). */
    sales: () => URA_SALES_BATCHES.map((batch) => () => invoke(`service=PMI_Resi_Transaction&batch=${batch}`)),
    /** The rental contracts of the recent quarters. */
    rentals: () => recentQuarters(now()).map((quarter) => () => invoke(`service=PMI_Resi_Rental&refPeriod=${quarter}`)),
  };
}

export type UraDataService = ReturnType<typeof uraDataService>;
