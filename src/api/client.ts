/**
 * The widget host's client: URLs, the key, timeouts, aborts, retries and error mapping.
 * It never touches the DOM. Every answer is checked against the contract before use.
 */
import * as problemIn from './generated/checks.js';
import type { AreaUnit, Estimate, HomeAsked, HostError, Language, Mode, SuggestionList } from './types.js';
import type { Check } from './validate.js';
import { WidgetError } from './widget-error.js';

export interface ClientOptions {
  /** The widget host API's base URL, ending with `/`. */
  baseUrl: string;
  /** The site's publishable widget key (already checked by `checkWidgetKey`). */
  key: string;
  timeoutMs?: number;
  /** Extra attempts for a read that failed because of the network or a 5xx. */
  retries?: number;
  /** The platform's fetch, captured before a host page could patch it. */
  fetch?: typeof fetch;
  /** The language the host words its answers in (`lang`): the panel's, asked at each request. */
  language?: () => Language;
  /** The unit suggestions write areas in (`unit`): the visitor's choice in the panel, asked at each search. */
  unit?: () => AreaUnit;
}

const nativeFetch = globalThis.fetch;

export function createClient(options: ClientOptions) {
  const { baseUrl, key, timeoutMs = 10_000, retries = 1, language = () => 'en', unit = () => 'sqft' } = options;
  const fetchImpl = options.fetch ?? nativeFetch;

  async function attempt(url: URL, problemInAnswer: Check, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let body: unknown;
    try {
      response = await fetchImpl.call(globalThis, url.href, {
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
      });
      const text = await response.text();
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON (an HTML error page, a truncated body): judged below as breaking the contract.
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      throw timeout.aborted ? new WidgetError('timeout') : new WidgetError('network');
    }

    if (!response.ok) {
      if (problemIn.Error(body)) {
        throw new WidgetError(
          response.status >= 500 ? 'internal_error' : 'bad_response',
          `The widget host answered HTTP ${response.status}.`,
          { status: response.status },
        );
      }
      const error = body as HostError;
      throw new WidgetError(error.code, error.message, { ...error, status: response.status });
    }
    const problem = problemInAnswer(body);
    if (problem) throw new WidgetError('bad_response', `The widget host's answer breaks its contract at ${problem}.`);
    return body;
  }

  async function get(
    path: string,
    params: Record<string, string | number>,
    problemInAnswer: Check,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const url = new URL(path, baseUrl);
    // A parameter not given (undefined, or NaN from an empty number field) is left out.
    for (const [name, value] of Object.entries({ ...params, lang: language(), key }))
      if (value != null && value === value) url.searchParams.set(name, String(value));
    for (let tries = 0; ; tries++) {
      try {
        return await attempt(url, problemInAnswer, signal);
      } catch (error) {
        const retry = error instanceof WidgetError && error.transient && tries < retries;
        if (!retry || signal?.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, 300 * 2 ** tries));
      }
    }
  }

  return {
    suggest: (q: string, signal?: AbortSignal) =>
      get('v1/suggestions', { q, unit: unit() }, problemIn.SuggestionList, signal) as Promise<SuggestionList>,
    /** The estimate of a home, at the storey and floor area (m²) the visitor gave, if any. */
    estimate: (id: string, mode: Mode, signal?: AbortSignal, home: HomeAsked = {}) =>
      get('v1/estimates', { id, mode, ...home }, problemIn.Estimate, signal) as Promise<Estimate>,
  };
}

export type WidgetClient = ReturnType<typeof createClient>;
