/** RFC 9457 problem details: one body for every failure of the Platform API, with a stable `code`. */
import type { components } from '../../contract/generated/platform.js';

export type Problem = components['schemas']['Problem'];
export type ProblemCode = components['schemas']['ProblemCode'];

/** Status and title of each code; the type URI is the reference page's section for it. */
const PROBLEMS: Record<ProblemCode, [status: number, title: string]> = {
  invalid_request: [400, 'The request is not valid'],
  missing_key: [401, 'No API key'],
  malformed_key: [401, 'The API key is malformed'],
  unknown_key: [401, 'The API key is not known'],
  live_key_in_sandbox: [401, 'A live key cannot authenticate the sandbox'],
  sandbox_key_in_live: [401, 'A sandbox key cannot authenticate live'],
  widget_key: [401, 'A widget key cannot authenticate the Platform API'],
  insufficient_scope: [403, 'The API key lacks a scope'],
  sandbox_only: [403, 'Only the sandbox has this'],
  product_not_held: [403, 'The organization does not hold this product'],
  not_found: [404, 'Not found'],
  method_not_allowed: [405, 'Method not allowed'],
  not_acceptable: [406, 'Not acceptable'],
  endpoint_disabled: [409, 'The webhook endpoint is disabled'],
  delivery_in_flight: [409, 'The delivery is being sent'],
  transition_not_allowed: [409, 'The status does not allow this'],
  slot_taken: [409, 'The time slot is taken'],
  unit_type_in_use: [409, 'Batches name this unit type'],
  listing_unavailable: [409, 'The listing takes no viewings'],
  showflat_closed: [409, 'The showflat takes no visitors'],
  idempotency_key_in_use: [409, 'The first request with this Idempotency-Key is still running'],
  payload_too_large: [413, 'The body is too large'],
  unsupported_media_type: [415, 'The body is not JSON'],
  idempotency_key_reused: [422, 'The Idempotency-Key was used with another request'],
  no_comparables: [422, 'Too few comparable transactions'],
  unprocessable: [422, 'The values cannot be used'],
  rate_limited: [429, 'Too many requests'],
  quota_exceeded: [429, 'Daily valuation limit reached'],
  internal_error: [500, 'Something went wrong on our side'],
};

export function problem(
  code: ProblemCode,
  detail: string,
  requestId: string,
  referenceUrl: string,
  extra: Partial<Problem> = {},
): Problem {
  const [status, title] = PROBLEMS[code];
  return { type: `${referenceUrl}#problem-${code}`, title, status, detail, code, requestId, ...extra };
}

export const problemCodes = Object.keys(PROBLEMS) as ProblemCode[];
export const problemStatus = (code: ProblemCode) => PROBLEMS[code][0];
export const problemTitle = (code: ProblemCode) => PROBLEMS[code][1];
