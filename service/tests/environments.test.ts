/**
 * Sandbox and live, always isolated, read from the contract: one service serves both on their own
 * origins, on a database holding the official files (imported-world.ts). A real account's
 * organization, approved, works in both with the same identity; each key works only on its own
 * environment's hosts, for every operation, and every object made in one is never listed, read,
 * changed, replayed or delivered in the other.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { OPERATIONS, type OperationSpec } from '../../sdk/operations.js';
import { createPlatformClient, PlatformError } from '../../sdk/client.js';
import contract from '../../contract/platform.openapi.json' with { type: 'json' };
import { liveData } from '../core/services/live-data.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import type { StartedService } from '../servers/start-service.js';
import { bothEnvironments, type Environment, platformKeyOn as platformKey } from './both-environments.js';
import { ConsoleBrowser } from './console-browser.js';
import { rawMcpClient } from './mcp-raw-client.js';
import { makeAccount, signInWith } from './test-mail.js';
import { singaporeTimeAhead } from './days-ahead.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const both = bothEnvironments();
const { mailbox, servicesOf, consoleBase } = both;
let started: StartedService;
let db: Database;

async function api(environment: Environment, method: string, path: string, key: string, body?: unknown, headers = {}) {
  const response = await fetch(`${servicesOf(environment).links.apiBase}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Body };
}

async function widgetHost(environment: Environment, path: string, origin = 'https://homes.example.sg') {
  const response = await fetch(`${servicesOf(environment).links.widgetHost}${path.slice(1)}`, {
    headers: { Origin: origin },
  });
  return { status: response.status, body: (await response.json()) as Body };
}

const raw = (spec: OperationSpec) =>
  (
    contract.paths as Record<
      string,
      Record<string, { parameters?: { name?: string; in?: string; schema?: { examples?: string[] } }[] }>
    >
  )[spec.path]![spec.method]!;
/** The operation's path with `ids` for its parameters, the contract's examples for the rest. */
const pathOf = (spec: OperationSpec, ids: Record<string, string> = {}) =>
  (raw(spec).parameters ?? []).reduce(
    (path, p) =>
      p.in === 'path'
        ? path.replace(`{${p.name}}`, ids[p.name!] ?? p.schema?.examples?.[0] ?? 'hdb-560102-4-room')
        : path,
    spec.path,
  );
const schemas = contract.components.schemas as Record<string, { examples?: unknown[] }>;
const exampleBody = (spec: OperationSpec) => {
  const operation = raw(spec) as { requestBody?: { content: { 'application/json': { schema: { $ref: string } } } } };
  const ref = operation.requestBody?.content['application/json'].schema.$ref;
  return ref ? (schemas[ref.split('/').pop()!]!.examples?.[0] ?? {}) : undefined;
};

describe('sandbox and live', () => {
  const keys = {} as Record<Environment, string>;
  let owner: ConsoleBrowser;
  let organizationId: string;
  let propertyId: string;

  before(async () => {
    // The service the file shares, started by a root hook (node:test runs root hooks before any suite's).
    started = both.started();
    db = both.db();
    const { email } = await makeAccount(consoleBase(), mailbox, { organizationName: 'Straits Homes' });
    owner = (await signInWith(consoleBase(), email)).browser;
    [{ organization_id: organizationId }] = await db.query<{ organization_id: string }>(
      'select organization_id from users where lower(email) = $1',
      [email],
    );
    keys.sandbox = await platformKey(owner);
    // Its agent, shared by both environments like the organization: listings in either name them.
    const agent = await api('sandbox', 'POST', '/agents', keys.sandbox, { name: 'Nur Aisyah', ceaNumber: 'R555001K' });
    assert.equal(agent.status, 201, JSON.stringify(agent.body));
    // A home both environments value: the sandbox's world and live's official files hold it.
    const sandboxHomes = started.services.settings.data.homes.byId;
    propertyId = started.live!.services.settings.data.homes.properties.find((p) => sandboxHomes.has(p.id))!.id;
  });

  it('opens live to an organization only once its review is approved, and says so until then', async () => {
    const refused = await owner.post('/console/environment', { to: 'live' });
    assert.equal(refused.status, 403);
    assert.match(refused.text, /reaches live after its integration review is approved/);
    const sandboxPage = await owner.get('/console/widget-keys');
    assert.match(sandboxPage.text, /class="environment sandbox"/);
    assert.doesNotMatch(sandboxPage.text, /Switch to live/);

    await db.query(
      `insert into integration_reviews (organization_id, status, requested_at, decided_at) values ($1, 'approved', now(), now())`,
      [organizationId],
    );
    const before = await api('sandbox', 'GET', '/organizations/current', keys.sandbox);
    assert.equal(before.body.onboarding.status, 'approved', 'approved, and no live key yet');
    assert.equal(before.body.environment, 'sandbox');

    const switched = await owner.post('/console/environment', { to: 'live', next: '/console/platform-keys' });
    assert.equal(switched.location, '/console/platform-keys');
    const livePage = await owner.get('/console/platform-keys');
    assert.match(livePage.text, /class="environment live"/);
    assert.match(livePage.text, /Switch to sandbox/);
    assert.match(livePage.text, /API Console \(live\)/);
    keys.live = await platformKey(owner);
    assert.match(keys.live, /^svcp_live_[a-z0-9]{32}$/);
    assert.match(keys.sandbox, /^svcp_test_[a-z0-9]{32}$/);

    const now = await api('live', 'GET', '/organizations/current', keys.live);
    assert.equal(now.status, 200, JSON.stringify(now.body));
    assert.deepEqual([now.body.id, now.body.environment, now.body.onboarding.status], [organizationId, 'live', 'live']);
    assert.equal((await api('sandbox', 'GET', '/organizations/current', keys.sandbox)).body.onboarding.status, 'live');
  });

  it('refuses a sandbox key on live’s Platform API and a live key on the sandbox’s, for every operation, naming the mismatch', async () => {
    assert.ok(OPERATIONS.length >= 60);
    for (const spec of OPERATIONS) {
      for (const [environment, key, code] of [
        ['live', keys.sandbox, 'sandbox_key_in_live'],
        ['sandbox', keys.live, 'live_key_in_sandbox'],
      ] as const) {
        const answer = await api(environment, spec.method.toUpperCase(), pathOf(spec), key, exampleBody(spec));
        assert.equal(answer.status, 401, `${spec.operationId} in ${environment}: ${JSON.stringify(answer.body)}`);
        assert.equal(answer.body.code, code, spec.operationId);
        assert.match(answer.body.detail, /always isolated/);
        assert.match(answer.headers.get('www-authenticate') ?? '', new RegExp(`realm="service ${environment}"`));
      }
    }
  });

  it('lets the SDK call live with a live key, and says what to do with a sandbox key there', async () => {
    const liveBase = started.live!.services.links.apiBase;
    const live = createPlatformClient({ apiKey: keys.live, baseUrl: liveBase });
    const organization = await live.organizations.current();
    assert.equal(organization.environment, 'live');
    const crossed = createPlatformClient({ apiKey: keys.sandbox, baseUrl: liveBase });
    await assert.rejects(
      crossed.organizations.current(),
      (error: Error) =>
        error instanceof PlatformError &&
        error.problem.code === 'sandbox_key_in_live' &&
        /Make a live key in the API Console/.test(error.message),
    );
  });

  it('gives one estimate on live’s Platform API and MCP endpoint, from the official data, and names its sources', async () => {
    const platform = await api('live', 'GET', `/valuations/properties/${propertyId}/estimate?mode=sale`, keys.live);
    assert.equal(platform.status, 200, JSON.stringify(platform.body));
    const mcp = rawMcpClient(() => started.live!.services.links.mcpEndpoint);
    const answer = await mcp.resultOf(await mcp.callTool('get_valuation', undefined, { propertyId, mode: 'sale' }));
    assert.equal(answer.isError, undefined, JSON.stringify(answer));
    const fromMcp = answer.structuredContent as Body;
    assert.deepEqual(
      [fromMcp.value, fromMcp.low, fromMcp.high, fromMcp.comparables.length],
      [platform.body.value, platform.body.low, platform.body.high, platform.body.comparables.length],
    );
    assert.ok(platform.body.attribution.sources.length > 0, 'the official datasets are named');
    assert.ok(
      platform.body.attribution.url.startsWith(started.live!.urls.widgetHost),
      'the attribution links to live’s page',
    );
    const metadata = await fetch(
      `${new URL(started.live!.services.links.mcpEndpoint).origin}/.well-known/oauth-protected-resource/mcp`,
    );
    assert.equal(metadata.status, 200);
    const resource = await metadata.json();
    assert.deepEqual(
      [resource.resource, resource.resource_name],
      [started.live!.services.links.mcpEndpoint, 'Service Valuations (live)'],
    );
  });

  it('refuses a widget key on the other environment’s widget host, saying what to do', async () => {
    const made = { sandbox: '', live: '' };
    for (const environment of ['sandbox', 'live'] as const) {
      await owner.post('/console/environment', { to: environment });
      const created = await owner.post('/console/widget-keys', {
        name: 'Straits Homes site',
        origins: 'https://homes.example.sg',
      });
      assert.equal(created.status, 303, created.text.slice(0, 300));
      const page = await owner.get(created.location);
      made[environment] = /svce_(?:test|live)_[a-z0-9]{24}/.exec(page.text)![0];
    }
    assert.match(made.sandbox, /^svce_test_/);
    assert.match(made.live, /^svce_live_/);
    const suggest = (environment: Environment, key: string) =>
      widgetHost(environment, `/v1/suggestions?key=${key}&q=ang%20mo%20kio`);
    const crossed = await suggest('live', made.sandbox);
    assert.equal(crossed.status, 401);
    assert.match(crossed.body.message, /sandbox widget key .* live widget host.*Make a live widget key/);
    const back = await suggest('sandbox', made.live);
    assert.equal(back.status, 401);
    assert.match(back.body.message, /live widget key .* sandbox widget host.*Load the widget from the live host/);
    for (const environment of ['sandbox', 'live'] as const) {
      const own = await suggest(environment, made[environment]);
      assert.equal(own.status, 200, JSON.stringify(own.body));
      const estimate = await widgetHost(
        environment,
        `/v1/estimates?key=${made[environment]}&id=${propertyId}&mode=sale`,
      );
      assert.equal(estimate.status, 200, JSON.stringify(estimate.body));
    }
    // Each key's estimate is counted in its own environment's usage, and only there.
    const idOf = async (environment: Environment) =>
      (
        await db.in(environment).query<{ id: string }>('select id from widget_keys where key = $1', [made[environment]])
      )[0]!.id;
    const ids = { sandbox: await idOf('sandbox'), live: await idOf('live') };
    const counted = async (environment: Environment, id: string) =>
      (
        await db
          .in(environment)
          .query(`select 1 from daily_usage where kind = 'widget_estimate' and subject = $1`, [id])
      ).length;
    assert.deepEqual(
      [
        await counted('sandbox', ids.sandbox),
        await counted('live', ids.sandbox),
        await counted('live', ids.live),
        await counted('sandbox', ids.live),
      ],
      [1, 0, 1, 0],
      'usage is counted in its own environment only',
    );
  });

  it('never lists, reads, changes, replays or delivers in one environment what was made in the other', async () => {
    type Made = Record<string, string>;
    const make = async (environment: Environment): Promise<Made> => {
      const key = keys[environment];
      const endpoint = await api(
        environment,
        'POST',
        '/webhooks/endpoints',
        key,
        {
          url: `https://hooks.example.sg/${environment}`,
          events: ['listing.created', 'listing.updated', 'viewing.requested'],
        },
        { 'Idempotency-Key': `endpoint-${environment}` },
      );
      assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
      const listing = await api(
        environment,
        'POST',
        '/listings',
        key,
        {
          propertyId,
          mode: 'sale',
          listPrice: 575000,
        },
        { 'Idempotency-Key': 'the-same-key-in-both' },
      );
      assert.equal(listing.status, 201, JSON.stringify(listing.body));
      const viewing = await api(
        environment,
        'POST',
        '/viewings',
        key,
        {
          listingId: listing.body.id,
          startsAt: singaporeTimeAhead(7, '10:00'),
          durationMinutes: 30,
          attendee: { name: 'Tan Wei Ming' },
        },
        { 'Idempotency-Key': `viewing-${environment}` },
      );
      assert.equal(viewing.status, 201, JSON.stringify(viewing.body));
      const media = await api(
        environment,
        'POST',
        `/listings/${listing.body.id}/media`,
        key,
        {
          kind: 'photo',
          url: 'https://media.example.sg/living-room.jpg',
        },
        { 'Idempotency-Key': `media-${environment}` },
      );
      assert.equal(media.status, 201, JSON.stringify(media.body));
      return {
        endpointId: endpoint.body.id,
        listingId: listing.body.id,
        viewingId: viewing.body.id,
        mediaId: media.body.id,
      };
    };
    const made = { sandbox: await make('sandbox'), live: await make('live') };
    assert.notEqual(
      made.sandbox.listingId,
      made.live.listingId,
      'one Idempotency-Key in both: two listings, no replay',
    );

    // Deliveries: each environment's events reach only its own endpoints.
    const deliveries = async (environment: Environment) =>
      db.in(environment).query<{ endpoint_id: string }>('select endpoint_id from webhook_deliveries');
    for (
      let i = 0;
      i < 100 && ((await deliveries('sandbox')).length === 0 || (await deliveries('live')).length === 0);
      i++
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    for (const environment of ['sandbox', 'live'] as const) {
      const own = await deliveries(environment);
      assert.ok(own.length > 0, `${environment} delivered its own events`);
      assert.deepEqual(
        [...new Set(own.map((d) => d.endpoint_id))],
        [made[environment].endpointId],
        `${environment}'s deliveries go to its own endpoint only`,
      );
    }

    for (const [here, other] of [
      ['live', 'sandbox'],
      ['sandbox', 'live'],
    ] as const) {
      const key = keys[here];
      const foreign = Object.values(made[other]);
      // Listed: every collection the key may read holds nothing of the other environment's.
      for (const spec of OPERATIONS.filter(
        (o) => o.method === 'get' && !o.path.includes('{') && o.operationId !== 'searchProperties',
      )) {
        const answer = await api(here, 'GET', spec.path, key);
        const text = JSON.stringify(answer.body);
        for (const id of foreign) assert.ok(!text.includes(id), `${spec.operationId} in ${here} lists ${id}`);
      }
      const deliveryList = await api(here, 'GET', '/webhooks/deliveries', key);
      assert.ok(deliveryList.body.data.length > 0, `${here} lists its own deliveries`);
      const [foreignDelivery] = await db.in(other).query<{ id: string }>('select id from webhook_deliveries limit 1');
      // Read and changed: every operation naming one of the other environment's objects finds nothing.
      const ids = { ...made[other], deliveryId: foreignDelivery!.id };
      const naming = OPERATIONS.filter((spec) =>
        (raw(spec).parameters ?? []).some((p) => p.in === 'path' && p.name! in ids),
      );
      assert.ok(naming.length >= 20, `${naming.length} operations name an object`);
      for (const spec of naming) {
        const answer = await api(here, spec.method.toUpperCase(), pathOf(spec, ids), key, exampleBody(spec), {
          'Idempotency-Key': `cross-${spec.operationId}-${here}`,
        });
        const refusedAsSandboxOnly = here === 'live' && answer.body.code === 'sandbox_only';
        assert.ok(
          answer.status === 404 || refusedAsSandboxOnly,
          `${spec.operationId} in ${here} on the ${other}'s object: ${answer.status} ${JSON.stringify(answer.body)}`,
        );
      }
    }
  });

  it('refuses in live what only the sandbox has, each with its reason', async () => {
    const reset = await api('live', 'POST', '/organizations/current/sandbox-reset', keys.live, undefined, {
      'Idempotency-Key': 'reset-live',
    });
    assert.deepEqual([reset.status, reset.body.code], [403, 'sandbox_only']);
    const [endpoint] = (await api('live', 'GET', '/webhooks/endpoints', keys.live)).body.data;
    const test = await api(
      'live',
      'POST',
      `/webhooks/endpoints/${endpoint.id}/test-events`,
      keys.live,
      exampleBody(OPERATIONS.find((o) => o.operationId === 'sendWebhookTestEvent')!),
      {
        'Idempotency-Key': 'test-live',
      },
    );
    assert.deepEqual([test.status, test.body.code], [403, 'sandbox_only']);
    for (const url of ['http://hooks.example.sg/plain', 'https://127.0.0.1/hook', 'https://10.0.0.8/hook']) {
      const refused = await api(
        'live',
        'POST',
        '/webhooks/endpoints',
        keys.live,
        { url, events: ['listing.created'] },
        {
          'Idempotency-Key': `refused-${url}`,
        },
      );
      assert.equal(refused.status, 400, `${url}: ${JSON.stringify(refused.body)}`);
      assert.match(refused.body.detail, /https|private|loopback|reserved|address/i, url);
    }
    await owner.post('/console/environment', { to: 'live' });
    for (const [origins, reason] of [
      ['http://homes.example.sg', /https:\/\/ origins only/],
      ['http://localhost:5173', /https:\/\/ origins only/],
      ['https://localhost', /never lists a loopback origin/],
    ] as const) {
      const refused = await owner.post('/console/widget-keys', { name: 'Plain', origins });
      assert.equal(refused.status, 422, origins);
      assert.match(refused.text.replaceAll('&#x2F;', '/'), reason, origins);
    }
    // The sandbox's magic values are ordinary text in live.
    const [liveKey] = await db
      .in('live')
      .query<{ key: string }>('select key from widget_keys where revoked_at is null limit 1');
    const magic = await widgetHost('live', `/v1/suggestions?key=${liveKey!.key}&q=sandbox%20error`);
    assert.deepEqual([magic.status, magic.body.suggestions], [200, []]);
    const sandboxKey = (
      await db.query<{ key: string }>(`select key from widget_keys where organization_id = $1`, [organizationId])
    )[0]!.key;
    assert.equal((await widgetHost('sandbox', `/v1/suggestions?key=${sandboxKey}&q=sandbox%20error`)).status, 500);

    // Live lists and answers only its own content: the official files, no made-up news, offerings or partner sites.
    assert.deepEqual((await api('live', 'GET', '/partner-sites', keys.live)).body.data, []);
    assert.ok((await api('sandbox', 'GET', '/partner-sites', keys.sandbox)).body.data.length >= 3);
    const [listing] = (await api('live', 'GET', '/listings', keys.live)).body.data ?? [];
    if (listing)
      assert.equal(
        (
          await api(
            'live',
            'PUT',
            `/listings/${listing.id}/distributions/ps_lionhomes`,
            keys.live,
            {},
            {
              'Idempotency-Key': 'live-distribute',
            },
          )
        ).status,
        404,
        'no live listing goes to a made-up site',
      );
    const [{ generated }] = await db.query<{ generated: number }>(
      `select count(*)::int as generated from dataset_imports where origin = 'generated'`,
    );
    assert.ok(generated > 0, 'the database holds the sandbox’s generated imports');
    const listed = (await api('live', 'GET', '/dataset-imports', keys.live)).body;
    const imports = listed.data as Body[];
    assert.ok(imports.length > 0);
    const freshness = listed.freshness as { dataset: string; stale: boolean }[];
    assert.ok(
      freshness.length > 0 && freshness.every((each) => typeof each.stale === 'boolean'),
      'and how current each dataset is',
    );
    assert.deepEqual(
      imports.filter((i) => i.generated),
      [],
      'live lists no generated import',
    );
    const liveMcp = rawMcpClient(() => servicesOf('live').links.mcpEndpoint);
    for (const tool of ['property_news', 'service_offerings']) {
      const result = await liveMcp.resultOf(await liveMcp.callTool(tool));
      const structured = result.structuredContent!;
      assert.deepEqual(
        [structured.synthetic, (structured.items ?? structured.products) as unknown[]],
        [false, []],
        tool,
      );
      assert.match(result.content[0]!.text, /publishes no/, tool);
    }
  });

  it('keeps an account whose organization was not approved out of live, and refuses a form meant for the other environment', async () => {
    const { email } = await makeAccount(consoleBase(), mailbox, { organizationName: 'Not Yet Realty' });
    const waiting = (await signInWith(consoleBase(), email)).browser;
    assert.equal((await waiting.post('/console/environment', { to: 'live' })).status, 403);
    const named = await waiting.get('/console/platform-keys?environment=live');
    assert.equal(named.status, 403);
    assert.match(named.text, /Not Yet Realty has no live environment yet/);

    // The owner's page was drawn in live; another tab switched the console to the sandbox since.
    await owner.post('/console/environment', { to: 'live' });
    const livePage = await owner.get('/console/webhooks');
    assert.match(livePage.text, /name="environment" value="live"/);
    await owner.post('/console/environment', { to: 'sandbox', environment: 'live' });
    const stale = await owner.post('/console/widget-keys', {
      name: 'Meant for live',
      origins: 'https://homes.example.sg',
      environment: 'live',
    });
    assert.equal(stale.status, 409);
    assert.match(stale.text, /This form was for the live/);
    for (const environment of ['sandbox', 'live'] as const)
      assert.deepEqual(
        await db.in(environment).query(`select 1 from widget_keys where name = 'Meant for live'`),
        [],
        `nothing made in the ${environment}`,
      );
  });

  it('keeps a sandbox person out of live whatever they send', async () => {
    const person = new ConsoleBrowser(consoleBase());
    await person.signIn('usr_siti');
    const refused = await person.post('/console/environment', { to: 'live' });
    assert.equal(refused.status, 403);
    const named = await person.get('/console/widget-keys?environment=live');
    assert.equal(named.status, 403);
    assert.match(named.text, /has no live environment yet/);
  });

  it('gives every table an environment owns a twin in the other, each name reaching only its own environment’s', async () => {
    const tablesOf = async (schema: string) =>
      (
        await db.query<{ name: string }>(
          `select relname as name from pg_class where relnamespace = $1::regnamespace and relkind = 'r' order by 1`,
          [schema],
        )
      ).map((t) => t.name);
    const owned = await tablesOf('sandbox');
    assert.ok(owned.length >= 28, `${owned.length} tables`);
    assert.deepEqual(await tablesOf('live'), owned);
    const shared = await tablesOf('public');
    for (const table of [
      'users',
      'organizations',
      'memberships',
      'sessions',
      'integration_reviews',
      'home_transactions',
    ])
      assert.ok(shared.includes(table), `${table} is shared`);
    const columnsOf = (schema: string) =>
      db.query<{ t: string }>(
        `select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' ||
                coalesce(replace(column_default, $1 || '.', ''), '') as t
           from information_schema.columns where table_schema = $1 order by table_name, column_name`,
        [schema],
      );
    assert.deepEqual(await columnsOf('live'), await columnsOf('sandbox'), 'the same columns, types and defaults');
    const sequenceDefaults = await db.query<{ schema: string; d: string }>(
      `select table_schema as schema, column_default as d from information_schema.columns
        where table_schema in ('sandbox', 'live') and column_default like 'nextval(%'`,
    );
    for (const { d } of sequenceDefaults.filter((c) => c.schema === 'live'))
      assert.match(d, /nextval\('live\./, `live's sequences are its own: ${d}`);
    const foreignKeys = async (schema: string) =>
      (
        await db.query<{ d: string }>(
          `select conrelid::regclass::text || ' ' || pg_get_constraintdef(oid) as d from pg_constraint
            where connamespace = $1::regnamespace and contype = 'f' order by 1`,
          [schema],
        )
      ).map((k) => k.d.replaceAll(`${schema}.`, '').replaceAll('sandbox.', 'SANDBOX.'));
    assert.deepEqual(await foreignKeys('live'), await foreignKeys('sandbox'), 'the same foreign keys, within live');
    assert.ok(!(await foreignKeys('live')).some((k) => k.includes('SANDBOX.')), 'no live key refers to the sandbox');
    for (const table of owned) {
      assert.ok(!shared.includes(table), `${table} is not also shared`);
      for (const environment of ['sandbox', 'live'] as const) {
        const [reached] = await db
          .in(environment)
          .query<{ schema: string }>(
            `select n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = $1::regclass`,
            [table],
          );
        assert.equal(reached!.schema, environment, `${table} as ${environment} reads it`);
      }
    }
  });

  it('reports live not ready, and why, when no official data is imported', async () => {
    const empty = await openDatabase();
    try {
      await migrate(empty);
      const data = await liveData(empty.in('live'));
      assert.match(data.notReady ?? '', /no official data.*npm run data:import/);
      assert.equal(data.homes.properties.length, 0);
      const withData = await liveData(db.in('live'));
      assert.equal(withData.notReady, undefined);
      assert.ok(withData.homes.sources.length > 0, 'live names the official datasets it rests on');
    } finally {
      await empty.close();
    }
  });
});
