/**
 * The sandbox's start: its generated world (official-files/sandbox-text.ts) imported through the
 * importer of the official files, as `sandbox` data, each file once (a file already imported is not read
 * again; importing it again would add nothing). Then the engine values what the database holds.
 */
import { createHash } from 'node:crypto';
import { importOfficialText } from '../core/datasets/official/import-file.js';
import { loadImportedHomes } from '../core/valuations/imported-homes.js';
import type { Database } from '../db/database.js';
import { sandboxStartFiles } from './official-files/sandbox-text.js';

export async function importSandboxWorld(db: Database): Promise<void> {
  for (const { name, text } of sandboxStartFiles()) {
    const sha256 = createHash('sha256').update(text).digest('hex');
    const [known] = await db.query(
      `select 1 from dataset_imports where origin = 'sandbox' and file_sha256 = $1 limit 1`,
      [sha256],
    );
    if (known) continue;
    const outcome = await importOfficialText(db, name, text, { origin: 'sandbox' });
    if ('refused' in outcome) throw new Error(`The sandbox's world was not imported: ${outcome.refused}`);
  }
}

/** The sandbox's homes as imported into `db`. */
export async function sandboxHomesIn(db: Database) {
  const homes = await loadImportedHomes(db, 'sandbox');
  if (!homes) throw new Error('The sandbox world is not imported: importSandboxWorld(db) first.');
  return homes;
}
