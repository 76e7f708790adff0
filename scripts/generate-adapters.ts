// Writes every adapter the contract gives (scripts/adapters/adapters.ts) where it is committed.
import { mkdir, writeFile } from 'node:fs/promises';
import { adapterFiles, ROOT } from './adapters/adapters.js';

for (const [path, text] of await adapterFiles()) {
  const file = new URL(path, ROOT);
  await mkdir(new URL('.', file), { recursive: true });
  await writeFile(file, text);
}
