/**
 * Applies the SQL files in migrations/ in name order, each once, all in one transaction that holds
 * the startup lock: several processes starting together on one server migrate it once, in turn.
 * A file runs on the shared schema (`public`); a file named `*.each-environment.sql` changes what
 * environments own, and runs once in each environment's schema (db/environments.ts). A migration that
 * leaves a table in `public` that db/shared-tables.ts does not list is refused, and nothing migrates.
 * On PostgreSQL each environment's role is then granted what exists (db/roles.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './database.js';
import { ENVIRONMENTS, searchPathOf } from './environments.js';
import { LOCKS } from './locks.js';
import { unlistedSharedTables } from './shared-tables.js';
import { grantEnvironmentRoles } from './roles.js';

const MIGRATIONS = new URL('./migrations/', import.meta.url);

/** Taken first by every startup transaction (migrations, the sandbox's seed); released at its end. */
export const STARTUP_LOCK = `select pg_advisory_xact_lock(${LOCKS.startup})`;

/**
 * `until`: the last file to apply (a test of one migration starts from the schema before it);
 * `folder`: where the files are (a test's copy with one more).
 */
export async function migrate(
  db: Database,
  { until, folder = MIGRATIONS }: { until?: string; folder?: URL } = {},
): Promise<string[]> {
  const files = (await readdir(folder))
    .filter((name) => name.endsWith('.sql') && (until === undefined || name <= until))
    .sort();
  return db.transaction(async (tx) => {
    await tx.query(STARTUP_LOCK);
    await tx.query(
      'create table if not exists public.schema_migrations (version text primary key, applied_at timestamptz not null default now())',
    );
    const applied = new Set(
      (await tx.query<{ version: string }>('select version from public.schema_migrations')).map((row) => row.version),
    );
    const ran: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const sql = await readFile(new URL(file, folder), 'utf8');
      const paths = file.endsWith('.each-environment.sql') ? ENVIRONMENTS.map(searchPathOf) : ['public'];
      for (const path of paths) {
        await tx.query(`select set_config('search_path', $1, true)`, [path]);
        for (const statement of statementsOf(sql)) await tx.query(statement);
      }
      await tx.query('insert into public.schema_migrations (version) values ($1)', [file]);
      ran.push(file);
    }
    // A table left in public is shared by both environments: only the listed ones may be (all of it rolls back).
    // The history before 036 made every table in public; only a run to the newest file is held to the list.
    const unlisted = until === undefined && ran.length ? await unlistedSharedTables(tx) : [];
    if (unlisted.length)
      throw new Error(
        `Migration ${ran.join(', ')} leaves ${unlisted.join(', ')} in public, shared by the sandbox and live. Name the file *.each-environment.sql for a table each environment owns, or add the table to SHARED_TABLES (db/shared-tables.ts) saying why both share it. Nothing was migrated.`,
      );
    if (db.engine === 'postgres' && until === undefined) await grantEnvironmentRoles(tx);
    return ran;
  });
}

/** A file's statements: split where a line ends in `;`, except inside a `$$`-quoted body. */
export function statementsOf(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  sql.split('$$').forEach((part, index) => {
    if (index % 2 === 1) {
      current += `$$${part}$$`;
      return;
    }
    const pieces = part.split(/;\s*$/m);
    current += pieces[0];
    for (const piece of pieces.slice(1)) {
      statements.push(current);
      current = piece;
    }
  });
  statements.push(current);
  return statements.map((s) => s.trim()).filter((s) => s && !/^(--[^\n]*\n?)+$/.test(s));
}
