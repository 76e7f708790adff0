/**
 * Applies the SQL files in migrations/ in name order, each once, all in one transaction that holds
 * the startup lock: several processes starting together on one server migrate it once, in turn.
 * A file runs on the shared schema (`public`); a file named `*.each-environment.sql` changes what
 * environments own, and runs once in each environment's schema (db/environments.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './database.js';
import { ENVIRONMENTS, searchPathOf } from './environments.js';
import { LOCKS } from './locks.js';

const MIGRATIONS = new URL('./migrations/', import.meta.url);

/** Taken first by every startup transaction (migrations, the sandbox's seed); released at its end. */
export const STARTUP_LOCK = `select pg_advisory_xact_lock(${LOCKS.startup})`;

/** `until`: the last file to apply (a test of one migration starts from the schema before it). */
export async function migrate(db: Database, { until }: { until?: string } = {}): Promise<string[]> {
  const files = (await readdir(MIGRATIONS))
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
      const sql = await readFile(new URL(file, MIGRATIONS), 'utf8');
      const paths = file.endsWith('.each-environment.sql') ? ENVIRONMENTS.map(searchPathOf) : ['public'];
      for (const path of paths) {
        await tx.query(`select set_config('search_path', $1, true)`, [path]);
        for (const statement of statementsOf(sql)) await tx.query(statement);
      }
      await tx.query('insert into public.schema_migrations (version) values ($1)', [file]);
      ran.push(file);
    }
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
