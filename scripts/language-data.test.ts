import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import en from '../src/words/en.js';
import * as ms from '../src/words/ms.js';
import * as ta from '../src/words/ta.js';
import { wordsFromData } from '../src/words/translation-data.js';
import * as zh from '../src/words/zh.js';
import { ARGUMENTS, translationData } from './language-data.js';

const at = (object: unknown, path: string) =>
  path.split('.').reduce((value, key) => (value as Record<string, unknown>)[key], object);

/** Every argument list a function can be called with: each choice's every value, and counts that a plural rule would tell apart. */
function callsOf(path: string): unknown[][] {
  return ARGUMENTS[path].reduce<unknown[][]>(
    (calls, argument, i) =>
      calls.flatMap((call) =>
        (argument === 'text'
          ? [`«text ${i}»`]
          : argument === 'count'
            ? [0, 1, 2, 21]
            : (argument as readonly string[])
        ).map((value) => [...call, value]),
      ),
    [[]],
  );
}

/** Every day of two years, one of them a leap year. */
const DAYS = Array.from({ length: 731 }, (_, i) => new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10));

function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, path ? `${path}.${key}` : key));
  return [];
}

describe('a translation as data', () => {
  for (const [language, module] of Object.entries({ zh, ms, ta })) {
    it(`${language}: gives back every sentence the module does, for every choice and count`, () => {
      const revived = wordsFromData(JSON.parse(JSON.stringify(translationData(module.default))));
      assert.deepEqual(strings(revived), strings(module.default));
      for (const path of Object.keys(ARGUMENTS)) {
        const original = at(module.default, path) as (...args: unknown[]) => string;
        const fromData = at(revived, path) as (...args: unknown[]) => string;
        if (ARGUMENTS[path][0] === 'day') continue;
        for (const args of callsOf(path))
          assert.equal(fromData(...args), original(...args), `${path}(${args.join(', ')})`);
      }
      for (const day of DAYS) {
        assert.equal(revived.month(day), module.default.month(day), `month(${day})`);
        assert.equal(revived.date(day), module.default.date(day), `date(${day})`);
      }
    });
  }

  it('knows what every function of the catalogue takes', () => {
    const functions = (value: object, path = ''): string[] =>
      Object.entries(value).flatMap(([key, inner]) => {
        const here = path ? `${path}.${key}` : key;
        if (typeof inner === 'function') return [here];
        return inner && typeof inner === 'object' ? functions(inner, here) : [];
      });
    assert.deepEqual(functions(en).sort(), Object.keys(ARGUMENTS).sort());
  });

  it('stops the build at a function it does not know, and at a sentence a template cannot hold', () => {
    assert.throws(() => translationData({ ...zh.default, extra: (x: string) => x }), /add what extra takes/);
    assert.throws(() => translationData({ ...zh.default, per: (unit: string) => `{${unit}}` }), /brace/);
  });

  it('switches only where a sentence depends on the choice', () => {
    const words = translationData(zh.default);
    assert.equal(typeof (words.sortChoice as unknown[])[0], 'object', 'sortChoice switches on the order');
    assert.equal(typeof (words.per as unknown[])[0], 'string');
  });
});
