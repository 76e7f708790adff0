/**
 * A test run's databases in memory start as copies of templates prepared once per run
 * (tests/database-templates.ts), not from an empty data folder: `empty` is PGlite's folder just made
 * (what initdb leaves), `world` the sandbox's as `npm start` leaves it (migrated, seeded, its world
 * imported). Only where SERVICE_TEST_DATABASES names their folder, as `npm run test:node` does;
 * anywhere else every database in memory starts empty, as before.
 *
 * A template is found under its key: a hash of the service's code and migrations, PGlite's version and
 * Singapore's day. A change to any of them misses the old templates, so a stale one is never copied.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export type TemplateKind = 'empty' | 'world';

const SERVICE = fileURLToPath(new URL('../', import.meta.url));
const PGLITE_PACKAGE = fileURLToPath(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url));

/** The service's files that make a template: its code (migrations, seed, the world and its importer), not its tests. */
function templateInputs(root: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'tests' && entry.name !== 'node_modules') walk(path);
      } else if (!entry.name.endsWith('.test.ts')) files.push(path);
    }
  };
  walk(root);
  return files.sort();
}

const singaporeDay = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The key of the templates that `root`'s code makes on `now`'s day in Singapore. */
export function templateKey(root = SERVICE, now = new Date()): string {
  const hash = createHash('sha256');
  for (const file of templateInputs(root)) hash.update(relative(root, file)).update('\0').update(readFileSync(file));
  if (existsSync(PGLITE_PACKAGE)) hash.update(JSON.parse(readFileSync(PGLITE_PACKAGE, 'utf8')).version);
  return `${singaporeDay(now)}-${hash.digest('hex').slice(0, 16)}`;
}

export const templateFile = (folder: string, key: string, kind: TemplateKind) => join(folder, key, `${kind}.tar`);

let key: string | undefined;

/** The template of `kind` for this run's code, when this is a test run and it has been prepared. */
export async function testTemplate(kind: TemplateKind): Promise<Blob | undefined> {
  const folder = process.env.SERVICE_TEST_DATABASES;
  if (!folder) return undefined;
  const file = templateFile(folder, (key ??= templateKey()), kind);
  if (!existsSync(file)) return undefined;
  return new Blob([await readFile(file)]);
}
