/**
 * Reads every row of every table as text and says where any of the given secrets appears, in whole or
 * by its random body: a secret shown once must be kept nowhere in plaintext (sealed or hashed only).
 */
import type { Database } from '../db/database.js';

/** The tables (and a row's start) holding any of `secrets`, or their bodies after the prefix. */
export async function whereSecretsRest(db: Database, secrets: string[]): Promise<string[]> {
  const needles = secrets.flatMap((secret) => [secret, secret.replace(/^(whsec_|svcp_(test|live)_)/, '')]);
  const tables = await db.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    const rows = await db.query<{ row: string }>(`select row_to_json(t)::text as row from "${table}" t`);
    for (const { row } of rows)
      if (needles.some((needle) => row.includes(needle) || row.includes(JSON.stringify(needle).slice(1, -1))))
        found.push(`${table}: ${row.slice(0, 120)}`);
  }
  return found;
}
