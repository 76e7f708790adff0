/**
 * The generated Postman collection, run by Newman against the sandbox on loopback: every read
 * answers 2xx, every write sends an Idempotency-Key and answers a status the contract lists, and
 * each webhook example reaches a receiver signed so the standardwebhooks package verifies it.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import newman, { type NewmanRunSummary } from 'newman';
import { serviceForTests } from '../../service/tests/service-for-tests.js';
import { startReceiver } from '../../service/tests/webhook-receiver.js';
import { postmanRuns, newmanLine } from './postman-runs.js';
import { type Contract, operationsOf } from './contract-walk.js';
import { EXAMPLE_WEBHOOK_SECRET, operationFolders } from './postman.js';

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

/** A run as docs/integrators.md gives it: the kind's environment file, its folders, only the base URL pointed here. */
async function runAsDocumented(run: ReturnType<typeof postmanRuns>[number]) {
  const environment = await read(`contract/postman/${run.environment}`);
  return new Promise<NewmanRunSummary>((resolve, reject) =>
    newman.run(
      {
        collection,
        environment,
        envVar: [{ key: 'baseUrl', value: sandbox.services().links.apiBase }],
        folder: run.folders,
        reporters: [],
      },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    ),
  );
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

  it('holds every operation once, in a folder per tag (a kind’s own beside it), and every webhook event', () => {
    const requests = collection.item.flatMap((folder: { item: { name: string }[] }) => folder.item);
    const names = operations.map(({ op }) => op.summary);
    assert.equal(new Set(names).size, names.length, 'request names are unique (Newman picks requests by name)');
    const webhooks = collection.item.find((f: { name: string }) => f.name === 'Webhook events');
    assert.equal(webhooks.item.length, Object.keys(contract.webhooks).length);
    assert.equal(requests.length, operations.length + Object.keys(contract.webhooks).length);
    const tagOrder = [...new Set(operations.map(({ op }) => op.tags[0]))].sort(
      (a, b) => contract.tags!.findIndex((t) => t.name === a) - contract.tags!.findIndex((t) => t.name === b),
    );
    // A folder per tag, in the contract's order; a tag's operations for another kind of organization beside it.
    assert.deepEqual(
      collection.item.map((f: { name: string }) => f.name.split(': as ')[0]),
      [...tagOrder.flatMap((tag) => (tag === 'Listings' ? [tag, tag] : [tag])), 'Webhook events'],
    );
    assert.ok(collection.item.some((f: { name: string }) => f.name === 'Listings: as a partner site'));
  });

  it('passes a first run of each kind’s folders under its own environment, exactly as the docs give them', async () => {
    const runs = postmanRuns(operationFolders(contract));
    const documented = await readFile(new URL('../../docs/integrators.md', import.meta.url), 'utf8');
    for (const run of runs)
      assert.ok(documented.includes(newmanLine(run)), `docs/integrators.md gives: ${newmanLine(run)}`);
    const summaries = [];
    for (const run of runs) summaries.push(await runAsDocumented(run));
    assert.deepEqual(summaries.flatMap(failuresOf), []);
    const executed = summaries.flatMap((s) => s.run.executions);
    assert.equal(executed.length, operations.length, 'every operation, once');
    const reads = executed.filter((e) => e.request.method === 'GET');
    const writes = executed.filter((e) => e.request.method !== 'GET');
    for (const e of reads)
      assert.ok(e.response.code >= 200 && e.response.code < 300, `${e.item.name}: ${e.response.code}`);
    // Each read's two checks and each write's three ran (a script that failed to run would count none).
    assert.equal(
      summaries.reduce((n, s) => n + (s.run.stats.assertions.total ?? 0), 0),
      reads.length * 2 + writes.length * 3,
    );
    const keys = writes.map((e) => e.request.headers.get('Idempotency-Key'));
    assert.equal(new Set(keys).size, writes.length, 'one key per write');
    // Some writes are refused by the sandbox's state; either way an answer the contract names.
    assert.ok(writes.filter((e) => e.response.code < 300).length >= writes.length / 2);
    const made = writes.find((e) => e.item.name === 'Register a webhook endpoint')!;
    const read = reads.find((e) => e.item.name === 'One webhook endpoint')!;
    assert.equal(read.request.url.path!.at(-1), made.response.json().id, 'a first run reads what it made');
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
