/**
 * The test run's database templates: their key changes with a migration (added or edited), with the
 * code and with Singapore's day, and a changed key makes them again and removes the old ones; an
 * unchanged key makes nothing. A database copied from the `empty` template holds nothing.
 */
import assert from 'node:assert/strict';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { openInMemory } from '../db/database.js';
import { templateFile, templateKey } from '../db/templates.js';
import { prepareTemplates } from './database-templates.js';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations/', import.meta.url));
const NOON = new Date('2027-03-31T04:00:00Z');

describe('database templates', () => {
  const folder = mkdtempSync(join(tmpdir(), 'templates-'));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('are keyed by the migrations, the code and the day in Singapore', () => {
    const root = join(folder, 'service');
    cpSync(MIGRATIONS, join(root, 'db', 'migrations'), { recursive: true });
    writeFileSync(join(root, 'seed.ts'), 'export const seeded = 1;\n');
    const first = templateKey(root, NOON);
    assert.equal(templateKey(root, NOON), first, 'the same files, the same key');
    assert.match(first, /^2027-03-31-[0-9a-f]{16}$/);

    const next = join(root, 'db', 'migrations', '999_next.sql');
    writeFileSync(next, 'create table next_thing (id text primary key);\n');
    const added = templateKey(root, NOON);
    assert.notEqual(added, first, 'a new migration');
    appendFileSync(next, 'alter table next_thing add column name text;\n');
    assert.notEqual(templateKey(root, NOON), added, 'an edited migration');
    rmSync(next);
    assert.equal(templateKey(root, NOON), first);

    writeFileSync(join(root, 'seed.ts'), 'export const seeded = 2;\n');
    assert.notEqual(templateKey(root, NOON), first, 'the code that seeds');
    writeFileSync(join(root, 'seed.ts'), 'export const seeded = 1;\n');
    writeFileSync(join(root, 'seed.test.ts'), 'a test of it changes nothing');
    assert.equal(templateKey(root, NOON), first);
    // 23:59 and 00:01 in Singapore, on one UTC day.
    assert.notEqual(
      templateKey(root, new Date('2027-03-31T15:59:00Z')),
      templateKey(root, new Date('2027-03-31T16:01:00Z')),
    );
  });

  it('are made again when the key changes, and only then', async () => {
    const made: string[] = [];
    const steps = {
      empty: async () => void made.push('empty'),
      world: async () => void made.push('world'),
    };
    const into = join(folder, 'templates');
    assert.deepEqual((await prepareTemplates(into, { key: 'one', steps })).made, ['empty', 'world']);
    assert.ok(existsSync(templateFile(into, 'one', 'world')));
    assert.deepEqual((await prepareTemplates(into, { key: 'one', steps })).made, [], 'kept for the same key');
    assert.deepEqual(made, ['empty', 'world']);

    assert.deepEqual((await prepareTemplates(into, { key: 'two', steps })).made, ['empty', 'world']);
    assert.deepEqual(readdirSync(into), ['two'], "the old key's templates are removed");

    const { db } = await openInMemory(new Blob([readFileSync(templateFile(into, 'two', 'empty'))]));
    try {
      assert.deepEqual(
        await db.query(
          "select table_name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
        ),
        [],
      );
    } finally {
      await db.close();
    }
  });
});
