/** The SDK and the CLI against the running sandbox on loopback, and their refusals before sending. */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createEstimateEngine } from '../service/core/estimates/engine.js';
import { startPlatformServer } from '../service/servers/platform.js';
import { explain, run } from './cli.js';
import { createPlatformClient, PlatformConfigError, PlatformError } from './client.js';

const AGENCY = 'svcp_test_agency00000000000000001';
const DEVELOPER = 'svcp_test_developer0000000000002';
const NO_VALUATIONS = 'svcp_test_noscope000000000000004';

let server: Server;
let baseUrl: string;
before(async () => {
  ({ server, baseUrl } = await startPlatformServer({
    port: 8815,
    engine: createEstimateEngine({ serviceUrl: 'http://127.0.0.1:8787/' }),
  }));
});
after(() => server.close());

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
    const client = createPlatformClient({ apiKey: AGENCY, baseUrl });
    assert.equal(client.environment, 'sandbox');
    assert.equal((await client.organizations.current()).id, 'org_lionrealty');
    const found = await client.valuations.search('parc esta');
    const estimate = await client.valuations.estimate(found.data[0].id, 'rent');
    assert.equal(estimate.mode, 'rent');
    assert.ok(estimate.comparables.length >= 5);
  });

  it('iterates every page of a collection', async () => {
    const client = createPlatformClient({ apiKey: DEVELOPER, baseUrl });
    const ids: string[] = [];
    for await (const project of client.developers.projects.all()) ids.push(project.id);
    assert.equal(ids.length, 25);
    assert.equal((await client.developers.projects.list({ limit: 5 })).data.length, 5);
  });

  it('throws a typed error carrying the problem', async () => {
    const client = createPlatformClient({ apiKey: NO_VALUATIONS, baseUrl });
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
      () => createPlatformClient({ apiKey: 'svce_test_demo0000000000000001', baseUrl, fetch }),
      PlatformConfigError,
    );
    assert.throws(
      () => createPlatformClient({ apiKey: 'svcp_live_abcdefghijklmnop0001', baseUrl, fetch }),
      /only against/,
    );
    assert.throws(
      () => createPlatformClient({ apiKey: AGENCY, baseUrl: 'https://api.service.example/v1', fetch }),
      /cannot authenticate the live host/,
    );
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
    const client = createPlatformClient({ apiKey: AGENCY, baseUrl, fetch, sleep: async (ms) => void waits.push(ms) });
    assert.deepEqual((await client.valuations.search('amk')).data, []);
    assert.equal(sent.length, 3);
    assert.deepEqual(waits, [7000, 7000]);
    assert.equal(sent[0].headers.get('authorization'), `Bearer ${AGENCY}`);
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
      baseUrl,
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
      const status = await run(args, { SERVICE_API_KEY: key ?? undefined, SERVICE_BASE_URL: baseUrl }, (text) =>
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
    assert.equal(JSON.parse(out)[0].object, 'product');
  });

  it('has --help on every command', async () => {
    for (const command of [
      [],
      ['valuations', 'search'],
      ['valuations', 'estimate'],
      ['organizations', 'current'],
      ['products', 'list'],
      ['developers', 'projects'],
      ['webhooks', 'endpoints'],
    ]) {
      const { status, out } = await cli([...command, '--help']);
      assert.equal(status, 0, command.join(' '));
      assert.match(out, /^Usage: service/, command.join(' '));
    }
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
        ['valuations', 'estimate', '--id', 'hdb-560102', '--mode', 'lease'],
        AGENCY,
        2,
        /^error: --mode is sale or rent/,
      ],
      [['products', 'list', '--colour'], AGENCY, 2, /^error: .*--colour/],
      [['teleport'], AGENCY, 2, /^error: unknown command/],
    ];
    for (const [args, key, expected, line] of cases) {
      const { status, out } = await cli(args, key);
      assert.equal(status, expected, args.join(' '));
      assert.match(out, line, args.join(' '));
      assert.equal(out.split('\n').length, 1);
    }
  });
});
