import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { FONT_FACES } from '../src/element/font-faces.js';
import { fontFile } from '../src/element/assets.js';
import { charactersOf, facesModule, FONT_DIR, makeFaces } from './subset-fonts.js';

test('the committed font faces are what npm run fonts makes from the words the panel shows now', async () => {
  for (const [file, bytes] of await makeFaces()) {
    assert.ok(
      bytes.equals(await readFile(new URL(file, FONT_DIR))),
      `public/fonts/${file} is stale: run npm run fonts`,
    );
  }
  const written = await readFile(new URL('../src/element/font-faces.ts', import.meta.url), 'utf8');
  assert.equal(written, facesModule(), 'src/element/font-faces.ts is stale: run npm run fonts');
});

test('each weight has a small first-paint face, added after a face for all of Latin, so a browser tries it first', () => {
  assert.deepEqual(
    FONT_FACES.map(([weight, part]) => fontFile(weight, part)),
    ['inter-400-rest.woff2', 'inter-600-rest.woff2', 'inter-400-first.woff2', 'inter-600-first.woff2'],
  );
  for (const weight of ['400', '600']) {
    const [rest, first] = FONT_FACES.filter(([w]) => w === weight).map(([, , range]) => charactersOf(range));
    assert.ok(first.length > 20 && [...first].every((c) => rest.includes(c)), `weight ${weight}: first within rest`);
    for (const c of 'AZaz09,.?\u00e9\u2019') assert.ok(rest.includes(c), `weight ${weight} covers ${c}`);
  }
});
