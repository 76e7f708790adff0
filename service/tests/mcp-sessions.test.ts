/**
 * MCP sessions are bounded: 10,000 `initialize` calls that never close their sessions leave the
 * process's heap within 100 MB of where it started, one address cannot hold more than its share,
 * and idle sessions are closed. Clients come from many loopback addresses (127.0.0.0/8).
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, it } from 'node:test';
import { MCP_SESSION_LIMITS } from '../core/metering/limits.js';
import { serviceForTests } from './service-for-tests.js';
import { createSessionTable } from '../surfaces/mcp/sessions.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const sandbox = serviceForTests({
  origins: { mcp: 0 },
  // The real limits, but nobody idle long enough to be replaced however slowly this machine runs the flood.
  mcp: { sessionLimits: { ...MCP_SESSION_LIMITS, idleMs: 3_600_000, evictableAfterMs: 3_600_000 } },
});

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'flood', version: '1' } },
});

function initialize(from: string) {
  return new Promise<{ status: number; body: string; retryAfter?: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: new URL(sandbox.urls().mcp).port,
        path: '/mcp',
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body, retryAfter: res.headers['retry-after'] as string | undefined }),
        );
      },
    );
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};

describe('MCP sessions', { timeout: 240_000 }, () => {
  it('10,000 sessions opened and never closed leave the heap within 100 MB of where it started', async () => {
    // Sixty at once from one address: the limit holds for concurrent initialize calls too (each holds its place).
    const rush = await Promise.all(Array.from({ length: 60 }, () => initialize('127.0.0.1')));
    assert.equal(rush.filter((r) => r.status === 200).length, MCP_SESSION_LIMITS.perAddress);
    assert.equal(rush.filter((r) => r.status === 429).length, 60 - MCP_SESSION_LIMITS.perAddress);
    const oneTooMany = await initialize('127.0.0.1');
    assert.equal(oneTooMany.status, 429, 'one address holds at most its share');
    assert.match(JSON.parse(oneTooMany.body).error.message, /20 open sessions/);
    const start = heapMb();
    const statuses = new Map<number, number>();
    for (let i = 0; i < 10_000; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_, j) => initialize(`127.1.${((i + j) >> 4) & 255}.${((i + j) & 15) + 1}`)),
      );
      for (const answer of batch) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    const grown = heapMb() - start;
    console.log(
      `# 10,000 initialize calls: ${JSON.stringify(Object.fromEntries(statuses))}; heap grew ${grown.toFixed(1)} MB`,
    );
    assert.ok(grown < 100, `heap grew ${grown.toFixed(1)} MB`);
    assert.ok((statuses.get(200) ?? 0) <= MCP_SESSION_LIMITS.total);
    assert.ok((statuses.get(503) ?? 0) > 0, 'a full table refuses with 503');
    const refused = await initialize('127.2.0.1');
    assert.equal(refused.status, 503);
    assert.equal(JSON.parse(refused.body).error.code, -32000);
    assert.ok(Number(refused.retryAfter) > 0);
  });
});

describe('the session table', () => {
  const limits = { perAddress: 2, total: 3, idleMs: 600_000, evictableAfterMs: 60_000 };
  const transport = () => ({
    closed: false,
    async close() {
      this.closed = true;
    },
  });

  it('refuses a third session from one address with 429 and when to retry', () => {
    let t = 0;
    const table = createSessionTable(limits, () => t);
    table.add('a1', transport(), '192.0.2.1');
    t = 1000;
    const held = table.admit('192.0.2.1');
    assert.equal(held.admitted, true);
    assert.equal(table.admit('192.0.2.1').admitted, false, 'a place held by an unanswered initialize counts');
    table.add('a2', transport(), '192.0.2.1');
    if (held.admitted) held.settle();
    const refused = table.admit('192.0.2.1');
    assert.deepEqual(refused.admitted ? undefined : [refused.status, refused.retryAfter], [429, 599]);
    assert.equal(table.admit('192.0.2.2').admitted, true);
    table.closeAll();
  });

  it('closes idle sessions, and makes room by closing the least recently used one once it is idle', () => {
    let t = 0;
    const table = createSessionTable(limits, () => t);
    const [a, b, c] = [transport(), transport(), transport()];
    table.add('a', a, '192.0.2.1');
    table.add('b', b, '192.0.2.2');
    table.add('c', c, '192.0.2.3');
    t = 30_000;
    table.get('a'); // used again: now the most recent
    const full = table.admit('192.0.2.4');
    assert.equal(full.admitted ? 0 : full.status, 503, 'nobody idle long enough to make room');
    t = 70_000;
    assert.equal(table.admit('192.0.2.4').admitted, true);
    assert.equal(b.closed, true, 'b was the least recently used');
    assert.equal(table.get('b'), undefined);
    t = 700_000;
    table.admit('192.0.2.5');
    assert.equal(table.size, 0, 'all idle past ten minutes are closed');
    assert.ok(a.closed && c.closed);
    table.closeAll();
  });
});
