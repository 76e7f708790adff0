/** Applies the SQL files in migrations/ in name order, each once, each in its own transaction. */
import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './database.js';

const MIGRATIONS = new URL('./migrations/', import.meta.url);

export async function migrate(db: Database): Promise<string[]> {
  await db.query(
    'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
  );
  const applied = new Set(
    (await db.query<{ version: string }>('select version from schema_migrations')).map((row) => row.version),
  );
  const files = (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.sql')).sort();
  const ran: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = await readFile(new URL(file, MIGRATIONS), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of sql
        .split(/;\s*$/m)
        .map((s) => s.trim())
        .filter((s) => s && !/^(--[^\n]*\n?)+$/.test(s)))
        await tx.query(statement);
      await tx.query('insert into schema_migrations (version) values ($1)', [file]);
    });
    ran.push(file);
  }
  return ran;
}
