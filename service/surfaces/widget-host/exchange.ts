/** A request to the widget host and its answer, as any transport (a Node server, MSW) hands them over. */
import type { components } from '../../../contract/generated/widget-host.js';
import type { Language } from '../../../src/api/types.js';
import { visitorMessage } from '../../core/estimates/service-words.js';
import { redactKeys } from '../../core/keys/prefixes.js';

type ErrorBody = components['schemas']['Error'];
type ErrorCode = components['schemas']['ErrorCode'];

export interface HostRequest {
  method: string;
  url: URL;
  /** The browser's `Origin` header, or null when the request had none. */
  origin: string | null;
  /**
   * The browser's `Sec-Fetch-Site`. A same-origin GET carries no `Origin`; `same-origin` here says it came
   * from a page of the widget host's own origin (the API Console's live preview), as only a browser can say.
   */
  fetchSite?: string | null;
  /** The visitor's network address, as the transport saw it. */
  clientAddress?: string;
}

export interface HostResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** How long the transport should wait before answering (the "slow" magic values). */
  delayMs: number;
}

const STATUS: Record<ErrorCode, number> = {
  invalid_request: 400,
  invalid_key: 401,
  origin_not_allowed: 403,
  not_found: 404,
  no_comparables: 422,
  quota_exceeded: 429,
  rate_limited: 429,
  internal_error: 500,
};

export function respond(status: number, body: unknown, headers: Record<string, string>, delayMs = 0): HostResponse {
  return {
    status,
    body,
    delayMs,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      Vary: 'Origin',
      ...headers,
    },
  };
}

/** An error in the request's language (`lang`; English when absent or not one the host speaks). */
export function failure(language: Language) {
  return (code: ErrorCode, message: string, extra: Partial<ErrorBody> = {}, headers: Record<string, string> = {}) => {
    const body: ErrorBody = {
      code,
      message: redactKeys(message),
      visitorMessage: visitorMessage(language, code, extra.resetAt),
      ...extra,
    };
    // Errors carry no property data, so any page may read them and show the right message.
    return respond(STATUS[code], body, {
      'Access-Control-Allow-Origin': '*',
      'Content-Language': language,
      ...headers,
    });
  };
}
