/**
 * Live's data: the official files an operator imported (npm run data:import) or a fetch brought
 * (npm run data:fetch, or the service's schedule), never the sandbox's generated world, and no
 * fixtures. A development deployment without official files values the sample files npm run
 * start:live imports, as what they are: generated, credited to no one. With neither, live values
 * nothing and says why. Loaded again whenever the imports change (workers/data-reloader.ts).
 */
import type { DeploymentData } from './settings.js';
import { homesOf } from '../estimates/homes.js';
import type { Database } from '../../db/database.js';
import { importsFingerprint } from '../datasets/imports-fingerprint.js';
import { loadImportedHomes } from '../datasets/official/imported-homes.js';

const NO_FIXTURES: DeploymentData['fixtures'] = { restore: async () => {} };
const LIVE_ORIGINS = ['official', 'sample'] as const;

export async function liveData(db: Pick<Database, 'query'>): Promise<DeploymentData> {
  const fingerprint = () => importsFingerprint(db, LIVE_ORIGINS);
  const reload = { seen: await fingerprint(), fingerprint, load: () => liveData(db) };
  const imported = (await loadImportedHomes(db, 'official')) ?? (await loadImportedHomes(db, 'sample'));
  if (imported) return { ...imported, fixtures: NO_FIXTURES, reload };
  return {
    homes: homesOf('1970-01-01', [], []),
    fixtures: NO_FIXTURES,
    notReady:
      'live has no official data to value: import the official files (npm run data:import -- FILE…, docs/data.md) or fetch them (npm run data:fetch)',
    reload,
  };
}
