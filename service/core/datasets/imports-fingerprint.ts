/**
 * What has been imported, in one short string: the files loaded of the given origins, how many and the
 * newest. A process compares it with the one its homes were loaded at to know that another process (a
 * scheduled fetch, an operator's import) added data since.
 */
import type { Database } from '../../db/database.js';
import type { ImportOrigin } from './official/import-file.js';

export async function importsFingerprint(db: Pick<Database, 'query'>, origins: readonly ImportOrigin[]) {
  const [row] = await db.query<{ files: number; newest: string | null }>(
    `select count(*)::int as files, max(id) as newest from dataset_imports where origin = any($1)`,
    [origins],
  );
  return `${row?.files ?? 0}:${row?.newest ?? ''}`;
}
