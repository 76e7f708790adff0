/**
 * A small world in the official formats (the sandbox's generator: two blocks a street, two years),
 * imported into a database of its own through the one importer, as an operator's files would be.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importOfficialFile } from '../core/datasets/official/import-file.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { writeSandboxFiles } from '../sandbox/official-files/sandbox-files.js';

export async function importedWorld(): Promise<Database> {
  const folder = await mkdtemp(join(tmpdir(), 'imported-world-'));
  try {
    const { paths } = await writeSandboxFiles(folder, { from: '2024-11', to: '2026-10', blocksPerStreet: 2 });
    const db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
    for (const path of paths) {
      const outcome = await importOfficialFile(db, path);
      if (!('imported' in outcome)) throw new Error(outcome.refused);
    }
    return db;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
