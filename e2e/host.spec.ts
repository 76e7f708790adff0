/** The sandbox host's CORS and origin rules, over real HTTP, with forged and missing origins. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotli, gzip } from '../service/web/compression.js';
import { DEMO_KEY, LANGUAGE_FILES, expect, test, API_BASE } from './fixtures.js';

const suggestions = `${API_BASE}/v1/suggestions?key=${DEMO_KEY}&q=amk`;

test('an allowed origin is echoed exactly, with Vary: Origin', async ({ request }) => {
  const response = await request.get(suggestions, { headers: { Origin: 'http://localhost:4173' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['access-control-allow-origin']).toBe('http://localhost:4173');
  expect(response.headers()['vary']).toContain('Origin');
  expect(response.headers()['access-control-allow-credentials']).toBeUndefined();
});

for (const origin of ['https://evil.example', 'http://localhost:4174', 'https://localhost:4173', 'null']) {
  test(`a forged origin is refused and never echoed: ${origin}`, async ({ request }) => {
    const response = await request.get(suggestions, { headers: { Origin: origin } });
    expect(response.status()).toBe(403);
    expect(response.headers()['access-control-allow-origin']).toBe('*');
    expect((await response.json()).code).toBe('origin_not_allowed');
  });
}

test('a request without Origin is refused (Referer does not count)', async ({ request }) => {
  const response = await request.get(suggestions, { headers: { Referer: 'http://localhost:4173/' } });
  expect(response.status()).toBe(403);
  expect((await response.json()).code).toBe('origin_not_allowed');
});

test('a platform key is refused as a key', async ({ request }) => {
  const response = await request.get(`${API_BASE}/v1/suggestions?key=svcp_test_abcdefghijklmnop&q=amk`, {
    headers: { Origin: 'http://localhost:4173' },
  });
  expect(response.status()).toBe(401);
  expect((await response.json()).code).toBe('invalid_key');
});

test('the widget script and its assets load cross-origin', async ({ request }) => {
  for (const path of ['/widget.js', `/${LANGUAGE_FILES.zh}`, '/assets/logo.svg', '/fonts/inter-400-first.woff2']) {
    const response = await request.get(`${API_BASE}${path}`);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['access-control-allow-origin'], path).toBe('*');
  }
});

test('the widget is served compressed as the visitor\u2019s browser accepts: brotli, then gzip', async ({
  request,
}) => {
  const cases: [acceptEncoding: string, expected: string | undefined][] = [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, br;q=0', 'gzip'],
    ['identity', undefined],
  ];
  const plain = await (
    await request.get(`${API_BASE}/v1/widget.js`, { headers: { 'Accept-Encoding': 'identity' } })
  ).body();
  for (const [acceptEncoding, expected] of cases) {
    const response = await request.get(`${API_BASE}/v1/widget.js`, {
      headers: { 'Accept-Encoding': acceptEncoding },
    });
    expect(response.headers()['content-encoding'], acceptEncoding).toBe(expected);
    expect(response.headers()['vary'], acceptEncoding).toContain('Accept-Encoding');
    expect((await response.body()).equals(plain), acceptEncoding).toBe(true);
    if (expected) {
      const measured = expected === 'br' ? brotli(plain) : await gzip(plain);
      expect(Number(response.headers()['content-length']), `what npm run size measures, ${expected}`).toBe(
        measured.length,
      );
    }
  }
  const font = await request.get(`${API_BASE}/fonts/inter-400-first.woff2`, { headers: { 'Accept-Encoding': 'br' } });
  expect(font.headers()['content-encoding']).toBeUndefined();
});

test('a visitor\u2019s browser downloads the widget compressed', async ({ page }) => {
  await page.goto('/');
  await page.locator('service-valuation').getByRole('combobox').waitFor();
  const sizes = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => e.name.endsWith('/widget.js')) as PerformanceResourceTiming;
    return { encoded: entry.encodedBodySize, decoded: entry.decodedBodySize };
  });
  expect(sizes.decoded).toBeGreaterThan(0);
  expect(sizes.encoded).toBeLessThan(sizes.decoded / 2);
});

test('widget.js: evergreen /v1/ briefly cached, a pinned version and the language files for a year', async ({
  request,
}) => {
  const { version, integrity } = JSON.parse(readFileSync('dist/integrity.json', 'utf8')) as {
    version: string;
    integrity: string;
  };
  const evergreen = await request.get(`${API_BASE}/v1/widget.js`);
  const pinned = await request.get(`${API_BASE}/v${version}/widget.js`);
  expect(evergreen.headers()['cache-control']).toBe('public, max-age=300');
  expect(pinned.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await pinned.body()).equals(await evergreen.body())).toBe(true);
  expect(
    `sha384-${createHash('sha384')
      .update(await pinned.body())
      .digest('base64')}`,
  ).toBe(integrity);
  for (const file of Object.values(LANGUAGE_FILES))
    expect((await request.get(`${API_BASE}/${file}`)).headers()['cache-control'], file).toBe(
      'public, max-age=31536000, immutable',
    );
  expect((await request.get(`${API_BASE}/v0.0.1/widget.js`)).status()).toBe(404);
  expect((await request.get(`${API_BASE}/v1/element.js`)).status()).toBe(404);
});
