/**
 * `npm run test:node` prepares the test run's database templates here, once, before any test file
 * (db/templates.ts says how they are found): PGlite's empty data folder, and the sandbox as `npm start`
 * leaves it. Templates of the same key are kept, so a run with unchanged code prepares nothing; older
 * keys are removed. Run as a script: `tsx service/tests/database-templates.ts FOLDER`.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openInMemory } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { templateFile, templateKey, type TemplateKind } from '../db/templates.js';
import { importSandboxWorld } from '../sandbox/import-sandbox-world.js';
import { seed } from '../sandbox/seed.js';

/** How each template is made: from an empty folder, what `npm start` does before it serves. */
export const TEMPLATE_STEPS: Record<
  TemplateKind,
  (db: Awaited<ReturnType<typeof openInMemory>>['db']) => Promise<void>
> = {
  empty: async () => {},
  world: async (db) => {
    await migrate(db);
    await seed(db);
    await importSandboxWorld(db);
  },
};

export interface Prepared {
  key: string;
  /** The kinds made by this call; none when this key's templates were there already. */
  made: TemplateKind[];
}

/** Makes what `folder` lacks of `key`'s templates, and removes other keys' (written aside, then renamed in). */
export async function prepareTemplates(
  folder: string,
  { key = templateKey(), steps = TEMPLATE_STEPS } = {},
): Promise<Prepared> {
  const made: TemplateKind[] = [];
  for (const kind of Object.keys(steps) as TemplateKind[]) {
    const file = templateFile(folder, key, kind);
    if (existsSync(file)) continue;
    const { db, save } = await openInMemory();
    try {
      await steps[kind](db);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(`${file}.${process.pid}`, new Uint8Array(await (await save()).arrayBuffer()));
      await rename(`${file}.${process.pid}`, file);
    } finally {
      await db.close();
    }
    made.push(kind);
  }
  for (const other of await readdir(folder))
    if (other !== key) await rm(join(folder, other), { recursive: true, force: true });
  return { key, made };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const folder = process.argv[2];
  if (!folder) throw new Error('usage: tsx service/tests/database-templates.ts FOLDER');
  const started = performance.now();
  const { key, made } = await prepareTemplates(folder);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    made.length
      ? `database templates ${key}: made ${made.join(' and ')} in ${seconds} s`
      : `database templates ${key}: already made`,
  );
}
