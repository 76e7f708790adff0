/**
 * Reads an official file from disk (read-text.ts recognises it): JSON whole, CSV a line at a time. A
 * line is UTF-8 where it is valid UTF-8, and else Latin-1: URA's downloads write a few project names so
 * (`ENCHANTÉ` as the byte C9), and read as UTF-8 they would become U+FFFD, a name no visitor can type.
 */
import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { type OfficialFile, readOfficial } from './read-text.js';

export { EMPTY, KNOWN_FILES, type OfficialFile } from './read-text.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

function decodeLine(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}

/** The file's lines, each decoded alone, without their line endings (LF or CRLF). */
export async function* decodedLines(path: string): AsyncGenerator<string> {
  let rest = Buffer.alloc(0);
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    const bytes = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let end = bytes.indexOf(10); end !== -1; end = bytes.indexOf(10, start)) {
      yield decodeLine(bytes.subarray(start, end > start && bytes[end - 1] === 13 ? end - 1 : end));
      start = end + 1;
    }
    rest = Buffer.from(bytes.subarray(start));
  }
  if (rest.length) yield decodeLine(rest[rest.length - 1] === 13 ? rest.subarray(0, -1) : rest);
}

export async function readOfficialFile(path: string): Promise<OfficialFile | { problem: string }> {
  let start: Buffer;
  let bytesRead: number;
  try {
    const handle = await open(path);
    start = Buffer.alloc(4096);
    ({ bytesRead } = await handle.read(start, 0, start.length, 0).finally(() => handle.close()));
  } catch (error) {
    return { problem: `it cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  return readOfficial({
    head: start.subarray(0, bytesRead).toString('utf8'),
    whole: () => readFile(path, 'utf8'),
    lines: () => decodedLines(path),
  });
}
