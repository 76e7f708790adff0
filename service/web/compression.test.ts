import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { brotli, compress, gzip, gzipQuickly } from './compression.js';

const SRC = new URL('../../src/', import.meta.url);
/** Real widget source, a few tens of KB like the element, so the comparison means something. */
async function sample(): Promise<Buffer> {
  const dir = new URL('element/', SRC);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ts')).sort();
  return Buffer.concat(await Promise.all(files.map((f) => readFile(new URL(f, dir)))));
}

test('Zopfli gzip is read back by any gzip reader and is smaller than zlib at level 9', async () => {
  const content = await sample();
  const zopfli = await gzip(content);
  assert.deepEqual(gunzipSync(zopfli), content);
  assert.ok(
    zopfli.length < gzipQuickly(content).length,
    `${zopfli.length} B against zlib's ${gzipQuickly(content).length} B`,
  );
});

test('brotli is read back whole, and compress picks the encoding', async () => {
  const content = await sample();
  assert.deepEqual(brotliDecompressSync(brotli(content)), content);
  assert.deepEqual(await compress(content, 'br'), brotli(content));
  assert.deepEqual(gunzipSync(await compress(content, 'gzip')), content);
});

test('empty and over-large files still compress, the large ones by zlib so the server is not held for seconds', async () => {
  assert.deepEqual(gunzipSync(await gzip(Buffer.alloc(0))), Buffer.alloc(0));
  const large = Buffer.alloc(300 * 1024, 'valuation ');
  assert.deepEqual(await gzip(large), gzipQuickly(large), 'a 300 KB file goes to zlib, not Zopfli');
});
