import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

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

/** Sends a file from `root`, refusing paths that climb out of it. Returns false when there is none. */
export async function sendFile(
  res: ServerResponse,
  root: string,
  pathname: string,
  options: { headers?: Record<string, string>; transform?: (text: string) => string } = {},
): Promise<boolean> {
  let relative: string;
  try {
    relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  } catch {
    return false;
  }
  if (relative.split(sep).includes('..')) return false;
  if (relative === '' || relative.endsWith(sep)) relative = join(relative, 'index.html');
  const type = TYPES[extname(relative)] ?? 'application/octet-stream';
  let content: Buffer;
  try {
    content = await readFile(join(root, relative));
  } catch {
    return false;
  }
  const body = options.transform && type.startsWith('text/html') ? options.transform(content.toString('utf8')) : content;
  res.writeHead(200, { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff', ...options.headers });
  res.end(body);
  return true;
}
