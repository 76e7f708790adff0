/**
 * The archive of what the official sources answered: each answer gzipped with when it came, before
 * it is imported. URA's API serves the last five years only; the archive keeps every answer, so the
 * rows that leave its window can always be read again (`archived`), whatever happens to the tables.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Database } from '../../../db/database.js';
import { newTimeOrderedId } from '../../../db/ids.js';

export async function archiveAnswer(
  db: Pick<Database, 'query'>,
  answer: { source: string; request: string; text: string; fetchedAt: Date },
): Promise<string> {
  const id = newTimeOrderedId('arc');
  const bytes = Buffer.from(answer.text);
  await db.query(
    `insert into official_archive (id, source, request, fetched_at, sha256, bytes, body) values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      answer.source,
      answer.request,
      answer.fetchedAt,
      createHash('sha256').update(bytes).digest('hex'),
      bytes.length,
      gzipSync(bytes),
    ],
  );
  return id;
}

/** The answers a source gave, oldest first, as they came. */
export async function archived(db: Pick<Database, 'query'>, source: string) {
  const rows = await db.query<{ id: string; request: string; fetched_at: Date; body: Uint8Array }>(
    'select id, request, fetched_at, body from official_archive where source = $1 order by fetched_at, id',
    [source],
  );
  return rows.map((row) => ({
    id: row.id,
    request: row.request,
    fetchedAt: new Date(row.fetched_at).toISOString(),
    text: gunzipSync(row.body).toString('utf8'),
  }));
}

/** How much the archive holds: answers, and bytes as stored (compressed) and as they came. */
export async function archiveSize(db: Pick<Database, 'query'>) {
  const [row] = await db.query<{ answers: number; stored: string | null; original: string | null }>(
    'select count(*)::int as answers, sum(length(body)) as stored, sum(bytes) as original from official_archive',
  );
  return {
    answers: row?.answers ?? 0,
    storedBytes: Number(row?.stored ?? 0),
    originalBytes: Number(row?.original ?? 0),
  };
}
