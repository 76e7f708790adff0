/**
 * Every failure on our side is in the log with the request id its caller was told and the stack:
 * a Platform API operation's 500, and an MCP tool's internal error (which answers as JSON-RPC -32603
 * with an HTTP 200, so only the log tells an operator it happened).
 */
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { serviceForTests } from './service-for-tests.js';
import { rawMcpClient } from './mcp-raw-client.js';

const planted = () => {
  throw new Error('planted failure in the store');
};
const sandbox = serviceForTests({
  origins: { platform: 0, mcp: 0 },
  adjust: (services) => ({
    ...services,
    engine: { ...services.engine, searchPage: planted },
    datasetImports: { ...services.datasetImports, list: async () => planted() },
  }),
});
const mcp = rawMcpClient(() => sandbox.services().links.mcpEndpoint);

/** What console.error printed while `work` ran. */
async function logged(work: () => Promise<void>): Promise<string> {
  const printed = mock.method(console, 'error', () => undefined);
  try {
    await work();
    return printed.mock.calls.map((call) => call.arguments.join(' ')).join('\n');
  } finally {
    printed.mock.restore();
  }
}

describe('failures are logged', () => {
  it('logs a Platform API 500 with the request id it answered and the stack', async () => {
    let requestId = '';
    const log = await logged(async () => {
      const answer = await fetch(`${sandbox.services().links.apiBase}/dataset-imports`, {
        headers: { Authorization: 'Bearer svcp_test_agency00000000000000001' },
      });
      assert.equal(answer.status, 500);
      requestId = ((await answer.json()) as { requestId: string }).requestId ?? answer.headers.get('request-id');
    });
    assert.match(requestId, /^req_\w+$/);
    assert.match(log, new RegExp(`\\[platform\\] ${requestId} failed: Error: planted failure in the store\\n\\s+at `));
    assert.doesNotMatch(log, /svcp_test_/, 'never the key');
  });

  it('logs an MCP tool’s internal error with the request id it answered and the stack', async () => {
    let message = '';
    const log = await logged(async () => {
      const answer = await mcp.callTool('search_properties', undefined, { query: 'tampines' });
      assert.equal(answer.status, 200);
      const body = await answer.text();
      const json = JSON.parse(body.trimStart().startsWith('{') ? body : /^data: (.*)$/m.exec(body)![1]);
      assert.equal(json.error.code, -32603);
      message = json.error.message;
    });
    const requestId = /request id (req_\w+)/.exec(message)?.[1];
    assert.ok(requestId, message);
    assert.match(
      log,
      new RegExp(`\\[mcp search_properties\\] ${requestId} failed: Error: planted failure in the store\\n\\s+at `),
    );
  });
});
