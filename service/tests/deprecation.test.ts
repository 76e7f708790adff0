/**
 * The deprecation policy in force: a deprecated operation's every answer carries `Deprecation`
 * (RFC 9745), `Sunset` (RFC 8594) and links to the changelog; other operations carry none; and the
 * contract cannot mark an operation deprecated without its dates and six months' notice.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deprecationHeaders, deprecationOf, SUNSET_NOTICE_DAYS } from '../web/deprecation.js';
import { contractDocument, routes } from '../web/platform-contract.js';
import { createPlatformApi } from '../surfaces/platform/api.js';
import { serviceForTests } from './service-for-tests.js';

const AGENCY = 'svcp_test_agency00000000000000001';
const sandbox = serviceForTests({ origins: {} });

describe('deprecation', () => {
  it("answers a deprecated operation's every answer with Deprecation, Sunset and the changelog, and no others", async () => {
    const marked = routes.map((route) =>
      route.operationId === 'listProducts'
        ? { ...route, deprecation: { since: '2026-12-01', sunset: '2027-06-30' } }
        : route,
    );
    const api = createPlatformApi(sandbox.services(), 'https://api.example/reference', marked);
    const get = (path: string, key = AGENCY) =>
      api.request(new Request(`https://api.example/v1${path}`, { headers: { Authorization: `Bearer ${key}` } }));
    const ok = await get('/products');
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('Deprecation'), `@${Date.UTC(2026, 11, 1) / 1000}`);
    assert.equal(ok.headers.get('Sunset'), 'Wed, 30 Jun 2027 00:00:00 GMT');
    assert.match(ok.headers.get('Link') ?? '', /<https:\/\/api\.example\/reference\/changelog>; rel="deprecation"/);
    assert.match(ok.headers.get('Link') ?? '', /rel="sunset"/);
    const refused = await get('/products', 'svcp_test_nosuchkey00000000000009');
    assert.equal(refused.status, 401);
    assert.ok(refused.headers.get('Sunset'), 'a refusal says so too');
    const notJson = await api.request(
      new Request('https://api.example/v1/products', {
        headers: { Authorization: `Bearer ${AGENCY}`, Accept: 'text/html' },
      }),
    );
    assert.equal(notJson.status, 406);
    assert.ok(notJson.headers.get('Deprecation'), 'an answer before the key is read says so too');
    const other = await get('/organizations/current');
    assert.equal(other.status, 200);
    assert.equal(other.headers.get('Deprecation'), null);
    assert.equal(other.headers.get('Sunset'), null);
  });

  it("refuses a contract's deprecation without dates, or with less than the notice", () => {
    const op = { operationId: 'x', deprecated: true };
    assert.match((deprecationOf(op) as { problem: string }).problem, /x-deprecated-since and x-sunset/);
    const short = deprecationOf({ ...op, 'x-deprecated-since': '2026-12-01', 'x-sunset': '2027-01-01' });
    assert.match((short as { problem: string }).problem, new RegExp(`${SUNSET_NOTICE_DAYS} days`));
    assert.match(
      (deprecationOf({ operationId: 'y', 'x-sunset': '2027-01-01' }) as { problem: string }).problem,
      /not deprecated/,
    );
    assert.deepEqual(deprecationOf({ ...op, 'x-deprecated-since': '2026-12-01', 'x-sunset': '2027-06-30' }), {
      since: '2026-12-01',
      sunset: '2027-06-30',
    });
    assert.equal(deprecationHeaders({ since: '1970-01-02', sunset: '1970-07-02' }, 'u').Deprecation, '@86400');
  });

  it('the contract today: every deprecated operation has its dates (the routes would not load otherwise)', () => {
    const operations = Object.values(contractDocument.paths as Record<string, Record<string, { deprecated?: boolean }>>)
      .flatMap((item) => Object.values(item))
      .filter((op) => op.deprecated);
    assert.equal(routes.filter((r) => r.deprecation).length, operations.length);
  });
});
