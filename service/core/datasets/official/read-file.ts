/** Reads an official file from disk (read-text.ts recognises it): JSON whole, CSV a line at a time. */
import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { type OfficialFile, readOfficial } from './read-text.js';

export { EMPTY, KNOWN_FILES, type OfficialFile } from './read-text.js';

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
    lines: () => createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity }),
  });
}
