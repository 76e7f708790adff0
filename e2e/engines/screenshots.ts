/**
 * Screenshot baselines per engine (`e2e/engines/screenshots/<engine>/`): an engine never borrows
 * another's. A missing baseline is written and fails the test, so a new one is always looked at
 * before it is committed; `UPDATE_ENGINE_SCREENSHOTS=1` rewrites them after a browser upgrade.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Engine } from './driver.js';

/** Tolerant enough for Chromium 150 and 156 to agree, strict enough to catch a moved or missing part. */
const MAX_DIFF_RATIO = 0.02;

export async function expectScreenshot(engine: Engine, name: string, actual: Buffer): Promise<void> {
  const path = new URL(`./screenshots/${engine}/${name}.png`, import.meta.url).pathname;
  if (process.env.UPDATE_ENGINE_SCREENSHOTS === '1' || !existsSync(path)) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, actual);
    if (process.env.UPDATE_ENGINE_SCREENSHOTS !== '1')
      throw new Error(`${engine}: no baseline for ${name}; wrote ${path}: look at it, then commit it`);
    return;
  }
  const expected = PNG.sync.read(await readFile(path));
  const got = PNG.sync.read(actual);
  if (expected.width !== got.width || Math.abs(expected.height - got.height) > 2) {
    await writeFile(path.replace(/\.png$/, '.actual.png'), actual);
    throw new Error(`${engine} ${name}: ${got.width}×${got.height}, baseline ${expected.width}×${expected.height}`);
  }
  const width = expected.width;
  const height = Math.min(expected.height, got.height);
  const crop = (png: PNG) => png.data.subarray(0, width * height * 4);
  const differing = pixelmatch(crop(expected), crop(got), undefined, width, height, { threshold: 0.2 });
  if (differing / (width * height) > MAX_DIFF_RATIO) {
    await writeFile(path.replace(/\.png$/, '.actual.png'), actual);
    throw new Error(
      `${engine} ${name}: ${differing} pixels differ (${((differing / (width * height)) * 100).toFixed(2)}%)`,
    );
  }
}
