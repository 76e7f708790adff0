/**
 * Places HDB's blocks with OneMap: the blocks HDB's rows name that no address places yet (matched by
 * block and the street key HDB's abbreviations and OneMap's full names share), each asked once (found or
 * not, `onemap_lookups` keeps the answer, so no block is asked twice), at most `limit` a run. What OneMap
 * found is imported as one file of OneMap's results, through the importer. A run that fails imports and
 * records nothing: its blocks are asked again next time.
 */
import type { Database } from '../../../db/database.js';
import { importOfficialText, type ImportOrigin } from '../official/import-file.js';
import { streetKey } from '../official/street-names.js';
import { startRun } from './fetch-run-record.js';
import type { OneMapResult, OneMapSearch } from './onemap-search.js';
import { failureOf, SourceFault } from './source-fault.js';
import type { SourceRun } from './official-fetch-types.js';

/** A run's lookups at most: 2 a second, about 25 minutes (a country's ~12,000 blocks take a few runs, once). */
export const LOOKUPS_PER_RUN = 3_000;

const placeable = (r: OneMapResult) => /^\d{6}$/.test(r.POSTAL ?? '') && r.LATITUDE && r.LONGITUDE && r.X && r.Y;

export async function placeBlocks(
  db: Database,
  onemap: OneMapSearch,
  options: { origin?: ImportOrigin; now?: () => Date; takeOverAfterMs?: number; limit?: number } = {},
): Promise<SourceRun[]> {
  const origin = options.origin ?? 'official';
  const now = options.now ?? (() => new Date());
  const dataset = 'onemap_addresses';
  const run = await startRun(db, { source: 'OneMap', dataset, origin, now, takeOverAfterMs: options.takeOverAfterMs });
  if (!run) return [{ dataset, status: 'busy' }];
  try {
    const blocks = await db.query<{ block: string; street: string }>(
      `select distinct block, street from home_transactions where property_type = 'hdb' and block is not null order by street, block`,
    );
    const known = new Set(
      [
        ...(await db.query<{ block: string; street: string }>(
          'select block, street from addresses where block is not null',
        )),
        ...(await db.query<{ block: string; street: string }>(
          'select block, street_key as street from onemap_lookups',
        )),
      ].map((row) => `${row.block}|${streetKey(row.street)}`),
    );
    const todo = blocks
      .filter((row) => !known.has(`${row.block}|${streetKey(row.street)}`))
      .slice(0, options.limit ?? LOOKUPS_PER_RUN);
    if (!todo.length) {
      await run.finish('unchanged', {});
      return [{ dataset, status: 'unchanged' }];
    }
    const found: OneMapResult[] = [];
    const asked: { block: string; key: string; postal: string | null }[] = [];
    for (const { block, street } of todo) {
      const results = (await onemap.search(`${block} ${street}`)).filter(placeable);
      const key = streetKey(street);
      const match =
        results.find((r) => r.BLK_NO === block && streetKey(r.ROAD_NAME ?? '') === key) ??
        results.find((r) => r.BLK_NO === block);
      if (match) found.push(match);
      asked.push({ block, key, postal: match?.POSTAL ?? null });
    }
    let rowsAdded = 0;
    if (found.length) {
      const text = JSON.stringify({ found: found.length, totalNumPages: 1, pageNum: 1, results: found });
      const outcome = await importOfficialText(db, `onemap_addresses-${now().toISOString().slice(0, 10)}.json`, text, {
        origin,
        now,
      });
      if ('refused' in outcome)
        throw new SourceFault(outcome.refused.replace(/\.$/, ''), 'the blocks are asked again next run');
      rowsAdded = outcome.imported.rowsAdded;
    }
    for (const each of asked)
      await db.query(
        `insert into onemap_lookups (block, street_key, looked_up_at, postal) values ($1, $2, $3, $4) on conflict do nothing`,
        [each.block, each.key, now(), each.postal],
      );
    const unplaced = asked.length - found.length;
    await run.finish('imported', {
      rowsRead: asked.length,
      rowsAdded,
      warning: unplaced ? `${unplaced} of ${asked.length} blocks not found by OneMap: not asked again` : undefined,
    });
    return [{ dataset, status: 'imported', rowsAdded, warning: unplaced ? `${unplaced} blocks not found` : undefined }];
  } catch (error) {
    const failure = failureOf(error);
    await run.finish('failed', { failure });
    return [{ dataset, status: 'failed', failure }];
  }
}
