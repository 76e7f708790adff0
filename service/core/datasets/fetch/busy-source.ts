/**
 * A request to an official source, waited out while the source says it is busy. data.gov.sg counts its
 * limits in 10 s windows, OneMap allows 250 calls a minute, URA names none; each answers 429 past its
 * limit. A 429 waits as `Retry-After` says (seconds or an HTTP date, at most two minutes), or 10 s where
 * it says nothing; the fifth in a row fails the run with what to do, never as the account's fault.
 */
import { SourceFault } from './source-fault.js';

const RETRIES_ON_429 = 4;
const DEFAULT_WAIT_MS = 10_000;
const LONGEST_WAIT_MS = 120_000;

/** Waits `ms`: the sources' one timer (their tests pass a `sleep` that does not wait). */
export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface BusySource {
  /** The source as an operator knows it: `data.gov.sg`, `URA`, `OneMap`. */
  name: string;
  /** What an operator can do when it stays busy. */
  advice: string;
  fetch: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
}

/** How long `Retry-After` asks for, in milliseconds, or the default where it says nothing usable. */
export function retryAfterMs(header: string | null, now: Date): number {
  if (!header) return DEFAULT_WAIT_MS;
  const ms = /^\s*\d+\s*$/.test(header) ? Number(header) * 1000 : Date.parse(header) - now.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return DEFAULT_WAIT_MS;
  return Math.min(ms, LONGEST_WAIT_MS);
}

export function waitingOutBusy(source: BusySource) {
  const now = source.now ?? (() => new Date());
  const sleep = source.sleep ?? wait;
  return async function request(url: string, init: RequestInit = {}): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const response = await source.fetch(url, init);
      if (response.status !== 429) return response;
      await response.body?.cancel();
      if (attempt === RETRIES_ON_429)
        throw new SourceFault(
          `${source.name} kept answering 429 (too many requests) for ${new URL(url).pathname}`,
          source.advice,
        );
      await sleep(retryAfterMs(response.headers.get('retry-after'), now()));
    }
  };
}
