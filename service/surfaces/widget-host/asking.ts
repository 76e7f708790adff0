/**
 * Who asks and how, checked before any work: one of the two operations, by GET, in a language the
 * host speaks, with a widget key of this environment, from an origin on the key (or the service's own
 * pages, previewing it).
 */
import * as problemIn from '../../../src/api/generated/checks.js';
import type { Language } from '../../../src/api/types.js';
import { checkWidgetKey } from '../../../src/api/widget-key.js';
import type { WidgetKeyRecord, WidgetKeyStore } from '../../core/keys/widget-keys.js';
import { failure, type HostRequest, type HostResponse, respond } from './exchange.js';

export interface Asking {
  operation: 'suggestions' | 'estimates';
  language: Language;
  key: WidgetKeyRecord;
  fail: ReturnType<typeof failure>;
  /** The answer's CORS headers for the asking origin. */
  allow: Record<'Access-Control-Allow-Origin' | 'Access-Control-Expose-Headers', string>;
}

export interface AskingRules {
  keys: Pick<WidgetKeyStore, 'find'>;
  /** The other environment's widget keys: their prefix and what to tell their holder. */
  foreignKey: { prefix: string; refusal: string };
  /** The service's own origin, whose pages preview any key's widget. */
  previewOrigin?: string;
}

/** The request's asking, or the answer that refuses it. */
export async function checkAsking(request: HostRequest, rules: AskingRules): Promise<Asking | HostResponse> {
  const { url } = request;
  // The service's own pages ask without an Origin (same-origin GETs); their fetch metadata names them.
  const origin = request.origin ?? (request.fetchSite === 'same-origin' ? (rules.previewOrigin ?? null) : null);
  const lang = url.searchParams.get('lang') ?? 'en';
  const fail = failure(problemIn.Language(lang) ? 'en' : (lang as Language));
  const operation = url.pathname.endsWith('/v1/suggestions')
    ? 'suggestions'
    : url.pathname.endsWith('/v1/estimates')
      ? 'estimates'
      : undefined;
  if (!operation)
    return fail('not_found', 'No such operation: the widget host answers /v1/suggestions and /v1/estimates.');
  if (request.method === 'OPTIONS')
    return respond(204, null, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET',
      'Access-Control-Max-Age': '600',
    });
  if (request.method !== 'GET') return fail('invalid_request', `Use GET, not ${request.method}.`);
  if (problemIn.Language(lang)) return fail('invalid_request', 'lang must be en, zh, ms or ta.');

  const keyParam = url.searchParams.get('key') ?? '';
  const keyProblem = checkWidgetKey(keyParam);
  if (keyProblem === 'platform_key')
    return fail(
      'invalid_key',
      'This is a platform API key, which is secret and never works here. Rotate it now and use a widget key (svce_...).',
    );
  if (keyProblem)
    return fail(
      'invalid_key',
      'The key parameter must be a widget key: svce_test_ or svce_live_ followed by 16 to 64 letters, digits or underscores.',
    );
  const key = await rules.keys.find(keyParam);
  if (!key && keyParam.startsWith(rules.foreignKey.prefix)) return fail('invalid_key', rules.foreignKey.refusal);
  if (!key) return fail('invalid_key', 'This widget key does not exist. Copy it again from the API Console.');
  if (!origin || !(key.origins.includes(origin) || origin === rules.previewOrigin))
    return fail(
      'origin_not_allowed',
      origin
        ? `The origin ${origin} is not on this widget key's list. Add it in the API Console.`
        : 'The request has no Origin header, so the website cannot be checked against the key.',
      origin ? { origin } : {},
    );
  const allow = {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After',
  };
  return { operation, language: lang as Language, key, fail, allow };
}
