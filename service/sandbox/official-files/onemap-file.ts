/** Writes the sandbox's addresses (onemap-text.ts) as one OneMap answer on disk. */
import { writeFile } from 'node:fs/promises';
import type { CondoProject } from '../fixtures/places.js';
import type { Block } from './hdb-market.js';
import { oneMapText } from './onemap-text.js';

export { postalOf } from './onemap-text.js';

export async function writeOneMapFile(path: string, blocks: Block[], condos: CondoProject[] = []): Promise<number> {
  const { text, count } = oneMapText(blocks, condos);
  await writeFile(path, text);
  return count;
}
