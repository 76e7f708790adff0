/**
 * The Platform API sandbox over real HTTP on loopback: every operation, every auth failure,
 * pagination, limits, and every answer checked against contract/platform.openapi.json by a
 * JSON Schema 2020-12 validator (Ajv).
 */
import contract from '../../contract/platform.openapi.json' with { type: 'json' };
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { memoryRates } from '../core/metering/rate-store.js';
import { contractDocument, validatorFor } from '../web/platform-contract.js';
import { createPlatformApi } from '../surfaces/platform/api.js';
import keysFile from '../sandbox/platform-keys.json' with { type: 'json' };
import { startService, type StartedService } from '../servers/start-service.js';
import { PLATFORM_REQUESTS_PER_MINUTE as REQUESTS_PER_MINUTE } from '../core/metering/limits.js';

export const KEYS = {
  agency: 'svcp_test_agency00000000000000001',
  developer: 'svcp_test_developer0000000000002',
  partner: 'svcp_test_partner000000000000003',
  noValuations: 'svcp_test_noscope000000000000004',
  quotaSpent: 'svcp_test_quota00000000000000005',
};
let service: StartedService;
let base: string;
before(async () => {
  service = await startService({ origins: { platform: 0 } });
  base = service.services.links.apiBase;
});
after(() => service.stop());

type Operations = Record<
  string,
  Record<string, { responses: Record<string, { $ref?: string; content?: Record<string, unknown> }> }>
>;
const escapePointer = (text: string) => text.replaceAll('~', '~0').replaceAll('/', '~1');

/** Checks an answer against the contract's schema for its path, method and status. */
function assertConforms(path: string, status: number, body: unknown) {
  const response = (contractDocument.paths as unknown as Operations)[path].get.responses[String(status)];
  assert.ok(response, `${path} declares no ${status} answer`);
  const pointer = response.$ref
    ? `${response.$ref}/content/application~1problem+json/schema`
    : `#/paths/${escapePointer(path)}/get/responses/${status}/content/application~1json/schema`;
  const validate = validatorFor(pointer);
  assert.ok(validate(body), `${path} ${status}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
}

const conformsToProblem = validatorFor('#/components/schemas/Problem');

async function get(path: string, key?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers },
  });
  const body = response.headers.get('content-type')?.includes('json') ? await response.json() : await response.text();
  assert.match(response.headers.get('request-id') ?? '', /^req_[A-Za-z0-9]{16,}$/, 'every answer has a request id');
  if (!response.ok) {
    assert.equal(response.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    assert.equal(body.status, response.status);
    assert.equal(body.requestId, response.headers.get('request-id'));
    assert.ok(conformsToProblem(body), JSON.stringify(conformsToProblem.errors?.slice(0, 3)));
  }
  return { status: response.status, headers: response.headers, body };
}

describe('Platform API sandbox: operations', () => {
  it('returns the organization behind the key, with its environment and scopes', async () => {
    const { status, body } = await get('/organizations/current', KEYS.partner);
    assert.equal(status, 200);
    assertConforms('/organizations/current', 200, body);
    assert.equal(body.id, 'org_lionhomes');
    assert.equal(body.kind, 'partner_site');
    assert.equal(body.environment, 'sandbox');
    assert.deepEqual(body.scopes, ['organizations.read', 'valuations.read']);
  });

  it('lists products, the agent context and projects', async () => {
    for (const [path, key] of [
      ['/products', KEYS.agency],
      ['/agents/current', KEYS.agency],
      ['/developers/current/projects', KEYS.developer],
    ] as const) {
      const { status, body } = await get(path, key);
      assert.equal(status, 200, path);
      assertConforms(path, 200, body);
    }
  });

  it('answers 404 for an agent or projects the organization does not have', async () => {
    assert.equal((await get('/agents/current', KEYS.developer)).body.code, 'not_found');
    assert.equal((await get('/developers/current/projects', KEYS.agency)).body.code, 'not_found');
  });

  it('searches properties and values one, in both modes, as the contract describes', async () => {
    const search = await get('/valuations/properties?q=560102', KEYS.partner);
    assertConforms('/valuations/properties', 200, search.body);
    assert.equal(search.body.data[0].id, 'hdb-560102-4-room');
    assert.equal(search.body.hasMore, false);
    const broad = await get('/valuations/properties?q=ang%20mo%20kio', KEYS.partner);
    assertConforms('/valuations/properties', 200, broad.body);
    assert.deepEqual([broad.body.data.length, broad.body.hasMore, broad.body.nextCursor], [8, true, null]);
    for (const mode of ['sale', 'rent']) {
      const { status, headers, body } = await get(
        `/valuations/properties/hdb-560102-4-room/estimate?mode=${mode}`,
        KEYS.partner,
      );
      assert.equal(status, 200);
      assertConforms('/valuations/properties/{propertyId}/estimate', 200, body);
      assert.equal(body.mode, mode);
      assert.ok(Number(headers.get('ratelimit-remaining')) < REQUESTS_PER_MINUTE);
    }
  });

  it('keeps an estimate 30 days from the day it is served, not from its data cut-off', async () => {
    const { body } = await get('/valuations/properties/hdb-560102-4-room/estimate', KEYS.partner);
    const served = new Date();
    served.setUTCHours(0, 0, 0, 0);
    assert.equal(Date.parse(body.retainUntil) - served.getTime(), 30 * 86_400_000);
  });

  it('answers 404 and 422 for a property it cannot value', async () => {
    assert.equal((await get('/valuations/properties/no-such-home/estimate', KEYS.partner)).status, 404);
  });
});

describe('Platform API sandbox: authentication and scopes', () => {
  const cases: [name: string, headers: Record<string, string>, code: string][] = [
    ['no key', {}, 'missing_key'],
    ['a widget key', { Authorization: 'Bearer svce_test_demo0000000000000001' }, 'widget_key'],
    ['a live key', { Authorization: 'Bearer svcp_live_abcdefghijklmnop0001' }, 'live_key_in_sandbox'],
    ['a malformed header', { Authorization: 'Basic c3ZjcF90ZXN0Xw==' }, 'malformed_key'],
    ['a malformed key', { Authorization: 'Bearer svcp_test_short' }, 'malformed_key'],
    ['an unknown key', { Authorization: 'Bearer svcp_test_revoked000000000000099' }, 'unknown_key'],
  ];
  for (const [name, headers, code] of cases) {
    it(`refuses ${name} with 401 ${code} and a Bearer challenge`, async () => {
      const { status, headers: answer, body } = await get('/organizations/current', undefined, headers);
      assert.equal(status, 401);
      assert.equal(body.code, code);
      assert.match(answer.get('www-authenticate') ?? '', /^Bearer realm="service sandbox"/);
    });
  }

  it('says why a live key and a widget key cannot work here', async () => {
    const live = await get('/organizations/current', 'svcp_live_abcdefghijklmnop0001');
    assert.match(live.body.detail, /only against the live host/);
    const widget = await get('/organizations/current', 'svce_test_demo0000000000000001');
    assert.match(widget.body.detail, /never authenticate the Platform API/);
  });

  it('refuses a key without the scope with 403 insufficient_scope, naming the scope (RFC 6750)', async () => {
    const { status, headers, body } = await get('/valuations/properties?q=amk', KEYS.noValuations);
    assert.equal(status, 403);
    assert.equal(body.code, 'insufficient_scope');
    assert.equal(body.requiredScope, 'valuations.read');
    assert.match(headers.get('www-authenticate') ?? '', /error="insufficient_scope", scope="valuations.read"/);
  });

  it('stores keys only as hashes', () => {
    const stored = JSON.stringify(keysFile);
    for (const key of Object.values(KEYS)) assert.ok(!stored.includes(key.slice(10)), 'a key body is in keys.json');
  });
});

describe('Platform API sandbox: requests, pages and limits', () => {
  it('pages through a collection with one cursor scheme, every item once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=10&cursor=${encodeURIComponent(cursor)}` : '?limit=10';
      const { body } = await get(`/developers/current/projects${query}`, KEYS.developer);
      assertConforms('/developers/current/projects', 200, body);
      seen.push(...body.data.map((p: { id: string }) => p.id));
      cursor = body.nextCursor;
      assert.equal(body.hasMore, cursor !== null);
      pages++;
    } while (cursor);
    assert.equal(pages, 3);
    assert.equal(new Set(seen).size, 25);
    assert.deepEqual(seen, [...seen].sort());
  });

  it('refuses bad parameters with 400 invalid_request, naming each and saying what is allowed', async () => {
    for (const [query, parameter, said] of [
      ['?limit=0', 'limit', 'must be at least 1'],
      ['?limit=ten', 'limit', 'must be a whole number'],
      ['?cursor=bm90LWEtY3Vyc29y', 'cursor', undefined],
      ['?colour=red', 'colour', 'unknown parameter; this operation takes limit, cursor'],
    ]) {
      const { status, body } = await get(`/products${query}`, KEYS.agency);
      assert.equal(status, 400, query);
      assert.equal(body.code, 'invalid_request');
      assert.equal(body.errors[0].parameter, parameter, query);
      if (said) assert.equal(body.errors[0].detail, said, query);
    }
    const short = await get('/valuations/properties?q=a', KEYS.partner);
    assert.equal(short.status, 400);
    assert.match(short.body.errors[0].detail, /^must be at least 2 characters long/);
    const id = await get('/valuations/properties/Bad%20Id/estimate', KEYS.partner);
    assert.equal(id.body.errors[0].parameter, 'propertyId');
    assert.equal(
      id.body.errors[0].detail,
      'must be a property id from a search, such as hdb-560102-4-room (lower-case letters, digits and hyphens, at most 64)',
    );
    const mode = await get('/valuations/properties/hdb-560102-4-room/estimate?mode=lease', KEYS.partner);
    assert.equal(mode.body.errors[0].parameter, 'mode');
    assert.equal(mode.body.detail, 'mode: must be sale or rent');
    for (const body of [short.body, id.body, mode.body])
      assert.doesNotMatch(body.detail, /allowed values|pattern|\^|\$|NOT/, 'no validator wording');
  });

  it('answers its root with where everything is, and serves its OpenAPI documents, without a key', async () => {
    const root = await fetch(base);
    assert.equal(root.status, 200);
    const index = await root.json();
    assert.match(index.reference, /\/reference$/);
    assert.ok(index.operations.includes(`GET ${base}/valuations/properties`));
    const origin = new URL(base).origin;
    const served = await (await fetch(index.openapi)).json();
    assert.deepEqual(served, contract);
    assert.equal((await fetch(`${origin}/widget-host.openapi.json`)).status, 200, 'its $refs resolve');
    assert.equal((await fetch(`${origin}/favicon.svg`)).headers.get('content-type'), 'image/svg+xml');
  });

  it("gives every operation a curl line that works against the sandbox as written, and the SDK's typed call", async () => {
    const page = await (await fetch(`${new URL(base).origin}/reference/all`)).text();
    const unescape = (text: string) =>
      text
        .replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&');
    const curls = [...page.matchAll(/<code>(curl [^<]+)<\/code>/g)].map((m) => unescape(m[1]));
    assert.equal(curls.length, Object.values(contract.paths).flatMap((methods) => Object.keys(methods)).length);
    for (const line of curls.filter((l) => !l.startsWith('curl -X'))) {
      // These need the database: platform-webhooks, platform-listings, platform-showflats and platform-inventory tests.
      if (
        /\/(webhooks|listings|viewings|analytics|showflat|inventory-batches|price-lists|lead|media|partner-sites\/current)/.test(
          line,
        )
      )
        continue;
      const [, key, url] = /^curl -H "Authorization: Bearer (\S+)" "([^"]+)"$/.exec(line)!;
      const answer = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
      assert.equal(answer.status, 200, line);
    }
    // Every write names its method, sends an Idempotency-Key, and a body its request schema accepts.
    for (const line of curls.filter((l) => l.startsWith('curl -X'))) {
      assert.match(
        line,
        /^curl -X (POST|PUT|PATCH|DELETE) -H "Authorization: Bearer \S+" -H "Idempotency-Key: \$\(openssl rand -hex 16\)"/,
      );
      const body = /-d '([^']+)'/.exec(line)?.[1];
      if (body) assert.doesNotThrow(() => JSON.parse(body), line);
    }
    assert.match(
      unescape(page),
      /client\.call\('getValuation', \{ path: \{ propertyId: "hdb-560102-4-room" \}, query: \{ mode: "sale", storey: 10, floorAreaSqm: 95 \} \}\)/,
    );
  });

  it('honours Accept, and answers unknown paths and methods with problems', async () => {
    assert.equal((await get('/products', KEYS.agency, { Accept: 'text/html' })).status, 406);
    assert.equal((await get('/products', KEYS.agency, { Accept: 'text/html, application/json;q=0.5' })).status, 200);
    assert.equal((await get('/nothing-here', KEYS.agency)).body.code, 'not_found');
    const post = await fetch(`${base}/products`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEYS.agency}` },
    });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET');
  });

  it('limits each key to its requests per minute, with RateLimit headers and Retry-After', async () => {
    const at = new Date('2026-11-22T10:00:05Z');
    // A minute of its own: this clock, and counts of its own.
    const api = createPlatformApi(
      { ...service.services, now: () => at, rates: { ...memoryRates(), prune: async () => 0 } },
      'http://127.0.0.1/reference',
    );
    const call = () =>
      api.request(new Request('http://127.0.0.1/v1/products', { headers: { Authorization: `Bearer ${KEYS.agency}` } }));
    for (let i = 1; i <= REQUESTS_PER_MINUTE; i++) assert.equal((await call()).status, 200);
    const limited = await call();
    assert.equal(limited.status, 429);
    assert.equal((await limited.json()).code, 'rate_limited');
    assert.equal(limited.headers.get('retry-after'), '55');
    assert.equal(limited.headers.get('ratelimit-remaining'), '0');
    const other = await api.request(
      new Request('http://127.0.0.1/v1/products', { headers: { Authorization: `Bearer ${KEYS.developer}` } }),
    );
    assert.equal(other.status, 200, 'another key has its own limit');
  });

  it('stops a key at 2,000 valuations a day: no bulk collection', async () => {
    const { status, headers, body } = await get('/valuations/properties/hdb-560102-4-room/estimate', KEYS.quotaSpent);
    assert.equal(status, 429);
    assert.equal(body.code, 'quota_exceeded');
    assert.match(body.resetAt, /T00:00:00.000Z$/);
    assert.ok(Number(headers.get('retry-after')) > 0);
  });

  it('serves a REST reference rendered from the contract: an overview, a page per area, search, all in one', async () => {
    const origin = new URL(base).origin;
    const get = async (path: string) => {
      const page = await fetch(`${origin}${path}`);
      return { status: page.status, html: await page.text(), policy: page.headers.get('content-security-policy') };
    };
    const overview = await get('/reference');
    assert.equal(overview.status, 200);
    assert.ok(overview.policy);
    assert.ok(overview.html.includes('id="problem-insufficient_scope"'), 'problem type URIs land on the overview');
    assert.match(overview.html, /<h2 id="contents">Contents<\/h2>/);
    // Every operation is listed in the contents, linked to its area's page, and found there.
    const listed = [...overview.html.matchAll(/href="(\/reference\/[a-z-]+)#([A-Za-z]+)"/g)];
    const operations = Object.values(contract.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string }>).flatMap((op) => op.operationId ?? []),
    );
    assert.deepEqual(new Set(listed.map((m) => m[2])), new Set(operations), 'every operation in the contents');
    for (const area of new Set(listed.map((m) => m[1]))) {
      const page = await get(area);
      assert.equal(page.status, 200, area);
      for (const m of listed.filter((l) => l[1] === area))
        assert.ok(page.html.includes(`id="${m[2]}"`), `${m[2]} on ${area}`);
      assert.ok(page.html.length < overview.html.length * 4, `${area} is a page of its own, not everything`);
    }
    const search = await get('/reference/search?q=replay+delivery');
    assert.match(search.html, /\d+ match(es)? for “replay delivery”/);
    assert.match(search.html, /href="\/reference\/webhooks#replayWebhookDelivery"/);
    const hostile = await get(`/reference/search?q=${encodeURIComponent('<script>alert(1)</script>')}`);
    assert.ok(!hostile.html.includes('<script>alert'), 'the query is shown as text');
    const all = await get('/reference/all');
    for (const id of ['getCurrentOrganization', 'getValuation', 'schema-WebhookDelivery', 'event-listing.created'])
      assert.ok(all.html.includes(`id="${id}"`), id);
    assert.equal((await get('/reference/nothing-here')).status, 404);
  });
});
