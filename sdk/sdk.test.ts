/** The SDK and the CLI against the running sandbox on loopback, and their refusals before sending. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serviceForTests } from '../service/tests/service-for-tests.js';
import { explain, run } from './cli.js';
import { createPlatformClient, DEFAULT_BASE_URLS, PlatformConfigError, PlatformError } from './client.js';

const AGENCY = 'svcp_test_agency00000000000000001';
const DEVELOPER = 'svcp_test_developer0000000000002';
const NO_VALUATIONS = 'svcp_test_noscope000000000000004';

const sandbox = serviceForTests({ origins: { platform: 0 } });
const sandboxBase = () => sandbox.services().links.apiBase;

/** A fetch that records what would have been sent, and answers from a script. */
function scriptedFetch(answers: (() => Response)[]) {
  const sent: Request[] = [];
  const fetch = async (request: Request) => {
    sent.push(request);
    return answers[Math.min(sent.length - 1, answers.length - 1)]();
  };
  return { sent, fetch: fetch as unknown as typeof globalThis.fetch };
}

describe('SDK', () => {
  it('reads the organization and values a property through the sandbox', async () => {
    const client = createPlatformClient({ apiKey: AGENCY, baseUrl: sandboxBase() });
    assert.equal(client.environment, 'sandbox');
    assert.equal((await client.organizations.current()).id, 'org_lionrealty');
    const found = await client.valuations.search('parc esta');
    const estimate = await client.valuations.estimate(found.data[0].id, 'rent');
    assert.equal(estimate.mode, 'rent');
    assert.ok(estimate.comparables.length >= 5);
  });

  it('iterates every page of a collection', async () => {
    const client = createPlatformClient({ apiKey: DEVELOPER, baseUrl: sandboxBase() });
    const ids: string[] = [];
    for await (const project of client.developers.projects.all()) ids.push(project.id);
    assert.equal(ids.length, 25);
    assert.equal((await client.developers.projects.list({ limit: 5 })).data.length, 5);
  });

  it('throws a typed error carrying the problem', async () => {
    const client = createPlatformClient({ apiKey: NO_VALUATIONS, baseUrl: sandboxBase() });
    const error = await client.valuations.search('amk').catch((e: unknown) => e);
    assert.ok(error instanceof PlatformError);
    assert.equal(error.status, 403);
    assert.equal(error.code, 'insufficient_scope');
    assert.equal(error.problem.requiredScope, 'valuations.read');
    assert.match(error.requestId ?? '', /^req_/);
  });

  it('refuses a widget key, a live key on the sandbox, and a sandbox key on the live host, before sending anything', () => {
    const { sent, fetch } = scriptedFetch([() => new Response('{}')]);
    assert.throws(
      () => createPlatformClient({ apiKey: 'svce_test_demo0000000000000001', baseUrl: sandboxBase(), fetch }),
      PlatformConfigError,
    );
    assert.throws(
      () =>
        createPlatformClient({ apiKey: 'svcp_live_abcdefghijklmnop0001', baseUrl: DEFAULT_BASE_URLS.sandbox, fetch }),
      /only against the live Platform API.*Pass the live base URL/,
    );
    // A deployment's own live host (npm run start:live's, say) is the live key's to call: the host answers.
    assert.ok(
      createPlatformClient({ apiKey: 'svcp_live_abcdefghijklmnop0001', baseUrl: 'http://127.0.0.1:8798/v1', fetch }),
    );
    assert.throws(
      () =>
        createPlatformClient({
          apiKey: 'svcp_live_abcdefghijklmnop0001',
          baseUrl: 'http://api.partner.example.sg/v1',
          fetch,
        }),
      /only over https/,
    );
    for (const live of [
      'https://api.service.example/v1',
      'https://API.Service.Example/v1',
      'https://api.service.example:443/v1',
      'https://api.service.example./v1',
      'HTTPS://api.service.example../v2/',
    ])
      assert.throws(
        () => createPlatformClient({ apiKey: AGENCY, baseUrl: live, fetch }),
        /cannot authenticate the live host/,
        live,
      );
    assert.throws(() => createPlatformClient({ apiKey: AGENCY, baseUrl: 'not a url', fetch }), PlatformConfigError);
    assert.equal(sent.length, 0);
  });

  it('retries 429 and 5xx, waiting as Retry-After says, then answers', async () => {
    const problem = (status: number) => () =>
      new Response(
        JSON.stringify({
          type: 'about:blank',
          title: 't',
          status,
          detail: 'd',
          code: status === 429 ? 'rate_limited' : 'internal_error',
          requestId: 'req_x',
        }),
        {
          status,
          headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '7' },
        },
      );
    const ok = () =>
      new Response(JSON.stringify({ object: 'list', query: 'amk', data: [] }), {
        headers: { 'Content-Type': 'application/json' },
      });
    const { sent, fetch } = scriptedFetch([problem(429), problem(503), ok]);
    const waits: number[] = [];
    const client = createPlatformClient({
      apiKey: AGENCY,
      baseUrl: sandboxBase(),
      fetch,
      maxRetryWaitMs: 20_000,
      sleep: async (ms) => void waits.push(ms),
    });
    assert.deepEqual((await client.valuations.search('amk')).data, []);
    assert.equal(sent.length, 3);
    assert.deepEqual(waits, [7000, 7000]);
    assert.equal(sent[0].headers.get('authorization'), `Bearer ${AGENCY}`);
  });

  const tooMany = (code: 'quota_exceeded' | 'rate_limited', retryAfter: number) => () =>
    new Response(
      JSON.stringify({
        type: 'about:blank',
        title: 'Too Many Requests',
        status: 429,
        detail:
          code === 'quota_exceeded'
            ? 'This key has used its 2,000 valuations for today; the limit resets at 2026-11-25T00:00:00.000Z.'
            : 'Too many requests.',
        code,
        requestId: 'req_q',
        ...(code === 'quota_exceeded' ? { resetAt: '2026-11-25T00:00:00.000Z' } : {}),
      }),
      { status: 429, headers: { 'Content-Type': 'application/problem+json', 'Retry-After': String(retryAfter) } },
    );

  it('never sleeps on a spent daily quota: it fails at once, saying when the quota resets', async () => {
    const { sent, fetch } = scriptedFetch([tooMany('quota_exceeded', 7606)]);
    const waits: number[] = [];
    const client = createPlatformClient({
      apiKey: AGENCY,
      baseUrl: sandboxBase(),
      fetch,
      sleep: async (ms) => void waits.push(ms),
    });
    const error = await client.valuations.estimate('hdb-560102-4-room').catch((e: unknown) => e);
    assert.ok(error instanceof PlatformError && error.code === 'quota_exceeded');
    assert.match(error.message, /resets at 2026-11-25T00:00/);
    assert.equal(sent.length, 1);
    assert.deepEqual(waits, []);
  });

  it('waits a few seconds in all at most, then answers with the last problem', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const minute = scriptedFetch([tooMany('rate_limited', 60)]);
    const client = createPlatformClient({ apiKey: AGENCY, baseUrl: sandboxBase(), fetch: minute.fetch, sleep });
    const error = await client.valuations.search('amk').catch((e: unknown) => e);
    assert.ok(error instanceof PlatformError && error.code === 'rate_limited');
    assert.equal(minute.sent.length, 1, 'a 60 s wait is past the 5 s budget: returned, not slept on');
    assert.deepEqual(waits, []);

    const short = scriptedFetch([tooMany('rate_limited', 2)]);
    const patient = createPlatformClient({
      apiKey: AGENCY,
      baseUrl: sandboxBase(),
      fetch: short.fetch,
      sleep,
      maxRetries: 10,
    });
    await patient.valuations.search('amk').catch(() => undefined);
    assert.deepEqual(waits, [2000, 2000], 'two waits of 2 s fit in 5 s; a third would not');
    assert.equal(short.sent.length, 3);
  });

  it('says what to do without a key, and with a live key this build cannot reach, before any request', () => {
    const { sent, fetch } = scriptedFetch([() => new Response('{}')]);
    for (const apiKey of [undefined, '']) {
      assert.throws(
        () => createPlatformClient({ apiKey: apiKey as unknown as string, fetch }),
        (error: Error) => error instanceof PlatformConfigError && /No API key: pass apiKey/.test(error.message),
      );
    }
    assert.throws(
      () => createPlatformClient({ apiKey: 'svcp_live_abcdefghijklmnop0001', fetch }),
      (error: Error) =>
        error instanceof PlatformConfigError && /after integration review.*svcp_test_/.test(error.message),
    );
    assert.equal(sent.length, 0);
  });

  it('gives up after its retries with the last problem', async () => {
    const { sent, fetch } = scriptedFetch([
      () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 't',
            status: 500,
            detail: 'down',
            code: 'internal_error',
            requestId: 'req_y',
          }),
          { status: 500, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    ]);
    const waits: number[] = [];
    const client = createPlatformClient({
      apiKey: AGENCY,
      baseUrl: sandboxBase(),
      fetch,
      maxRetries: 2,
      sleep: async (ms) => void waits.push(ms),
    });
    const error = await client.organizations.current().catch((e: unknown) => e);
    assert.ok(error instanceof PlatformError && error.code === 'internal_error');
    assert.equal(sent.length, 3);
    assert.deepEqual(waits, [500, 1000]);
  });
});

describe('CLI', () => {
  const cli = async (args: string[], key: string | null = AGENCY) => {
    const lines: string[] = [];
    try {
      const status = await run(args, { SERVICE_API_KEY: key ?? undefined, SERVICE_BASE_URL: sandboxBase() }, (text) =>
        lines.push(text),
      );
      return { status, out: lines.join('\n') };
    } catch (error) {
      const { line, status } = explain(error);
      return { status, out: line };
    }
  };

  it('values a postal code in rent mode as a readable table', async () => {
    const { status, out } = await cli(['valuations', 'estimate', '--postal', '560102', '--mode', 'rent']);
    assert.equal(status, 0);
    assert.match(out, /Estimated monthly rent: S\$[\d,]+ \(likely S\$[\d,]+ to S\$[\d,]+\)/);
    assert.match(out, /date +address +area +price +distance/);
  });

  it('prints the API JSON with --json', async () => {
    const { status, out } = await cli(['products', 'list', '--json']);
    assert.equal(status, 0);
    assert.equal(JSON.parse(out).data[0].object, 'product');
  });

  it('has --help on every command', async () => {
    for (const command of [
      [],
      ['valuations'],
      ['valuations', 'search'],
      ['valuations', 'estimate'],
      ['organizations', 'current'],
      ['products', 'list'],
      ['developers', 'projects'],
      ['webhooks', 'endpoints'],
    ]) {
      const { status, out } = await cli([...command, '--help']);
      assert.equal(status, 0, command.join(' '));
      assert.match(out, /^Usage: service-valuation /, command.join(' '));
    }
  });

  it('lists both valuations commands for valuations --help', async () => {
    const { out } = await cli(['valuations', '--help']);
    assert.match(out, /service-valuation valuations search/);
    assert.match(out, /service-valuation valuations estimate/);
  });

  it('says when a list has more pages, and how to get the next', async () => {
    const first = await cli(['developers', 'projects', '--limit', '10'], DEVELOPER);
    const cursor = /--cursor (\S+)/.exec(first.out)?.[1];
    assert.ok(cursor, first.out);
    assert.match(
      first.out,
      /More on the next page: service-valuation developers projects --cursor \S+ \(or --all for every page\)/,
    );
    const last = await cli(['developers', 'projects', '--limit', '20', '--cursor', cursor], DEVELOPER);
    assert.equal(last.status, 0);
    assert.doesNotMatch(last.out, /More on the next page/);
  });

  it('fails at once when the daily quota is spent, saying when it resets (exit 1)', async () => {
    const { createServer } = await import('node:http');
    let asked = 0;
    const spent = createServer((_request, response) => {
      asked++;
      response.writeHead(429, { 'Content-Type': 'application/problem+json', 'Retry-After': '7606' });
      response.end(
        JSON.stringify({
          type: 'about:blank',
          title: 'Too Many Requests',
          status: 429,
          detail: 'This key has used its 2,000 valuations for today; the limit resets at 2026-11-25T00:00:00.000Z.',
          code: 'quota_exceeded',
          requestId: 'req_spent',
          resetAt: '2026-11-25T00:00:00.000Z',
        }),
      );
    });
    await new Promise<void>((resolve) => spent.listen(0, '127.0.0.1', resolve));
    const port = (spent.address() as { port: number }).port;
    const started = Date.now();
    const lines: string[] = [];
    const status = await run(
      ['valuations', 'estimate', '--id', 'hdb-560102-4-room'],
      { SERVICE_API_KEY: AGENCY, SERVICE_BASE_URL: `http://127.0.0.1:${port}/v1` },
      (text) => lines.push(text),
    ).catch((error: unknown) => {
      const explained = explain(error);
      lines.push(explained.line);
      return explained.status;
    });
    spent.close();
    assert.equal(status, 1);
    assert.match(lines.join('\n'), /^error: quota_exceeded: .*resets at 2026-11-25T00:00:00.000Z/);
    assert.equal(asked, 1, 'asked once, never retried');
    assert.ok(Date.now() - started < 30_000, 'did not sleep until the reset');
  });

  it('exits non-zero with one clear line on every kind of failure', async () => {
    const cases: [string[], string | null, number, RegExp][] = [
      [
        ['valuations', 'search', 'amk'],
        NO_VALUATIONS,
        1,
        /^error: insufficient_scope: .*valuations\.read.*\(request req_/,
      ],
      [['organizations', 'current'], null, 2, /^error: set SERVICE_API_KEY/],
      [['organizations', 'current'], 'svce_test_demo0000000000000001', 2, /^error: This is a widget key/],
      [['valuations', 'estimate'], AGENCY, 2, /^error: give --id, --postal or --query/],
      [
        ['valuations', 'estimate', '--id', 'hdb-560102-4-room', '--mode', 'lease'],
        AGENCY,
        2,
        /^error: --mode is sale or rent/,
      ],
      [['products', 'list', '--colour'], AGENCY, 2, /^error: .*--colour/],
      [['teleport'], AGENCY, 2, /^error: unknown command/],
      [['valuations'], AGENCY, 2, /^error: "valuations" needs a command; run service-valuation valuations --help/],
      [['valuations', 'estimate', '--postal', '999999'], AGENCY, 1, /^error: no property matches 999999/],
    ];
    for (const [args, key, expected, line] of cases) {
      const { status, out } = await cli(args, key);
      assert.equal(status, expected, args.join(' '));
      assert.match(out, line, args.join(' '));
      assert.equal(out.split('\n').length, 1);
    }
  });
});
