/**
 * Health on every origin's server: live from the start; ready only once the root says migrations
 * ran, and only while the database answers; not ready again once the process starts to stop.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { health, NotReady } from './health.js';
import { listen, originOf } from './serve.js';

let server: Server;
const get = async (path: string) => {
  const response = await fetch(`${originOf(server)}${path}`);
  return { status: response.status, body: await response.json() };
};

before(async () => {
  server = await listen(() => new Response('a route', { status: 200 }), 0);
});
after(() => server.close());

describe('health', () => {
  it('is live at once, and not ready before migrations ran', async () => {
    assert.equal((await get('/livez')).status, 200);
    assert.deepEqual(await get('/readyz'), {
      status: 503,
      body: { status: 'not_ready', reason: 'starting: migrations have not run' },
    });
  });

  it('is ready while the database answers, and says so when it does not', async () => {
    let answers = true;
    health.ready(async () => {
      if (!answers) throw new Error('connection refused');
    });
    assert.deepEqual(await get('/readyz'), { status: 200, body: { status: 'ready' } });
    answers = false;
    assert.deepEqual(await get('/readyz'), {
      status: 503,
      body: { status: 'not_ready', reason: 'the database does not answer' },
    });
    answers = true;
    assert.equal((await get('/readyz?probe=1')).status, 200, 'a query string does not hide the path');
  });

  it('says why it cannot serve when the check knows (live with no data), not only that', async () => {
    health.ready(async () => {
      throw new NotReady('live has no official data to value');
    });
    assert.deepEqual(await get('/readyz'), {
      status: 503,
      body: { status: 'not_ready', reason: 'live has no official data to value' },
    });
    health.ready(async () => {});
  });

  it('stays ready with stale data, and says so beside its status', async () => {
    health.ready(async () => ({ data: ['hdb_resale: data stale since 2027-01-23T19:00:00.000Z'] }));
    assert.deepEqual(await get('/readyz'), {
      status: 200,
      body: { status: 'ready', data: ['hdb_resale: data stale since 2027-01-23T19:00:00.000Z'] },
    });
    health.ready(async () => {});
  });

  it('is not ready once the process drains, and stays live while it finishes', async () => {
    health.drain();
    assert.deepEqual(await get('/readyz'), { status: 503, body: { status: 'not_ready', reason: 'stopping' } });
    assert.equal((await get('/livez')).status, 200);
  });
});
