/**
 * The sandbox's start: its generated world (official-files/sandbox-text.ts) imported through the
 * importer of the official files, as `sandbox` data, in one transaction under the startup lock, so that
 * processes starting together take turns and a kill mid-import leaves the world before it. A database
 * that holds this world already is left as it is; one that holds a world another version of the
 * generator wrote has that world replaced whole, never mixed with this one.
 */
import { createHash } from 'node:crypto';
import { importOfficialText } from '../core/datasets/official/import-file.js';
import { loadImportedHomes } from '../core/datasets/official/imported-homes.js';
import type { Database } from '../db/database.js';
import { STARTUP_LOCK } from '../db/migrate.js';
import { sandboxStartFiles } from './official-files/sandbox-text.js';

const OF_SANDBOX = "select id from dataset_imports where origin = 'generated'";

export async function importSandboxWorld(db: Database): Promise<void> {
  const files = sandboxStartFiles().map((file) => ({
    ...file,
    sha256: createHash('sha256').update(file.text).digest('hex'),
  }));
  await db.transaction(async (tx) => {
    await tx.query(STARTUP_LOCK);
    const held = await tx.query<{ file_sha256: string }>(
      "select distinct file_sha256 from dataset_imports where origin = 'generated'",
    );
    const shas = new Set(held.map((row) => row.file_sha256));
    if (shas.size === files.length && files.every((file) => shas.has(file.sha256))) return;
    await tx.query(`delete from home_transactions where import_id in (${OF_SANDBOX})`);
    await tx.query("delete from addresses where origin = 'generated'");
    await tx.query("delete from dataset_imports where origin = 'generated'");
    // The importer's own transaction is this one.
    const within = { transaction: <T>(work: (q: typeof tx) => Promise<T>) => work(tx) };
    for (const { name, text } of files) {
      const outcome = await importOfficialText(within, name, text, { origin: 'generated' });
      if ('refused' in outcome) throw new Error(`The sandbox's world was not imported: ${outcome.refused}`);
    }
  });
}

/** The sandbox's homes as imported into `db`. */
export async function sandboxHomesIn(db: Pick<Database, 'query'>) {
  const homes = await loadImportedHomes(db, 'generated');
  if (!homes) throw new Error('The sandbox world is not imported: importSandboxWorld(db) first.');
  return homes;
}
