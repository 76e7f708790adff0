/**
 * The sandbox as the data a deployment gives the core: its generated homes, the rows a sandbox reset
 * puts back, and its developers' projects. The core never imports the sandbox; it is handed this.
 */
import type { DeploymentData } from '../core/services/settings.js';
import type { RestoreFixtures } from '../core/listings/sandbox-reset.js';
import { loadImportedHomes } from '../core/datasets/official/imported-homes.js';
import type { Database } from '../db/database.js';
import { insertInventoryFixtures, insertMediaFixtures } from './inventory-fixtures.js';
import { insertJourneyFixtures } from './mortgage-fixtures.js';
import { insertServiceOrderFixtures } from './service-order-fixtures.js';
import { insertListingFixtures, insertShowflatFixtures, LISTING_AGENCY, SHOWFLAT_DEVELOPER } from './listings.js';
import { insertProjectFixtures } from './organizations.js';
import { insertDistributionFixtures } from './partner-sites.js';
import { sandboxHomesIn } from './import-sandbox-world.js';
import { NEWS, NEWS_AS_OF } from './news.js';
import { OFFERINGS } from './offerings.js';
import { sandboxWorld } from './sandbox-homes.js';

export { sandboxHomes, sandboxWorld } from './sandbox-homes.js';

/** The fixtures are the sandbox agency's and developer's; any other organization starts with none. */
export const restoreSandboxFixtures: RestoreFixtures = async (tx, organizationId) => {
  await insertProjectFixtures(tx, organizationId);
  if (organizationId === LISTING_AGENCY) {
    await insertListingFixtures(tx);
    await insertDistributionFixtures(tx);
    await insertJourneyFixtures(tx);
    await insertServiceOrderFixtures(tx);
  }
  await insertMediaFixtures(tx, organizationId);
  if (organizationId === SHOWFLAT_DEVELOPER) {
    await insertShowflatFixtures(tx);
    await insertInventoryFixtures(tx);
  }
};

const fixtures: DeploymentData['fixtures'] = { restore: restoreSandboxFixtures };
/** The sandbox's own news and offerings, written for it (synthetic). */
const content: DeploymentData['content'] = { news: { asOf: NEWS_AS_OF, items: NEWS }, offerings: OFFERINGS };

/**
 * The sandbox: its generated world as imported into `db` on start (import-sandbox-world.ts), or, with no
 * database, the same world read in memory.
 */
export async function sandboxData(db?: Database): Promise<DeploymentData> {
  const { homes, hdb, sources } = db ? await sandboxHomesIn(db) : await sandboxWorld();
  return { homes, hdb, sources, fixtures, content };
}

/**
 * The sandbox valuing the homes an operator imported (npm run data:import) instead of its generated
 * world: its organizations, keys and fixtures are the sandbox's still.
 */
export async function sandboxOnImportedHomes(db: Database): Promise<DeploymentData> {
  const imported = await loadImportedHomes(db);
  if (!imported)
    throw new Error(
      'No sale or rent is imported, so there is nothing to value: run npm run data:import -- FILE… first (docs/data.md), or start without SERVICE_HOMES=imported.',
    );
  const { homes, hdb, sources } = imported;
  return { homes, hdb, sources, fixtures, content };
}
