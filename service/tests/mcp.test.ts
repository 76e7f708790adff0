/** The MCP endpoint through the official SDK's client, and the HTTP answers to bad requests. */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DAILY_LIMITS } from '../core/metering/limits.js';
import { utcDay } from '../core/metering/utc-day.js';
import { PUBLIC_TOOL_NAMES, PUBLIC_TOOLSETS } from './mcp-public-tools.js';
import { serviceForTests } from './service-for-tests.js';

const sandbox = serviceForTests({ origins: { mcp: 0 } });
const url = () => sandbox.services().links.mcpEndpoint;
const engine = () => sandbox.services().engine;
/** The public toolsets: what a client that has not signed in uses. */
const PUBLIC = { 'X-MCP-Toolsets': PUBLIC_TOOLSETS };

/** Sets this loopback client's valuations counted today (the test's own state, whatever ran before). */
async function valuationsToday(count: number) {
  const day = utcDay(engine().now());
  await sandbox.db().query(`delete from daily_usage where kind = 'mcp_estimate' and subject = '127.0.0.1'`);
  if (count > 0)
    await sandbox
      .db()
      .query(`insert into daily_usage (kind, subject, day, count) values ('mcp_estimate', '127.0.0.1', $1, $2)`, [
        day,
        count,
      ]);
}

async function connect(endpoint = url(), headers: Record<string, string> = {}) {
  const client = new Client({ name: 'sandbox-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint), { requestInit: { headers } }));
  return client;
}

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(url(), {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
  });

describe('MCP endpoint: public tools', () => {
  it("lists the public tools, read-only, with the contracts' schemas", async () => {
    const client = await connect(url(), PUBLIC);
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      PUBLIC_TOOL_NAMES,
    );
    for (const tool of tools) {
      assert.equal(tool.annotations?.readOnlyHint, true);
      assert.equal(tool.outputSchema?.type, 'object');
      assert.ok(!JSON.stringify(tool).includes('$ref'), 'schemas are self-contained');
    }
    await client.close();
  });

  it('finds a property and values it: the same estimate as the engine, as structured content and text', async () => {
    const client = await connect();
    await client.listTools(); // from here the SDK client checks every answer against its tool's output schema
    const found = await client.callTool({ name: 'search_properties', arguments: { query: 'parc esta' } });
    assert.equal(found.isError, undefined, JSON.stringify(found.content));
    assert.deepEqual(
      found.structuredContent,
      engine().searchPage('parc esta'),
      "the Platform API's search answer, hasMore and all",
    );
    assert.match(
      (found.content as { text: string }[])[0].text,
      new RegExp(
        `\\nSource: the Service Valuations sandbox's generated world, as of ${engine().homes.cutOff}\\. Sandbox data: generated, not real\\.$`,
      ),
      'the addresses’ source and as-of date',
    );
    const id = (found.structuredContent as { data: { id: string }[] }).data[0].id;
    const result = await client.callTool({ name: 'get_valuation', arguments: { propertyId: id, mode: 'rent' } });
    assert.equal(result.isError, undefined);
    const expected = engine().estimate(id, 'rent');
    assert.ok('estimate' in expected);
    const structured = result.structuredContent as typeof expected.estimate;
    assert.deepEqual({ ...structured, retainUntil: '' }, { ...expected.estimate, retainUntil: '' });
    const text = (result.content as { type: string; text: string }[])[0].text;
    assert.match(text, /^Estimated monthly rent for Parc Esta/);
    assert.match(text, /not a valuation or appraisal/);
    await client.close();
  });

  it('answers bad arguments, an unknown property and an unknown tool clearly', async () => {
    const client = await connect();
    const bad = await client.callTool({ name: 'get_valuation', arguments: { propertyId: '<script>' } });
    assert.equal(bad.isError, true);
    assert.match((bad.content as { text: string }[])[0].text, /propertyId must match pattern/);
    const missing = await client.callTool({ name: 'get_valuation', arguments: { propertyId: 'hdb-000000' } });
    assert.match((missing.content as { text: string }[])[0].text, /No property has the id hdb-000000/);
    await assert.rejects(client.callTool({ name: 'sell_my_house', arguments: {} }), /Unknown tool: sell_my_house/);
    await client.close();
  });

  it('lists and calls only the toolsets a client asks for, and says what is wrong with a bad choice', async () => {
    const market = await connect(url(), { 'X-MCP-Toolsets': 'market, finance' });
    assert.deepEqual(
      (await market.listTools()).tools.map((t) => t.name),
      ['area_transactions', 'price_trend', 'mortgage_affordability'],
    );
    await assert.rejects(
      market.callTool({ name: 'get_valuation', arguments: { propertyId: 'hdb-560102-4-room' } }),
      /get_valuation is not available here: this client asked only for the toolsets market, finance/,
    );
    await market.close();
    const readOnly = await connect(url(), { ...PUBLIC, 'X-MCP-Readonly': 'true' });
    assert.equal((await readOnly.listTools()).tools.length, 7, 'every public tool is read-only');
    await readOnly.close();
    const wrong = await connect(url(), { 'X-MCP-Toolsets': 'everything' });
    await assert.rejects(wrong.listTools(), /X-MCP-Toolsets names everything; the toolsets are valuations, market/);
    await wrong.close();
  });

  it('stops a client at its daily valuations with a clear tool error', async () => {
    await valuationsToday(DAILY_LIMITS.mcp_estimate);
    try {
      const client = await connect();
      const result = await client.callTool({ name: 'get_valuation', arguments: { propertyId: 'hdb-560102-4-room' } });
      assert.equal(result.isError, true);
      assert.match((result.content as { text: string }[])[0].text, /used its 2,000 valuations for today/);
      await client.close();
    } finally {
      await valuationsToday(0);
    }
  });
});

describe('MCP endpoint: counting', () => {
  it('gives back the count of a valuation it did not answer, as the widget host and the Platform API do', async () => {
    await valuationsToday(0);
    const { meter } = sandbox.services();
    const day = utcDay(engine().now());
    const client = await connect();
    const missing = await client.callTool({ name: 'get_valuation', arguments: { propertyId: 'hdb-000000' } });
    assert.equal(missing.isError, true);
    assert.equal(await meter.count('mcp_estimate', '127.0.0.1', day), 0, 'an unanswered valuation is not counted');
    const answered = await client.callTool({ name: 'get_valuation', arguments: { propertyId: 'hdb-560102-4-room' } });
    assert.notEqual(answered.isError, true);
    assert.equal(await meter.count('mcp_estimate', '127.0.0.1', day), 1);
    await client.close();
  });
});

describe('MCP endpoint: bad requests', () => {
  it('refuses a foreign Origin (DNS rebinding) and a foreign Host', async () => {
    const foreign = await post('{}', { Origin: 'https://evil.example' });
    assert.equal(foreign.status, 403);
    assert.equal((await foreign.json()).error.code, -32600);
    // fetch() will not send another Host; a rebinding attack's request does.
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        url(),
        { method: 'POST', headers: { Host: 'evil.example', 'Content-Type': 'application/json' } },
        (res) => resolve(res.statusCode ?? 0),
      );
      request.on('error', reject);
      request.end('{}');
    });
    assert.equal(status, 403);
  });

  it('answers malformed JSON, an oversized body, a request before initialize, garbage batches and unknown sessions', async () => {
    const malformed = await post('{"jsonrpc": "2.0", "method": ');
    assert.equal(malformed.status, 400);
    assert.equal((await malformed.json()).error.code, -32700);
    const huge = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(1_100_000) } }),
    );
    assert.equal(huge.status, 413);
    const early = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    assert.equal(early.status, 400);
    const garbage = await post(JSON.stringify([1, 'two', { three: 3 }]));
    assert.equal(garbage.status, 400);
    const unknown = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), {
      'Mcp-Session-Id': 'not-a-session',
    });
    assert.equal(unknown.status, 404);
  });

  it('answers an unknown method in a session with JSON-RPC method not found', async () => {
    const client = await connect();
    await assert.rejects(
      client.request(
        { method: 'valuations/steal', params: {} },
        (await import('@modelcontextprotocol/sdk/types.js')).ResultSchema,
      ),
      /Method not found/,
    );
    await client.close();
  });
});
