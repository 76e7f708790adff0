/**
 * Floods from one address over real HTTP: visitors come from distinct loopback addresses (127.0.0.0/8),
 * so the widget host and the valuation pages see each as a different visitor. Time is a test clock.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { describe, it } from 'node:test';
import { SUGGESTION_LIMITS, VISITOR_ESTIMATE_LIMITS } from '../core/metering/limits.js';
import { utcDay } from '../core/metering/utc-day.js';
import { serviceForTests } from './service-for-tests.js';

const ORIGIN = 'https://site.example';
const KEY = 'svce_test_floods000000000000001';
const KEY_ID = 'wk_floods';
let now = new Date('2026-11-24T01:00:00Z');
const sandbox = serviceForTests(
  { origins: { widgetHost: 0, platform: 0, mcp: 0 }, settings: { now: () => now } },
  async ({ db }) => {
    const insert = `insert into widget_keys (id, organization_id, key, name) values ($1, 'org_lionhomes', $2, 'Floods')`;
    await db.query(insert, [KEY_ID, KEY]);
    await db.query('insert into widget_key_origins (widget_key_id, origin) values ($1, $2)', [KEY_ID, ORIGIN]);
  },
);
const portOf = (origin: 'widgetHost' | 'platform' | 'mcp') => Number(new URL(sandbox.urls()[origin]).port);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request from `from` (a loopback address) to a loopback server. */
function send(port: number, path: string, from = '127.0.0.1', method = 'GET', headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, localAddress: from, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
const widget = (path: string, from: string) => send(portOf('widgetHost'), path, from, 'GET', { Origin: ORIGIN });
const estimate = (from: string) => widget(`/v1/estimates?key=${KEY}&id=hdb-560102-4-room`, from);
const keyCount = () => sandbox.services().meter.count('widget_estimate', KEY_ID, utcDay(now));

describe('one address cannot deny or spend what other visitors share', () => {
  it('a flood of suggestions from one address spends nothing of the key: 20 other visitors are all served', async () => {
    const flood = [];
    for (let i = 0; i < SUGGESTION_LIMITS.perKey.burst + 200; i++)
      flood.push((await widget(`/v1/suggestions?key=${KEY}&q=${100000 + i}`, '127.0.0.2')).status);
    assert.equal(flood.filter((s) => s === 200).length, SUGGESTION_LIMITS.perAddress.burst);
    assert.ok(flood.slice(SUGGESTION_LIMITS.perAddress.burst).every((s) => s === 429));
    for (let visitor = 10; visitor < 30; visitor++) {
      const answer = await widget(`/v1/suggestions?key=${KEY}&q=amk`, `127.0.1.${visitor}`);
      assert.equal(answer.status, 200, `visitor 127.0.1.${visitor}`);
    }
  });

  it("a script from one address gets rate_limited long before the key's quota, and spends none of it after that", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) statuses.push((await estimate('127.0.0.3')).status);
    assert.equal(statuses.filter((s) => s === 200).length, VISITOR_ESTIMATE_LIMITS.burst);
    const refused = await estimate('127.0.0.3');
    assert.equal(refused.status, 429);
    assert.equal(JSON.parse(refused.body).code, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal(await keyCount(), VISITOR_ESTIMATE_LIMITS.burst, 'refused estimates spent nothing of the key');

    // All day long, as fast as it is let through: never more than its share of the key's 2,000.
    for (let hour = 0; hour < 22; hour++) {
      now = new Date(now.getTime() + 3600_000);
      for (let i = 0; i < 250; i++) await estimate('127.0.0.3');
    }
    assert.equal(await keyCount(), VISITOR_ESTIMATE_LIMITS.perDay, 'one address: at most its stated share');
    const day = JSON.parse((await estimate('127.0.0.3')).body);
    assert.equal(day.code, 'rate_limited');
    assert.match(day.message, /200 estimates from this widget key today/);
    assert.equal((await estimate('127.0.2.1')).status, 200, 'another visitor is served');
  });

  it("counts only answered estimates against a visitor's share: 60 homes the service cannot value spend none of it", async () => {
    now = new Date('2026-11-24T23:00:00Z');
    for (let i = 0; i < 30; i++) {
      assert.equal((await widget(`/v1/estimates?key=${KEY}&id=hdb-000000`, '127.0.0.7')).status, 404);
      assert.equal((await widget(`/v1/estimates?key=${KEY}&id=sandbox-no-comparables`, '127.0.0.7')).status, 422);
    }
    const statuses: number[] = [];
    for (let i = 0; i < VISITOR_ESTIMATE_LIMITS.burst; i++) statuses.push((await estimate('127.0.0.7')).status);
    assert.deepEqual(new Set(statuses), new Set([200]));
    assert.equal((await estimate('127.0.0.7')).status, 429, 'the share holds after it');
  });

  it('never refuses a person comparing 100 homes over an afternoon', async () => {
    now = new Date('2026-11-25T05:00:00Z');
    for (let i = 0; i < 100; i++) {
      // Bursts of ten, a few minutes apart: 100 estimates in about three hours.
      if (i % 10 === 0) now = new Date(now.getTime() + 18 * 60_000);
      const answer = await estimate('127.0.0.4');
      assert.equal(answer.status, 200, `estimate ${i + 1}`);
    }
  });
});

describe('the public valuation pages keep to the same per-address limits', () => {
  it('serve a scraper its share, then a page that says when to come back', async () => {
    now = new Date('2026-11-26T02:00:00Z');
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++)
      statuses.push((await send(portOf('widgetHost'), '/valuation/hdb-560102-4-room?mode=sale', '127.0.0.5')).status);
    assert.equal(statuses.filter((s) => s === 200).length, VISITOR_ESTIMATE_LIMITS.burst);
    const refused = await send(portOf('widgetHost'), '/valuation/hdb-560102-4-room?mode=rent', '127.0.0.5');
    assert.equal(refused.status, 429);
    assert.match(refused.body, /<h1>Please come back in \d+ seconds<\/h1>/);
    assert.doesNotMatch(refused.body, /\bat \w+ \(/, 'no stack trace');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal((await send(portOf('widgetHost'), '/valuation/hdb-560102-4-room?mode=sale', '127.0.2.5')).status, 200);
  });

  it('count only the pages that show an estimate: 60 unknown homes and bad links spend none of the share', async () => {
    now = new Date('2026-11-26T12:00:00Z');
    const page = (path: string) => send(portOf('widgetHost'), path, '127.0.0.8');
    for (let i = 0; i < 30; i++) {
      assert.equal((await page('/valuation/hdb-000000')).status, 404);
      assert.equal((await page('/valuation/hdb-560102-4-room?mode=lease')).status, 400);
    }
    for (let i = 0; i < VISITOR_ESTIMATE_LIMITS.burst; i++)
      assert.equal((await page('/valuation/hdb-560102-4-room?mode=sale')).status, 200, `page ${i + 1}`);
    assert.equal((await page('/valuation/hdb-560102-4-room?mode=sale')).status, 429, 'the share holds after it');
  });

  it('limit searches per address, and a search needs two characters and says so', async () => {
    const short = await send(portOf('widgetHost'), '/valuation/?q=a', '127.0.0.6');
    assert.equal(short.status, 200);
    assert.match(short.body, /Type at least 2 letters or digits/);
    const statuses: number[] = [];
    for (let i = 0; i < SUGGESTION_LIMITS.perAddress.burst + 10; i++)
      statuses.push((await send(portOf('widgetHost'), `/valuation/?q=${100000 + i}`, '127.0.0.6')).status);
    assert.ok(statuses.includes(429));
    assert.equal(statuses.filter((s) => s === 200).length, SUGGESTION_LIMITS.perAddress.burst - 1);
  });
});

describe('methods and paths no route serves', () => {
  it('answer TRACE and other unserved methods with a problem body on every origin, never 500', async () => {
    const paths: [number, string][] = [
      [portOf('widgetHost'), '/console/widget-keys'],
      [portOf('widgetHost'), '/v1/estimates'],
      [portOf('widgetHost'), '/valuation/'],
      [portOf('platform'), '/v1/properties/search'],
      [portOf('mcp'), '/mcp'],
    ];
    for (const [port, path] of paths)
      for (const method of ['TRACE', 'PROPFIND', 'MKCOL']) {
        const answer = await send(port, path, '127.0.0.1', method);
        assert.equal(answer.status, 501, `${method} ${port}${path}`);
        assert.equal(answer.headers['content-type'], 'application/problem+json; charset=utf-8');
        assert.equal(JSON.parse(answer.body).status, 501);
        assert.doesNotMatch(answer.body, /\bat \w+/);
      }
  });

  it("never repeats a key-shaped string from the path in the Platform API's 404", async () => {
    const secret = 'svcp_test_agency00000000000000001';
    const answer = await send(portOf('platform'), `/v1/${secret}`, '127.0.0.1', 'GET', {
      Authorization: `Bearer ${secret}`,
    });
    assert.equal(answer.status, 404);
    assert.doesNotMatch(answer.body, /agency0000/);
    assert.match(JSON.parse(answer.body).detail, /no operation at this path/);
  });
});
