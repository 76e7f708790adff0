/**
 * The generated Postman collection, run by Newman against the sandbox on loopback: every read
 * answers 2xx, every write sends an Idempotency-Key and answers a status the contract lists, and
 * each webhook example reaches a receiver signed so the standardwebhooks package verifies it.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import newman, { type NewmanRunSummary } from 'newman';
import { exampleKey } from '../../service/surfaces/docs/api-reference.js';
import { serviceForTests } from '../../service/tests/service-for-tests.js';
import { startReceiver } from '../../service/tests/webhook-receiver.js';
import { EXAMPLE_WEBHOOK_SECRET, operationsOf, type Contract } from './postman.js';

const read = async (path: string) => JSON.parse(await readFile(new URL(`../../${path}`, import.meta.url), 'utf8'));
const collection = await read('contract/postman/platform.postman_collection.json');
const environment = await read('contract/postman/sandbox.postman_environment.json');
const contract: Contract = await read('contract/bundled/platform.openapi.json');
const operations = operationsOf(contract);

const sandbox = serviceForTests({
  origins: { platform: 0, widgetHost: 0 },
  settings: { addresses: { allowHosts: new Set(['127.0.0.1']) } },
});

function run(folder: string[], variables: Record<string, string>): Promise<NewmanRunSummary> {
  return new Promise((resolve, reject) =>
    newman.run(
      {
        collection,
        environment,
        envVar: Object.entries(variables).map(([key, value]) => ({ key, value })),
        folder,
        reporters: [],
      },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    ),
  );
}

const failuresOf = (summary: NewmanRunSummary) =>
  summary.run.failures.map((f) => `${f.source?.name}: ${f.error.test ?? ''} ${f.error.message}`);

/** Runs the named requests, each group under the sandbox key its routes need. */
async function runByKey(selected: typeof operations, variables: Record<string, string>) {
  const groups = new Map<string, string[]>();
  for (const { path, op } of selected)
    groups.set(exampleKey(path), [...(groups.get(exampleKey(path)) ?? []), op.summary]);
  const summaries = [];
  for (const [apiKey, names] of groups) {
    summaries.push(await run(names, { ...variables, apiKey, baseUrl: sandbox.services().links.apiBase }));
  }
  return summaries;
}

/** Ids the sandbox's fixtures do not hold: an endpoint and a delivery made first, through the API. */
async function madeIds() {
  const base = sandbox.services().links.apiBase;
  const headers = { Authorization: `Bearer ${exampleKey('/')}`, 'Content-Type': 'application/json' };
  const endpoint = await fetch(`${base}/webhooks/endpoints`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ url: 'http://127.0.0.1:9/hooks', events: ['listing.created'] }),
  }).then((r) => r.json());
  await fetch(`${base}/webhooks/endpoints/${endpoint.id}/test-events`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ type: 'listing.created' }),
  });
  const deliveries = await fetch(`${base}/webhooks/deliveries?endpointId=${endpoint.id}`, { headers }).then((r) =>
    r.json(),
  );
  assert.ok(deliveries.data?.length, 'a test event makes a delivery');
  return { endpointId: endpoint.id as string, deliveryId: deliveries.data[0].id as string };
}

describe('the Postman collection, run by Newman against the sandbox', () => {
  it("is served by the Platform API with this deployment's environment, beside the bundled contract and the changelog", async () => {
    const origin = sandbox.services().settings.urls.platform;
    const json = async (path: string) => {
      const response = await fetch(`${origin}${path}`);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      return response.json();
    };
    assert.deepEqual(await json('/postman/collection.json'), collection);
    const served = await json('/postman/environment.json');
    const value = (key: string) => served.values.find((v: { key: string }) => v.key === key);
    assert.equal(value('baseUrl').value, sandbox.services().links.apiBase);
    assert.deepEqual(value('apiKey'), { key: 'apiKey', value: '', type: 'secret', enabled: true });
    assert.deepEqual(await json('/openapi.bundled.json'), contract);
    const root = await json('/v1');
    assert.equal(root.openapiBundled, `${origin}/openapi.bundled.json`);
    assert.equal(root.postman.collection, `${origin}/postman/collection.json`);
    const widgetHost = await fetch(`${sandbox.services().settings.urls.widgetHost}openapi.bundled.json`);
    assert.equal((await widgetHost.json()).info.title, (await read('contract/widget-host.openapi.json')).info.title);
    const changelog = await fetch(`${origin}/reference/changelog`);
    const page = await changelog.text();
    assert.match(page, /<h3 id="release-1\.0\.0">1\.0\.0/);
    assert.match(page, /No operation is deprecated\./);
    assert.match(await (await fetch(`${origin}/reference`)).text(), /href="\/postman\/collection\.json"/);
  });

  it('holds every operation once, in a folder per tag, and every webhook event', () => {
    const requests = collection.item.flatMap((folder: { item: { name: string }[] }) => folder.item);
    const names = operations.map(({ op }) => op.summary);
    assert.equal(new Set(names).size, names.length, 'request names are unique (Newman picks requests by name)');
    const webhooks = collection.item.find((f: { name: string }) => f.name === 'Webhook events');
    assert.equal(webhooks.item.length, Object.keys(contract.webhooks).length);
    assert.equal(requests.length, operations.length + Object.keys(contract.webhooks).length);
    assert.deepEqual(
      collection.item.map((f: { name: string }) => f.name),
      [...new Set(operations.map(({ op }) => op.tags[0]))]
        .sort((a, b) => contract.tags!.findIndex((t) => t.name === a) - contract.tags!.findIndex((t) => t.name === b))
        .concat('Webhook events'),
    );
  });

  it('every read answers 2xx with a request id', async () => {
    const ids = await madeIds();
    const reads = operations.filter(({ method }) => method === 'get');
    const summaries = await runByKey(reads, ids);
    assert.deepEqual(summaries.flatMap(failuresOf), []);
    const executed = summaries.flatMap((s) => s.run.executions);
    assert.equal(executed.length, reads.length);
    // Each read's two checks ran (a script that failed to run would count none).
    assert.equal(
      summaries.reduce((n, s) => n + (s.run.stats.assertions.total ?? 0), 0),
      reads.length * 2,
    );
    for (const e of executed)
      assert.ok(e.response.code >= 200 && e.response.code < 300, `${e.item.name}: ${e.response.code}`);
  });

  it('every write sends a fresh Idempotency-Key and answers a status the contract lists', async () => {
    const ids = await madeIds();
    const writes = operations.filter(({ method }) => method !== 'get');
    const summaries = await runByKey(writes, ids);
    assert.deepEqual(summaries.flatMap(failuresOf), []);
    const executed = summaries.flatMap((s) => s.run.executions);
    assert.equal(executed.length, writes.length);
    assert.equal(
      summaries.reduce((n, s) => n + (s.run.stats.assertions.total ?? 0), 0),
      writes.length * 3,
    );
    const keys = executed.map((e) => e.request.headers.get('Idempotency-Key'));
    assert.equal(new Set(keys).size, writes.length, 'one key per write');
    // Some writes succeed, some are refused by the sandbox's state; either way an answer the contract names.
    assert.ok(executed.filter((e) => e.response.code < 300).length >= writes.length / 2);
  });

  it('sends each webhook event signed with the environment secret, as a receiver verifies it', async () => {
    const receiver = await startReceiver();
    try {
      receiver.secrets.set('/webhooks', [EXAMPLE_WEBHOOK_SECRET]);
      const summary = await run(['Webhook events'], { webhookUrl: `${receiver.base}/webhooks` });
      assert.deepEqual(failuresOf(summary), []);
      assert.equal(receiver.received.length, Object.keys(contract.webhooks).length);
      for (const r of receiver.received)
        assert.deepEqual(r.verifiedBy, [EXAMPLE_WEBHOOK_SECRET], r.body.type as string);
      assert.deepEqual(
        receiver.received.map((r) => r.body.type),
        Object.keys(contract.webhooks),
      );
    } finally {
      receiver.close();
    }
  });
});
