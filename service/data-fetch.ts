/**
 * `npm run data:fetch [-- --force]`: fetches the official sources this deployment is configured for
 * and imports what changed through the importer every file goes through (docs/data.md), as the
 * service's own schedule does, and never at the same time as it (one fetch at a time, across every
 * process). HDB's datasets come from data.gov.sg, which needs no key (DATA_GOV_SG_API_KEY raises its
 * limits); URA's with URA_ACCESS_KEY, every answer archived; OneMap places the blocks no address
 * places yet with ONEMAP_EMAIL and ONEMAP_PASSWORD. A source without its credentials is skipped, saying
 * what to set.
 * DATA_GOV_SG_METADATA_URL and DATA_GOV_SG_DOWNLOAD_URL point at another host (a local stand-in).
 */
import { parseArgs } from 'node:util';
import { createOfficialFetch } from './core/datasets/fetch/official-fetch.js';
import { fetchSettingsFromEnv } from './core/datasets/fetch/fetch-settings.js';
import { commandDatabaseName, openCommandDatabase } from './db/command-database.js';

const { values } = parseArgs({ options: { force: { type: 'boolean' }, help: { type: 'boolean' } } });
if (values.help) {
  console.log('Usage: npm run data:fetch [-- --force]   (--force downloads even what did not change)');
  process.exit(0);
}
const settings = fetchSettingsFromEnv({ ...process.env, DATA_FETCH: 'on' })!;
const db = await openCommandDatabase('npm run data:fetch');
console.log(`Fetching into ${commandDatabaseName()}.`);
// The running service notices the new rows within a minute (workers/data-reloader.ts).
const fetch = createOfficialFetch(db, settings, { now: () => new Date(), onImported: async () => {} });
const outcome = await fetch.run({ force: values.force });
let failed = false;
if (outcome.busy) console.log('Another process is fetching now; nothing done.');
else
  for (const run of outcome.runs) {
    const line = {
      imported: `${run.rowsAdded?.toLocaleString('en')} new rows, newest month ${run.newestMonth}`,
      unchanged: 'unchanged since the last fetch',
      busy: 'another process is fetching it now; nothing done',
      failed: `failed: ${run.failure}`,
    }[run.status];
    console.log(`${run.dataset}: ${line}${run.warning ? ` (warning: ${run.warning})` : ''}`);
    failed ||= run.status === 'failed';
  }
if (!settings.ura) console.log('URA: skipped; set URA_ACCESS_KEY to fetch private sales and rents.');
if (!settings.oneMap) console.log('OneMap: skipped; set ONEMAP_EMAIL and ONEMAP_PASSWORD to place new blocks.');
await db.close();
process.exit(failed ? 1 : 0);
