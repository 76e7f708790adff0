/**
 * Live's data: the official files an operator imported (npm run data:import), never the sandbox's
 * generated world, and no fixtures. A development deployment without official files values the sample
 * files npm run start:live imports, as what they are: generated, credited to no one. With neither, live
 * values nothing and says why.
 */
import type { DeploymentData } from './settings.js';
import { homesOf } from '../estimates/homes.js';
import type { Database } from '../../db/database.js';
import { loadImportedHomes } from '../valuations/imported-homes.js';

const NO_FIXTURES: DeploymentData['fixtures'] = { restore: async () => {} };

export async function liveData(db: Pick<Database, 'query'>): Promise<DeploymentData> {
  const imported = (await loadImportedHomes(db, 'official')) ?? (await loadImportedHomes(db, 'sample'));
  if (imported) return { ...imported, fixtures: NO_FIXTURES };
  return {
    homes: homesOf('1970-01-01', [], []),
    fixtures: NO_FIXTURES,
    notReady:
      'live has no official data to value: import the official files (npm run data:import -- FILE…, docs/data.md), then start again',
  };
}
