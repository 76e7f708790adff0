/** A client no one on this team wrote: the MCP Inspector's command-line mode, against the running endpoint. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { PUBLIC_TOOL_NAMES, PUBLIC_TOOLSETS } from './mcp-public-tools.js';
import { serviceForTests } from './service-for-tests.js';

const INSPECTOR = fileURLToPath(new URL('../../node_modules/.bin/mcp-inspector', import.meta.url));
const run = promisify(execFile);
const sandbox = serviceForTests({ origins: { mcp: 0 } });

const inspector = async (...args: string[]) =>
  JSON.parse(
    (
      await run(INSPECTOR, ['--cli', sandbox.services().links.mcpEndpoint, '--transport', 'http', ...args], {
        timeout: 60_000,
      })
    ).stdout,
  ) as Record<string, unknown>;

describe('the MCP Inspector (command-line mode)', { timeout: 120_000 }, () => {
  it('lists the public tools', async () => {
    const publicOnly = ['--header', `X-MCP-Toolsets: ${PUBLIC_TOOLSETS}`];
    const { tools } = (await inspector('--method', 'tools/list', ...publicOnly)) as {
      tools: { name: string; annotations?: { readOnlyHint?: boolean } }[];
    };
    assert.deepEqual(
      tools.map((t) => t.name),
      PUBLIC_TOOL_NAMES,
    );
    assert.ok(tools.every((t) => t.annotations?.readOnlyHint));
  });

  it('calls get_valuation and reads the structured estimate', async () => {
    const result = (await inspector(
      '--method',
      'tools/call',
      '--tool-name',
      'get_valuation',
      '--tool-arg',
      'propertyId=hdb-560102-4-room',
      '--tool-arg',
      'mode=rent',
    )) as {
      structuredContent: { mode: string; value: number; comparables: unknown[] };
    };
    assert.equal(result.structuredContent.mode, 'rent');
    assert.ok(result.structuredContent.value > 0 && result.structuredContent.comparables.length >= 5);
  });

  it('calls the public discovery tools and reads their sources', async () => {
    const trend = (await inspector(
      '--method',
      'tools/call',
      '--tool-name',
      'price_trend',
      '--tool-arg',
      'town=Bishan',
      '--tool-arg',
      'propertyType=hdb',
    )) as { structuredContent: { town: string; points: unknown[]; source: { name: string }; synthetic: boolean } };
    assert.equal(trend.structuredContent.town, 'Bishan');
    assert.ok(trend.structuredContent.points.length >= 8);
    assert.match(trend.structuredContent.source.name, /HDB resale/);
    assert.equal(trend.structuredContent.synthetic, true);
    const news = (await inspector('--method', 'tools/call', '--tool-name', 'property_news')) as {
      structuredContent: { items: unknown[]; asOf: string };
    };
    assert.ok(news.structuredContent.items.length > 0 && news.structuredContent.asOf);
  });
});
