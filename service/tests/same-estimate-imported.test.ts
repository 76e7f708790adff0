/** The same estimate on every surface, on official files imported (same-estimate-checks.ts, imported-world.ts). */
import { after } from 'node:test';
import type { Database } from '../db/database.js';
import { importedWorld } from './imported-world.js';
import { sameEstimateEverywhere } from './same-estimate-checks.js';

let database: Database | undefined;
sameEstimateEverywhere('imported', async () => {
  database = await importedWorld();
  return { origins: {}, database, homes: 'imported' };
});
after(async () => {
  await database?.close();
});
