/**
 * The Platform API's sandbox environment, written against web-standard Request and Response: routes
 * and parameter checks from the contract (contract.ts), bearer keys with scopes, RFC 9457 problems,
 * a request id on every answer, per-key rate limits, and the valuation routes on the same estimate
 * engine as the widget host and the public valuation page.
 */
import { randomBytes } from 'node:crypto';
import type { EstimateEngine } from '../../core/estimates/engine.js';
import { matchRoute, type Route } from '../../web/platform-contract.js';
import { ORGANIZATIONS, type OrganizationFixture } from '../../sandbox/organizations.js';
import { authenticate, type StoredKey } from '../../core/keys/platform-keys.js';
import { memoryPlatformKeys, type PlatformKeyStore } from '../../core/keys/platform-key-store.js';
import { paginate } from './pagination.js';
import { problem, type Problem, type ProblemCode } from '../../web/problems.js';
import type { DailyMeter } from '../../core/metering/daily-meter.js';
import { DAILY_LIMITS } from '../../core/metering/limits.js';
import { memoryMeter } from '../../core/metering/memory-meter.js';
import { createMinuteWindow } from '../../core/metering/minute-window.js';
import { nextUtcMidnight, secondsToUtcMidnight, utcDay } from '../../core/metering/utc-day.js';

export interface PlatformOptions {
  engine: EstimateEngine;
  /** Where keys and their daily valuations are kept: the database, or memory (keys.json) by default. */
  keyStore?: PlatformKeyStore;
  /** Daily valuations per key: the database's meter, or one in memory. */
  meter?: DailyMeter;
  /** The REST reference page; problem `type` URIs point into it. */
  referenceUrl: string;
}

const JSON_TYPES = ['application/json', 'application/problem+json', 'application/*', '*/*'];
const acceptsJson = (accept: string | null) =>
  !accept || accept.split(',').some((part) => JSON_TYPES.includes(part.split(';')[0].trim().toLowerCase()));

interface Context {
  key: StoredKey;
  org: OrganizationFixture;
  params: Record<string, string | number | undefined>;
}
/** Builds one request's responses: its id and headers on every answer, problems as problem+json. */
function createReply(requestId: string, referenceUrl: string) {
  let headers: Record<string, string> = { 'Request-Id': requestId, 'Cache-Control': 'no-store' };
  const send = (status: number, body: unknown, type = 'application/json') =>
    new Response(JSON.stringify(body), { status, headers: { ...headers, 'Content-Type': `${type}; charset=utf-8` } });
  return {
    requestId,
    headers: (more: Record<string, string>) => void (headers = { ...headers, ...more }),
    send,
    fail(code: ProblemCode, detail: string, extra: Partial<Problem> = {}, more: Record<string, string> = {}) {
      headers = { ...headers, ...more };
      const body = problem(code, detail, requestId, referenceUrl, extra);
      return send(body.status, body, 'application/problem+json');
    },
  };
}
type Reply = ReturnType<typeof createReply>;

type Answer = { body: unknown } | { problem: ProblemCode; detail: string; extra?: Partial<Problem>; headers?: Record<string, string> };
type Operation = (ctx: Context) => Answer | Promise<Answer>;

export function createPlatformApi(options: PlatformOptions) {
  const { engine, referenceUrl } = options;
  const keys = options.keyStore ?? memoryPlatformKeys();
  const meter = options.meter ?? memoryMeter();
  const minutes = createMinuteWindow(engine.now);
  const VALUATIONS_PER_DAY = DAILY_LIMITS.platform_valuation;

  const page = <T extends { id: string }>(items: T[], ctx: Context): Answer => {
    const result = paginate(items, Number(ctx.params.limit ?? 20), ctx.params.cursor as string | undefined);
    return result
      ? { body: result }
      : { problem: 'invalid_request', detail: 'cursor was not written by this API: pass a nextCursor unchanged.', extra: { errors: [{ parameter: 'cursor', detail: 'unknown cursor' }] } };
  };

  const operations: Record<string, Operation> = {
    getCurrentOrganization: ({ key, org }) => ({ body: { ...org.organization, environment: 'sandbox', scopes: key.scopes } }),
    listProducts: (ctx) => page(ctx.org.products, ctx),
    getCurrentAgent: ({ org }) =>
      org.agent ? { body: org.agent } : { problem: 'not_found', detail: `${org.organization.name} is not an agency, so the key acts for no agent.` },
    listDeveloperProjects: (ctx) =>
      ctx.org.organization.kind === 'developer'
        ? page(ctx.org.projects, ctx)
        : { problem: 'not_found', detail: `${ctx.org.organization.name} is not a developer, so it has no projects.` },
    listWebhookEndpoints: (ctx) => page(ctx.org.webhooks, ctx),
    searchProperties: ({ params }) => {
      const q = String(params.q).trim();
      return { body: { object: 'list', query: q, data: engine.search(q) } };
    },
    getValuation: async ({ key, params }) => {
      // Counted before it is worked out, in one step, so concurrent requests cannot pass the limit together.
      const day = utcDay(engine.now());
      const subject = key.id ?? key.sha256;
      if ((await meter.take('platform_valuation', subject, day, key.valuationsUsedToday)) === undefined) {
        const resetAt = nextUtcMidnight(engine.now()).toISOString();
        return {
          problem: 'quota_exceeded',
          detail: `This key has used its ${VALUATIONS_PER_DAY.toLocaleString('en')} valuations for today; the limit resets at ${resetAt}. The API is for building an interface, not for bulk collection.`,
          extra: { resetAt },
          headers: { 'Retry-After': String(secondsToUtcMidnight(engine.now())) },
        };
      }
      const valuation = engine.value(String(params.propertyId), (params.mode as 'sale' | 'rent' | undefined) ?? 'sale');
      if ('problem' in valuation) {
        await meter.giveBack('platform_valuation', subject, day, key.valuationsUsedToday); // Only answered valuations count.
        return valuation.problem === 'not_found'
          ? { problem: 'not_found', detail: `No property has the id ${params.propertyId}. Find ids with GET /valuations/properties?q=…` }
          : { problem: 'no_comparables', detail: 'Too few comparable transactions nearby to estimate this property.' };
      }
      return { body: valuation.estimate };
    },
  };

  /** Query and path parameters as the contract types them, or the problems with them. */
  function readParams(route: Route, url: URL, pathParams: Record<string, string>) {
    const params: Record<string, string | number | undefined> = {};
    const errors: { parameter: string; detail: string }[] = [];
    const known = new Set(route.parameters.filter((p) => p.in === 'query').map((p) => p.name));
    for (const name of new Set(url.searchParams.keys())) {
      if (!known.has(name)) errors.push({ parameter: name, detail: `unknown parameter; this operation takes ${[...known].join(', ') || 'none'}` });
      else if (url.searchParams.getAll(name).length > 1) errors.push({ parameter: name, detail: 'given more than once' });
    }
    for (const parameter of route.parameters) {
      const text = parameter.in === 'path' ? pathParams[parameter.name] : (url.searchParams.get(parameter.name) ?? undefined);
      if (text === undefined) {
        if (parameter.required) errors.push({ parameter: parameter.name, detail: 'required' });
        continue;
      }
      const value = parameter.integer && /^-?\d+$/.test(text) ? Number(text) : text;
      if (!parameter.validate(value)) {
        errors.push({ parameter: parameter.name, detail: parameter.validate.errors?.map((e) => e.message).join('; ') ?? 'invalid' });
      } else params[parameter.name] = value;
    }
    return { params, errors };
  }

  /** The answer to one request; `reply` carries its request id and the headers gathered so far. */
  async function answer(request: Request, reply: Reply): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/v1(?=\/)/, '');
    if (!acceptsJson(request.headers.get('accept'))) {
      return reply.fail('not_acceptable', 'This API answers only JSON: send Accept: application/json (or leave Accept out).');
    }
    const match = matchRoute(request.method, path);
    if (!match) return reply.fail('not_found', `No operation at ${request.method} ${url.pathname}. See ${referenceUrl}.`);
    if ('allowed' in match) {
      return reply.fail('method_not_allowed', `${url.pathname} answers ${match.allowed.join(', ')}, not ${request.method}.`, {}, { Allow: match.allowed.join(', ') });
    }
    const { route, pathParams } = match;

    const auth = await authenticate(request.headers.get('authorization'), keys.findByHash);
    if ('problem' in auth) {
      const error = auth.problem === 'missing_key' ? '' : ', error="invalid_token"';
      return reply.fail(auth.problem, auth.detail, {}, { 'WWW-Authenticate': `Bearer realm="service sandbox"${error}` });
    }
    const { key } = auth;
    const rate = minutes.request(key.sha256);
    reply.headers(rate.headers);
    if (rate.limited) {
      return reply.fail('rate_limited', `This key sent more than ${rate.headers['RateLimit-Limit']} requests this minute. Wait ${rate.retryAfter} s.`, {}, { 'Retry-After': String(rate.retryAfter) });
    }
    if (!key.scopes.includes(route.scope as StoredKey['scopes'][number])) {
      return reply.fail(
        'insufficient_scope',
        `${route.operationId} needs a key holding the scope ${route.scope}; this key (…${key.last4}) holds ${key.scopes.join(', ') || 'none'}. Create a key with it in the API Console.`,
        { requiredScope: route.scope },
        { 'WWW-Authenticate': `Bearer realm="service sandbox", error="insufficient_scope", scope="${route.scope}"` },
      );
    }
    const { params, errors } = readParams(route, url, pathParams);
    if (errors.length) return reply.fail('invalid_request', errors.map((e) => `${e.parameter}: ${e.detail}`).join('. '), { errors });

    const result = await operations[route.operationId]({ key, org: ORGANIZATIONS[key.organization], params });
    if ('problem' in result) return reply.fail(result.problem, result.detail, result.extra, result.headers);
    return reply.send(200, result.body);
  }

  async function handle(request: Request): Promise<Response> {
    const reply = createReply(`req_${randomBytes(12).toString('hex')}`, referenceUrl);
    try {
      return await answer(request, reply);
    } catch (error) {
      // The message only: a request's headers (its key among them) are never logged.
      console.error(`[sandbox platform] ${reply.requestId} failed:`, error instanceof Error ? error.message : 'unknown error');
      return reply.fail('internal_error', `Something went wrong on our side. Quote request id ${reply.requestId} when asking for help.`);
    }
  }

  return { handle };
}

export type PlatformApi = ReturnType<typeof createPlatformApi>;
