/**
 * Every operation through the SDK's `call` and the CLI's `call`, over real HTTP against the sandbox's
 * Platform API: the contract's whole list, typed answers, an Idempotency-Key per write (a repeated
 * key replays), problems as PlatformError, and mistakes caught before any request is sent.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import contract from '../contract/platform.openapi.json' with { type: 'json' };
import { platformSandbox } from '../service/tests/platform-sandbox.js';
import { explain, run } from './cli.js';
import {
  createPlatformClient,
  OPERATIONS,
  type OperationResult,
  PlatformConfigError,
  PlatformError,
} from './client.js';

const DEVELOPER = 'svcp_test_developer0000000000002';
const AGENCY = 'svcp_test_agency00000000000000001';
const PARTNER_FEED = 'svcp_test_partnerfeed00000000006';
const { base, referenceCurls } = platformSandbox(DEVELOPER);
const client = () => createPlatformClient({ apiKey: DEVELOPER, baseUrl: base(), maxRetries: 0 });

type IsNever<T> = [T] extends [never] ? true : false;
// The answers are the contract's types, not `never` or `any`: these lines stop compiling if they are not.
const typed: [IsNever<OperationResult<'getInventoryBatch'>>, IsNever<OperationResult<'createLead'>>] = [false, false];
const status: OperationResult<'getInventoryBatch'>['status'] = 'held';

async function cli(args: string[], key = DEVELOPER) {
  const lines: string[] = [];
  try {
    const code = await run([...args, '--base-url', base()], { SERVICE_API_KEY: key }, (t) => lines.push(t));
    return { code, text: lines.join('\n') };
  } catch (error) {
    const { line, status } = explain(error);
    return { code: status, text: line };
  }
}

describe('every operation, from the contract', () => {
  it('knows each operation of the contract once, with its method, path and scope', () => {
    const inContract = Object.values(contract.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId: string }>).map((o) => o.operationId),
    );
    assert.deepEqual(OPERATIONS.map((o) => o.operationId).sort(), inContract.sort());
    assert.ok(OPERATIONS.every((o) => o.scope && o.summary));
    assert.deepEqual(typed, [false, false]);
    assert.equal(status, 'held');
  });

  it('calls any operation with typed input and answer, one Idempotency-Key per write', async () => {
    const held = await client().call('listInventoryBatches', { query: { status: 'held' } });
    assert.deepEqual(
      held.data.map((b) => b.id),
      ['bat_0002'],
    );
    const input = { projectId: 'proj_0002', name: 'SDK batch', unitType: '2-bedroom', units: 4 };
    const made = await client().call('releaseInventoryBatch', { body: input, idempotencyKey: 'sdk-batch-1' });
    const again = await client().call('releaseInventoryBatch', { body: input, idempotencyKey: 'sdk-batch-1' });
    assert.equal(again.id, made.id, 'the same key replays the first answer');
    const other = await client().call('releaseInventoryBatch', { body: input });
    assert.notEqual(other.id, made.id, 'without a key, each call is its own write');
    const read = await client().call('getInventoryBatch', { path: { batchId: made.id } });
    assert.equal(read.units, 4);
  });

  it('throws PlatformError with the problem, and catches a missing path parameter before sending', async () => {
    await assert.rejects(
      client().call('releaseInventoryBatch', {
        body: { projectId: 'proj_0002', name: 'x', unitType: 'loft', units: 1 },
      }),
      (error: PlatformError) =>
        error.code === 'unprocessable' && error.problem.errors?.[0]?.parameter === 'body.unitType',
    );
    assert.throws(() => client().call('getLead', {}), PlatformConfigError);
    assert.throws(() => client().call('noSuchOperation' as 'getLead', {}), /No operation noSuchOperation/);
  });
});

describe('the CLI for every operation', () => {
  it('lists the operations and runs one with path and query parameters', async () => {
    const listed = await cli(['operations']);
    assert.equal(listed.code, 0);
    for (const o of OPERATIONS) assert.ok(listed.text.includes(o.operationId), o.operationId);
    const one = await cli(['call', 'getLead', 'leadId=lead_0001']);
    assert.equal(one.code, 0, one.text);
    assert.equal(JSON.parse(one.text).routedTo.team, 'Premier sales');
    const page = await cli([
      'call',
      'listDatasetRecords',
      'datasetId=ds_transactions',
      'propertyId=hdb-560100-4-room',
      'limit=2',
    ]);
    assert.equal(JSON.parse(page.text).data.length, 2);
    assert.match((await cli(['call', 'publishPriceList', '--help'])).text, /projectId=… {2}\(path, required\)/);
    // A write's help lists its body's fields, from the contract.
    const help = (await cli(['call', 'createListing', '--help'])).text;
    assert.match(help, /Its fields:\n {2}propertyId: string {2}\(required\)/);
    assert.match(help, /mode: "sale" \| "rent" {2}\(required\)/);
    assert.match(help, /publicRemarks: string\n/);
    for (const spec of OPERATIONS.filter((o) => o.takesBody))
      assert.ok(spec.bodyFields.length > 0, `${spec.operationId}: its body's fields are known`);
  });

  it('sends a body from the line or a file, and says plainly what is wrong', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cli-')), 'rule.json');
    writeFileSync(file, JSON.stringify({ priority: 3, match: {}, routeTo: { team: 'CLI', email: 'cli@example.com' } }));
    const made = await cli(['call', 'createLeadRoutingRule', '--body', `@${file}`]);
    assert.equal(made.code, 0, made.text);
    assert.equal(JSON.parse(made.text).priority, 3);
    const noBody = await cli(['call', 'createLead']);
    assert.deepEqual([noBody.code, noBody.text], [2, 'error: createLead takes a JSON body: give --body']);
    assert.equal((await cli(['call', 'getLead', 'leadId=lead_9999'])).code, 1);
    assert.match(
      (await cli(['call', 'getLead', 'lead=lead_0001'])).text,
      /not a parameter of getLead; it takes leadId/,
    );
    assert.equal((await cli(['call', 'nothing'])).code, 2);
    assert.match((await cli(['call', 'createLead', '--body', '{oops'])).text, /--body must be JSON/);
  });
});

describe('the reference', () => {
  it('shows an SDK call and a CLI line for every operation, and each read works as written', async () => {
    const page = await (await fetch(`${new URL(base()).origin}/reference/all`)).text();
    const text = (pattern: RegExp) =>
      [...page.matchAll(pattern)].map((m) =>
        m[1]!.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&'),
      );
    const calls = text(/<code>(const answer = await client\.call\([^<]+)<\/code>/g);
    const lines = text(/<code>(service-valuation call [^<]+)<\/code>/g);
    assert.equal(calls.length, OPERATIONS.length);
    assert.equal(lines.length, OPERATIONS.length);
    assert.equal((await referenceCurls(/./)).length, OPERATIONS.length);
    const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (c: unknown) => Promise<unknown>;
    // Webhook endpoints and deliveries have no fixtures: their example ids name nothing in a new sandbox.
    const fixed = (o: (typeof OPERATIONS)[number]) => !(o.path.startsWith('/webhooks/') && o.path.includes('{'));
    for (const spec of OPERATIONS.filter((o) => o.method === 'get' && fixed(o))) {
      const key = spec.path.startsWith('/developers/')
        ? DEVELOPER
        : spec.path.startsWith('/partner-sites/current')
          ? PARTNER_FEED
          : AGENCY;
      const call = calls.find((c) => c.includes(`client.call('${spec.operationId}'`))!;
      const sdkClient = createPlatformClient({ apiKey: key, baseUrl: base(), maxRetries: 0 });
      await new AsyncFunction('client', `${call} return answer;`)(sdkClient); // throws PlatformError if refused
      const line = lines.find(
        (l) =>
          l.startsWith(`service-valuation call ${spec.operationId} `) ||
          l === `service-valuation call ${spec.operationId}`,
      )!;
      const args = line
        .slice('service-valuation '.length)
        .match(/(?:[^\s']+|'[^']*')+/g)! // words as a shell splits them, quotes removed
        .map((a) => a.replaceAll("'", ''));
      const ran = await cli(args, key);
      assert.equal(ran.code, 0, `${line}: ${ran.text}`);
    }
  });
});
