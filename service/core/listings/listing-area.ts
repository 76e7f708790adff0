/** An agency's listing area on one database: listings, viewings, their media, the sandbox reset and analytics. */
import type { Database } from '../../db/database.js';
import type { PropertyRecord } from '../estimates/homes.js';
import { createMediaStore } from '../media/media-store.js';
import { agentAnalytics } from './analytics.js';
import type { Directory } from '../directory/directory.js';
import { createDistributionStore } from './distribution-store.js';
import { createListingStore } from './listing-store.js';
import { type RestoreFixtures, resetSandboxData } from './sandbox-reset.js';
import { createViewingStore } from './viewing-store.js';

export const createListingArea = (
  db: Database,
  properties: Pick<Map<string, PropertyRecord>, 'get' | 'has'>,
  restore: RestoreFixtures,
  /** Who lists (the agency's agents) and where listings may be distributed (the environment's partner sites). */
  directory: Pick<Directory, 'agents' | 'partnerSites'>,
) => ({
  partnerSites: directory.partnerSites,
  agents: directory.agents,
  listings: createListingStore(db, properties),
  viewings: createViewingStore(db),
  media: createMediaStore(db),
  distributions: createDistributionStore(db, properties),
  reset: (organizationId: string) => resetSandboxData(db, restore, organizationId),
  analytics: (organizationId: string, agentId: string) => agentAnalytics(db, organizationId, agentId),
});
