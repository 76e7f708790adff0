/** Writes the sandbox's world in the official formats (sandbox-text.ts) to one folder. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sandboxFileTexts, type SandboxWorld } from './sandbox-text.js';

export { SANDBOX_FILES, type SandboxWorld } from './sandbox-text.js';

export async function writeSandboxFiles(folder: string, world: SandboxWorld = {}) {
  const { files, ...counts } = sandboxFileTexts(world);
  const paths = files.map((file) => join(folder, file.name));
  await Promise.all(files.map((file, i) => writeFile(paths[i], file.text)));
  return { paths, ...counts };
}
