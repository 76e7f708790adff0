/**
 * How the widget host compresses what it serves, in one place for the server, the size check and the bench.
 * Brotli at its best quality; gzip made by Zopfli, which writes ordinary deflate about 3.5% smaller than
 * zlib's level 9, as CDNs do for static files compressed ahead of time.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

export const brotli = (content: Uint8Array): Buffer =>
  brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

/** For a body made per request, which cannot wait for Zopfli. */
export const gzipQuickly = (content: Uint8Array): Buffer => gzipSync(content, { level: 9 });

/** Zopfli takes about half a second for the element's 41 KB; a larger file would take seconds, so it gets zlib. */
const ZOPFLI_MAX_BYTES = 256 * 1024;
const ZOPFLI = createRequire(import.meta.url).resolve('@gfx/zopfli');

/**
 * Zopfli runs in a worker of its own: the server keeps answering meanwhile, and the Emscripten
 * module's process-wide exception handlers stay inside that worker. Plain JavaScript (eval), so it
 * runs the same under tsx, Playwright's loader and node.
 */
const ZOPFLI_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
require(workerData.zopfli).gzip(workerData.content, { numiterations: 15 }, (error, output) => {
  if (error) throw error;
  parentPort.postMessage(output);
});`;

function zopfliGzip(content: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(ZOPFLI_WORKER, { eval: true, workerData: { zopfli: ZOPFLI, content } });
    worker.once('message', (output: Uint8Array) => {
      resolve(Buffer.from(output.buffer, output.byteOffset, output.byteLength));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`Zopfli's worker stopped (exit ${code}) before it answered`)));
  });
}

/** For files compressed once and kept; zlib's when Zopfli's worker fails, so a file is always served. */
export const gzip = async (content: Uint8Array): Promise<Buffer> =>
  content.length > ZOPFLI_MAX_BYTES ? gzipQuickly(content) : zopfliGzip(content).catch(() => gzipQuickly(content));

export const compress = async (content: Uint8Array, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br' ? brotli(content) : gzip(content);

export const compressQuickly = (content: Uint8Array, encoding: Encoding): Buffer =>
  encoding === 'br' ? brotli(content) : gzipQuickly(content);
