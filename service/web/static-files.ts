import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { compress, compressQuickly, type Encoding } from './compression.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Text compresses; fonts and images are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;

/**
 * The best encoding the client accepts: brotli, then gzip, as a CDN in front of the widget host
 * would serve them. `q=0` refuses an encoding.
 */
function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*q\s*=\s*/i))
      .filter(([name, q]) => name && (q === undefined || Number(q) > 0))
      .map(([name]) => name.toLowerCase()),
  );
  return (['br', 'gzip'] as const).find((encoding) => accepted.has(encoding));
}

/** Compressed copies of files by encoding and path, remade when the file changes. */
const compressed = new Map<string, { version: string; body: Promise<Buffer> }>();

function compressedFile(path: string, version: string, content: Buffer, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${path}`;
  const cached = compressed.get(key);
  if (cached?.version === version) return cached.body;
  const body = compress(content, encoding);
  compressed.set(key, { version, body });
  return body;
}

/**
 * A file from `root` as a response (compressed as the client accepts), or undefined when there is
 * none; paths that climb out of `root` have none.
 */
export async function fileResponse(
  root: string,
  pathname: string,
  options: {
    headers?: Record<string, string>;
    transform?: (text: string) => string;
    acceptEncoding?: string | null;
  } = {},
): Promise<Response | undefined> {
  let relative: string;
  try {
    relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  } catch {
    return undefined;
  }
  if (relative.split(sep).includes('..')) return undefined;
  if (relative === '' || relative.endsWith(sep)) relative = join(relative, 'index.html');
  const type = TYPES[extname(relative)] ?? 'application/octet-stream';
  const path = join(root, relative);
  let content: Buffer;
  let version: string;
  try {
    const [file, info] = await Promise.all([readFile(path), stat(path)]);
    content = file;
    version = `${info.size}:${info.mtimeMs}`;
  } catch {
    return undefined;
  }
  const transform = type.startsWith('text/html') ? options.transform : undefined;
  let body = transform ? Buffer.from(transform(content.toString('utf8'))) : content;
  const headers: Record<string, string> = {
    'Content-Type': type,
    'X-Content-Type-Options': 'nosniff',
    ...options.headers,
  };
  const compressible = COMPRESSIBLE.test(type);
  if (compressible) headers.Vary = headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding';
  const encoding = compressible ? chooseEncoding(options.acceptEncoding ?? undefined) : undefined;
  if (encoding) {
    headers['Content-Encoding'] = encoding;
    body = transform ? compressQuickly(body, encoding) : await compressedFile(path, version, body, encoding);
  }
  headers['Content-Length'] = String(body.length);
  return new Response(new Uint8Array(body), { status: 200, headers });
}
