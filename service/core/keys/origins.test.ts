import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { liveOrigins, parseOrigin } from './origins.js';

describe('parseOrigin', () => {
  it('keeps an origin as the browser sends it', () => {
    for (const [input, origin] of [
      ['https://www.example.com', 'https://www.example.com'],
      ['  http://localhost:4173 ', 'http://localhost:4173'],
      ['https://Example.COM', 'https://example.com'],
      ['https://example.com:443', 'https://example.com'],
      ['https://example.com/', 'https://example.com'],
      ['https://bücher.example', 'https://xn--bcher-kva.example'],
      ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ]) {
      assert.deepEqual(parseOrigin(input), { origin }, input);
    }
  });

  it('refuses what a browser never sends, saying what to fix', () => {
    for (const [input, message] of [
      ['https://example.com/shop', /Leave out the path/],
      ['https://*.example.com', /Wildcards/],
      ['null', /"null"/],
      ['http://localhost:5173.evil.example', /not a valid origin/],
      ['https://example.com.', /dot at the end/],
      ['https://example.com?a=1', /query/],
      ['https://example.com#top', /fragment/],
      ['https://user:pw@example.com', /user name/],
      ['ftp://example.com', /Start with https/],
      ['example.com', /Start with https/],
      ['javascript:alert(1)', /Start with https/],
      ['', /Enter an origin/],
      [`https://${'a'.repeat(300)}.example`, /at most 300/],
    ] as const) {
      const result = parseOrigin(input);
      assert.ok('error' in result, input);
      assert.match(result.error, message, input);
    }
  });

  it('lists https websites only on a live key, and loopback ones only where the deployment is for development', () => {
    const production = liveOrigins(false);
    for (const origin of [
      'http://homes.example.sg',
      'https://localhost',
      'https://app.localhost',
      'https://127.0.0.2',
      'https://[::1]',
      'https://[::ffff:127.0.0.1]',
    ])
      assert.ok('error' in parseOrigin(origin, production), origin);
    assert.deepEqual(parseOrigin('https://homes.example.sg', production), { origin: 'https://homes.example.sg' });
    assert.deepEqual(parseOrigin('http://localhost:5173', liveOrigins(true)), { origin: 'http://localhost:5173' });
    assert.ok('error' in parseOrigin('http://homes.example.sg', liveOrigins(true)));
  });
});
