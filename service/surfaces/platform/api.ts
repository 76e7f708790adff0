/**
 * The Platform API's sandbox environment as one route table, built from the contract's routes
 * (web/platform-contract.ts): bearer keys with scopes, RFC 9457 problems, a request id on every
 * answer, per-key rate limits, JSON bodies and `Idempotency-Key` for writes, and the valuation routes
 * on the same estimate engine as the widget host and the public valuation page.
 */
import { describeSchemaError } from '../../web/schema-errors.js';
import { readParams } from './read-params.js';
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { problemInIdempotencyKey } from '../../core/idempotency/idempotency-store.js';
import type { Services } from '../../core/services/compose.js';
import { authenticate, type StoredKey } from '../../core/keys/platform-keys.js';
import { createMinuteWindow } from '../../core/metering/minute-window.js';
import { idempotency } from '../../web/idempotency.js';
import { type BodyRead, readJsonBody, readLimitedText } from '../../web/json-body.js';
import { NUL_DETAIL, nulPathIn } from '../../web/nul-text.js';
import { deprecationHeaders } from '../../web/deprecation.js';
import { matchRoute, type Route, routes } from '../../web/platform-contract.js';
import type { OperationId } from './operation.js';
import { createOperations } from './operations.js';
import { createReply, type Reply } from './reply.js';
import { actingAs } from '../../core/events/acting.js';
import { logFailure } from '../../web/log-failure.js';

type PlatformEnv = { Variables: { reply: Reply; key: StoredKey; body?: Extract<BodyRead, { text: string }> } };

const JSON_TYPES = ['application/json', 'application/problem+json', 'application/*', '*/*'];
const acceptsJson = (accept: string | undefined) =>
  !accept || accept.split(',').some((part) => JSON_TYPES.includes(part.split(';')[0].trim().toLowerCase()));

/**
 * The API's routes on the service's parts; `referenceUrl` is the REST reference, where problem `type`
 * URIs point. `table` is the contract's routes (a test may mark one deprecated).
 */
export function createPlatformApi(services: Services, referenceUrl: string, table: Route[] = routes) {
  const { platformKeys: keys } = services;
  const { environment } = services.settings;
  const realm = `service ${environment}`;
  const minutes = createMinuteWindow(services.now, services.rates);
  const operations = createOperations(services);
  const app = new Hono<PlatformEnv>();

  const changelogUrl = `${referenceUrl.replace(/\/$/, '')}/changelog`;
  // Every answer of a deprecated operation says when it goes, a refusal (401, 403, 406, 429) too.
  app.use('*', async (c, next) => {
    await next();
    const path = c.req.path.replace(/^\/v1(?=\/)/, '');
    const route = table.find((r) => r.method === c.req.method && r.pattern.test(path));
    if (route?.deprecation)
      for (const [name, value] of Object.entries(deprecationHeaders(route.deprecation, changelogUrl)))
        c.res.headers.set(name, value);
  });

  app.use('*', async (c, next) => {
    c.set('reply', createReply(`req_${randomBytes(12).toString('hex')}`, referenceUrl));
    if (!acceptsJson(c.req.header('accept'))) {
      return c.var.reply.fail(
        'not_acceptable',
        'This API answers only JSON: send Accept: application/json (or leave Accept out).',
      );
    }
    await next();
  });

  // Who is calling: the key, its minute and its scope; then, for a write, its Idempotency-Key.
  const authorize = (route: Route) =>
    createMiddleware<PlatformEnv>(async (c, next) => {
      const { reply } = c.var;
      const auth = await authenticate(c.req.header('authorization') ?? null, keys.findByHash, environment);
      if ('problem' in auth) {
        const error = auth.problem === 'missing_key' ? '' : ', error="invalid_token"';
        return reply.fail(auth.problem, auth.detail, {}, { 'WWW-Authenticate': `Bearer realm="${realm}"${error}` });
      }
      const { key } = auth;
      const rate = await minutes.request(key.sha256);
      reply.headers(rate.headers);
      if (rate.limited) {
        return reply.fail(
          'rate_limited',
          `This key sent more than ${rate.headers['RateLimit-Limit']} requests this minute. Wait ${rate.retryAfter} s.`,
          {},
          { 'Retry-After': String(rate.retryAfter) },
        );
      }
      if (!key.scopes.includes(route.scope as StoredKey['scopes'][number])) {
        return reply.fail(
          'insufficient_scope',
          `${route.operationId} needs a key holding the scope ${route.scope}; this key (…${key.last4}) holds ${key.scopes.join(', ') || 'none'}. Create a key with it in the API Console.`,
          { requiredScope: route.scope },
          { 'WWW-Authenticate': `Bearer realm="${realm}", error="insufficient_scope", scope="${route.scope}"` },
        );
      }
      c.set('key', key);
      await next();
    });

  // A write's body is read once, within the 1 MB limit, before anything else looks at it.
  const readBody = (route: Route) =>
    createMiddleware<PlatformEnv>(async (c, next) => {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
      if (!route.body) {
        const read = await readLimitedText(c.req.raw);
        if ('problem' in read) return c.var.reply.fail(read.problem, read.detail);
        c.set('body', { body: undefined, text: read.text });
        return next();
      }
      const read = await readJsonBody(c.req.raw);
      if ('problem' in read) return c.var.reply.fail(read.problem, read.detail);
      c.set('body', read);
      await next();
    });

  // Writes with an Idempotency-Key are kept and replayed per API key (reads pass through).
  const idempotent = idempotency<PlatformEnv>({
    store: services.idempotency,
    scopeOf: (c) => `platform:${c.var.key.id ?? c.var.key.sha256}`,
    bodyOf: async (c) => c.var.body?.text ?? '',
    problemInKey: problemInIdempotencyKey,
    refuse: (c, code, detail) =>
      c.var.reply.fail(
        code,
        detail,
        code === 'invalid_request' ? { errors: [{ parameter: 'Idempotency-Key', detail }] } : {},
      ),
  });

  for (const route of table) {
    const operation = operations[route.operationId as OperationId];
    app.on(route.method, `/v1${route.routePath}`, authorize(route), readBody(route), idempotent, async (c) => {
      const { reply, key } = c.var;
      const { params, errors } = readParams(route, new URL(c.req.url), c.req.param() as Record<string, string>);
      if (errors.length)
        return reply.fail('invalid_request', errors.map((e) => `${e.parameter}: ${e.detail}`).join('. '), { errors });
      let body: unknown;
      if (route.body) {
        body = c.var.body?.body;
        const nul = nulPathIn(body, 'body');
        if (nul)
          return reply.fail('invalid_request', `${nul}: ${NUL_DETAIL}.`, {
            errors: [{ parameter: nul, detail: NUL_DETAIL }],
          });
        if (!route.body(body)) {
          const problems = (route.body.errors ?? []).map((e) => ({
            parameter: `body${e.instancePath.replaceAll('/', '.')}`,
            detail: describeSchemaError(e),
          }));
          return reply.fail('invalid_request', problems.map((e) => `${e.parameter}: ${e.detail}`).join('. '), {
            errors: problems,
          });
        }
      }
      // Changes the operation makes are the key's in the audit log.
      const org = await services.directory.recordOf(key.organization);
      if (!org) return reply.fail('unknown_key', 'The organization this key belonged to no longer exists.');
      const result = await actingAs(`platform_key:${key.id ?? 'sandbox'}`, async () =>
        operation({ key, org, params, body }),
      );
      if ('problem' in result) return reply.fail(result.problem, result.detail, result.extra, result.headers);
      return reply.send(result.status ?? 200, result.body);
    });
  }

  // No operation here: the wrong method for a path that has some, or no such path.
  app.all('*', (c) => {
    const path = c.req.path.replace(/^\/v1(?=\/)/, '');
    const match = c.req.path.startsWith('/v1/') ? matchRoute(c.req.method, path) : undefined;
    if (match && 'allowed' in match) {
      return c.var.reply.fail(
        'method_not_allowed',
        `${c.req.path} answers ${match.allowed.join(', ')}, not ${c.req.method}.`,
        {},
        { Allow: match.allowed.join(', ') },
      );
    }
    // The path is not repeated: a key pasted into a URL would come back in the answer.
    return c.var.reply.fail(
      'not_found',
      `There is no operation at this path. See ${referenceUrl} for the paths there are.`,
    );
  });

  app.onError((error, c) => {
    const reply = c.var.reply ?? createReply(`req_${randomBytes(12).toString('hex')}`, referenceUrl);
    // The error and its stack only: a request's headers (its key among them) are never logged.
    logFailure('platform', reply.requestId, error);
    return reply.fail(
      'internal_error',
      `Something went wrong on our side. Quote request id ${reply.requestId} when asking for help.`,
    );
  });

  return app;
}

export type PlatformApi = ReturnType<typeof createPlatformApi>;
