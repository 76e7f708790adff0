import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { keyNamesIn, shortenWordKeys } from './short-word-keys.js';

describe('shortenWordKeys', () => {
  const names = keyNamesIn(
    `const MODE = { sale: 1 };\nconst en = { lang: 'en', title: 'T', date: formatDate, column: { date: 'Date', price: 'P' } };`,
  );

  it("names the keys of en.ts's catalogue, in order", () => {
    assert.deepEqual(
      [...names],
      [
        ['lang', '_0'],
        ['title', '_1'],
        ['date', '_2'],
        ['column', '_3'],
      ],
    );
  });

  it('renames reads through `words` and the catalogues in src/words, and nothing else', () => {
    const code = `const a = words.title + words.column.date + other.title + estimate.date;\nconst zh = { lang: 'zh', title: 'X', date, column: { date: 'D', price: 'P' } };\nconst c = { date: 1, price: 2 };`;
    assert.equal(
      shortenWordKeys(code, '/repo/src/words/zh.ts', names),
      `const a = words._1 + words._3.date + other.title + estimate.date;\nconst zh = { _0: 'zh', _1: 'X', _2: date, _3: { date: 'D', price: 'P' } };\nconst c = { date: 1, price: 2 };`,
    );
    assert.equal(
      shortenWordKeys(`const zh = { lang: 'zh' };`, '/repo/src/search/x.ts', names),
      `const zh = { lang: 'zh' };`,
      'outside src/words only reads are renamed',
    );
  });

  it('finds every key of the real catalogue', async () => {
    const real = keyNamesIn(await readFile(new URL('../src/words/en.ts', import.meta.url), 'utf8'));
    assert.ok(real.has('searchLabel') && real.has('lang') && real.size > 40);
  });
});
