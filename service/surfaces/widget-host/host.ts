/**
 * The widget host (sandbox): one implementation of contract/widget-host.openapi.json, with no
 * transport of its own. Its routes on the service's origin (routes.ts) and MSW (servers/msw.ts) both call `handle`.
 */
import type { AreaUnit } from '../../../src/format/format.js';
import * as problemIn from '../../../src/api/generated/checks.js';
import { SearchQueryLength } from '../../../src/api/generated/checks.js';
import type { Language } from '../../../src/api/types.js';
import { checkWidgetKey } from '../../../src/api/widget-key.js';
import { type HomeAsked, type Mode, readHome, readMode } from '../../core/estimates/parameters.js';
import { createEstimateEngine } from '../../core/estimates/engine.js';
import { inLanguage } from '../../core/estimates/service-words.js';
import { catalogueFor } from '../../core/estimates/catalogues.js';
import { DAILY_LIMITS, SUGGESTION_LIMITS } from '../../core/metering/limits.js';
import { memoryMeter } from '../../core/metering/memory-meter.js';
import { memoryRates } from '../../core/metering/rate-store.js';
import { createTokenBuckets } from '../../core/metering/token-bucket.js';
import { createVisitorLimit } from '../../core/metering/visitor-limit.js';
import { secondsToUtcMidnight } from '../../core/metering/utc-day.js';
import { meteredEstimate } from '../../core/valuations/metered-estimate.js';
import { ENVIRONMENT_KEYS } from '../../core/keys/prefixes.js';
import { memoryWidgetKeys, type WidgetKeyRecord } from '../../core/keys/widget-keys.js';

import type { HostOptions } from './host-options.js';
import { failure, type HostRequest, type HostResponse, respond } from './exchange.js';
import { refusedHome } from './refused-home.js';

export type { WidgetKeyConfig } from '../../core/keys/widget-keys.js';
export type { HostRequest, HostResponse } from './exchange.js';

export type { HostOptions } from './host-options.js';

const DAILY_ESTIMATE_QUOTA = DAILY_LIMITS.widget_estimate;

/** An estimate asked with a known key from an allowed origin. */
interface EstimateRequest {
  key: WidgetKeyRecord;
  id: string;
  mode: Mode;
  home: HomeAsked;
  language: Language;
  fail: ReturnType<typeof failure>;
  /** The answer's CORS headers for the asking origin. */
  allow: Record<'Access-Control-Allow-Origin' | 'Access-Control-Expose-Headers', string>;
}

export function createWidgetHost(options: HostOptions) {
  if (!options.engine && !options.data) throw new Error('A widget host values homes: give it an engine or data.');
  const engine = options.engine ?? createEstimateEngine({ ...options, ...options.data! });
  const { now } = engine;
  const store = options.rates ?? memoryRates();
  const { perAddress, perKey } = SUGGESTION_LIMITS;
  const suggestionsByAddress = createTokenBuckets(perAddress.burst, perAddress.perSecond, now, {
    store,
    prefix: 'suggest:address:',
  });
  const suggestionsByKey = createTokenBuckets(perKey.burst, perKey.perSecond, now, { store, prefix: 'suggest:key:' });
  const keys = options.keyStore ?? memoryWidgetKeys(options.keys ?? []);
  const meter = options.meter ?? memoryMeter();
  const visitorLimit =
    options.visitorLimit === undefined ? createVisitorLimit(meter, now, { store }) : options.visitorLimit;
  const estimates = options.estimates ?? meteredEstimate({ engine, meter });
  const secondsToReset = () => secondsToUtcMidnight(now());
  // The sandbox's documented failures and delays, where its servers mount them; live is given none.
  const magicOf = {
    suggestions: (q: string) => options.magic?.suggestions(q),
    estimate: (id: string) => options.magic?.estimate(id),
  };
  const foreignKey = options.foreignKey ?? ENVIRONMENT_KEYS.sandbox.foreignWidgetKey;

  function rateLimitHeaders(usedToday: number): Record<string, string> {
    return {
      'RateLimit-Limit': String(DAILY_ESTIMATE_QUOTA),
      'RateLimit-Remaining': String(Math.max(0, DAILY_ESTIMATE_QUOTA - usedToday)),
      'RateLimit-Reset': String(secondsToReset()),
    };
  }

  async function handle(request: HostRequest): Promise<HostResponse> {
    const { url } = request;
    // The service's own pages ask without an Origin (same-origin GETs); their fetch metadata names them.
    const origin = request.origin ?? (request.fetchSite === 'same-origin' ? (options.previewOrigin ?? null) : null);
    const lang = url.searchParams.get('lang') ?? 'en';
    const fail = failure(problemIn.Language(lang) ? 'en' : (lang as Language));
    const operation = url.pathname.endsWith('/v1/suggestions')
      ? 'suggestions'
      : url.pathname.endsWith('/v1/estimates')
        ? 'estimates'
        : undefined;
    if (!operation)
      return fail('not_found', 'No such operation: the widget host answers /v1/suggestions and /v1/estimates.');
    if (request.method === 'OPTIONS') {
      return respond(204, null, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET',
        'Access-Control-Max-Age': '600',
      });
    }
    if (request.method !== 'GET') return fail('invalid_request', `Use GET, not ${request.method}.`);
    if (problemIn.Language(lang)) return fail('invalid_request', 'lang must be en, zh, ms or ta.');

    const keyParam = url.searchParams.get('key') ?? '';
    const keyProblem = checkWidgetKey(keyParam);
    if (keyProblem === 'platform_key') {
      return fail(
        'invalid_key',
        'This is a platform API key, which is secret and never works here. Rotate it now and use a widget key (svce_...).',
      );
    }
    if (keyProblem)
      return fail(
        'invalid_key',
        'The key parameter must be a widget key: svce_test_ or svce_live_ followed by 16 to 64 letters, digits or underscores.',
      );
    const key: WidgetKeyRecord | undefined = await keys.find(keyParam);
    if (!key && keyParam.startsWith(foreignKey.prefix)) return fail('invalid_key', foreignKey.refusal);
    if (!key) return fail('invalid_key', 'This widget key does not exist. Copy it again from the API Console.');
    if (!origin || !(key.origins.includes(origin) || origin === options.previewOrigin)) {
      return fail(
        'origin_not_allowed',
        origin
          ? `The origin ${origin} is not on this widget key's list. Add it in the API Console.`
          : 'The request has no Origin header, so the website cannot be checked against the key.',
        origin ? { origin } : {},
      );
    }
    const allow = {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Expose-Headers': 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After',
    };

    if (operation === 'suggestions') {
      const q = (url.searchParams.get('q') ?? '').trim();
      const { min, max } = SearchQueryLength;
      if (q.replace(/\s/g, '').length < min || problemIn.SearchQuery(q)) {
        return fail('invalid_request', `q must have ${min} to ${max} characters.`);
      }
      const unit = url.searchParams.get('unit') ?? 'sqft';
      if (problemIn.AreaUnit(unit)) return fail('invalid_request', 'unit must be sqft or sqm.');
      // The key's shared budget is taken only when the address's own allows: one address cannot drain it.
      const wait =
        (await suggestionsByAddress.take(request.clientAddress ?? 'unknown')) || (await suggestionsByKey.take(key.id));
      if (wait) {
        return fail(
          'rate_limited',
          `Too many suggestion requests from one visitor or for this key; wait ${wait} s. The widget never sends this many: this looks like a script (bulk collection is not allowed).`,
          {},
          { 'Retry-After': String(wait), 'Access-Control-Expose-Headers': 'Retry-After' },
        );
      }
      const magic = magicOf.suggestions(q);
      if (magic?.error) return fail(magic.error, 'Sandbox: the failure you asked for.');
      const suggestions = magic
        ? magic.suggestions
        : engine.search(q, undefined, unit as AreaUnit, await catalogueFor(lang as Language));
      return respond(200, { query: q, suggestions }, allow, magic?.delayMs ?? 0);
    }

    const id = url.searchParams.get('id') ?? '';
    const read = readMode(url.searchParams.get('mode') ?? undefined);
    const language = lang as Language;
    if (problemIn.PropertyId(id)) return fail('invalid_request', 'id must be a suggestion id.');
    if ('problem' in read) return fail('invalid_request', read.problem);
    const { mode } = read;
    const asked = readHome({
      storey: url.searchParams.get('storey'),
      floorAreaSqm: url.searchParams.get('floorAreaSqm'),
    });
    if ('problem' in asked) return fail('invalid_request', asked.problem);
    const { home } = asked;

    // The visitor's share first (a refusal spends nothing of the key's day), then the key's quota; each
    // is counted before the work, in one step, so concurrent requests cannot pass a limit together.
    const estimate = () => estimateAnswer({ key, id, mode, home, language, fail, allow });
    if (!visitorLimit) return estimate();
    const shown = await visitorLimit.within(
      `widget:${key.id}`,
      request.clientAddress ?? 'unknown',
      estimate,
      (response) => response.status === 200,
    );
    if ('result' in shown) return shown.result;
    const { retryAfter, spent } = shown.refused;
    const share = visitorLimit.limits.perDay.toLocaleString('en');
    return fail(
      'rate_limited',
      spent === 'day'
        ? `This visitor has had ${share} estimates from this widget key today, the most one visitor may have; a script looks like this (bulk collection is not allowed).`
        : `Too many estimates from one visitor in a short time; wait ${retryAfter} s. The widget never asks this fast: this looks like a script (bulk collection is not allowed).`,
      {},
      {
        'Retry-After': String(retryAfter),
        'Access-Control-Expose-Headers': allow['Access-Control-Expose-Headers'],
      },
    );
  }

  /** A key's estimate within its daily quota, in the visitor's language (or the sandbox's failure asked for). */
  async function estimateAnswer({
    key,
    id,
    mode,
    home,
    language,
    fail,
    allow,
  }: EstimateRequest): Promise<HostResponse> {
    // The sandbox's failures on request answer before anything is counted.
    const magic = magicOf.estimate(id);
    if (magic?.error) return fail(magic.error, 'Sandbox: the failure you asked for.');
    const answer = await estimates({
      propertyId: magic?.propertyId ?? id,
      mode,
      home,
      count: { kind: 'widget_estimate', subject: key.id, startsAt: key.startsDayAt },
      onLast: (day, limit) =>
        options.onQuotaReached?.(key.id, day, limit).catch((error: Error) => {
          console.error(`[widget-host] the quota event of ${key.id} was not recorded: ${error.message}`);
        }) ?? Promise.resolve(),
    });
    if ('problem' in answer && answer.problem === 'quota_exceeded')
      return fail(
        'quota_exceeded',
        `This widget key has used its ${answer.limit.toLocaleString('en')} estimates for today; the quota resets at ${answer.resetAt}.`,
        { resetAt: answer.resetAt },
        {
          'Retry-After': String(answer.retryAfter),
          ...rateLimitHeaders(answer.limit),
          'Access-Control-Expose-Headers': allow['Access-Control-Expose-Headers'],
        },
      );
    if ('problem' in answer) return refusedHome(fail, answer, id, mode, language);
    const headers = { ...allow, ...rateLimitHeaders(answer.usedToday), 'Content-Language': language };
    return respond(200, inLanguage(answer.estimate, language), headers, magic?.delayMs ?? 0);
  }

  return { handle, homes: engine.homes, engine };
}

export type WidgetHost = ReturnType<typeof createWidgetHost>;
