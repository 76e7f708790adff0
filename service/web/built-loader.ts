/** The built loader's version and SRI hash (`dist/integrity.json`, written by the loader's build). */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

export interface BuiltLoader {
  version: string;
  /** The pinned path, `v1.2.3/widget.js`. */
  file: string;
  integrity: string;
}

/** Undefined until the widget is built. */
export const builtLoader = (distDir = DEFAULT_DIST): Promise<BuiltLoader | undefined> =>
  readFile(join(distDir, 'integrity.json'), 'utf8').then(
    (text) => JSON.parse(text) as BuiltLoader,
    () => undefined,
  );
