/**
 * How the widget host compresses what it serves, in one place for the server, the size check and the bench.
 * Brotli at its best quality; gzip made by Zopfli, which writes ordinary deflate about 3% smaller than
 * zlib's level 9, as CDNs do for static files compressed ahead of time.
 */
import { gzipAsync } from '@gfx/zopfli';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

export const brotli = (content: Uint8Array): Buffer =>
  brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

/** For a body made per request, which cannot wait for Zopfli. */
export const gzipQuickly = (content: Uint8Array): Buffer => gzipSync(content, { level: 9 });

/** Zopfli runs on the event loop, about half a second for the element's 41 KB, so larger files get zlib. */
const ZOPFLI_MAX_BYTES = 256 * 1024;

/** For files compressed once and kept. */
export const gzip = async (content: Uint8Array): Promise<Buffer> =>
  content.length > ZOPFLI_MAX_BYTES ? gzipQuickly(content) : Buffer.from(await gzipAsync(content, { numiterations: 15 }));

export const compress = async (content: Uint8Array, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br' ? brotli(content) : gzip(content);

export const compressQuickly = (content: Uint8Array, encoding: Encoding): Buffer =>
  encoding === 'br' ? brotli(content) : gzipQuickly(content);
