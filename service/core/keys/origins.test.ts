import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseOrigin } from './origins.js';

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
});
