/** An agency's listing area on one database: listings, viewings, their media, the sandbox reset and analytics. */
import type { Database } from '../../db/database.js';
import type { PropertyRecord } from '../estimates/homes.js';
import { createMediaStore } from '../media/media-store.js';
import { agentAnalytics } from './analytics.js';
import { createDistributionStore, type PartnerSite } from './distribution-store.js';
import { createListingStore } from './listing-store.js';
import { type RestoreFixtures, resetSandboxData } from './sandbox-reset.js';
import { createViewingStore } from './viewing-store.js';

export const createListingArea = (
  db: Database,
  properties: Map<string, PropertyRecord>,
  restore: RestoreFixtures,
  /** Where listings may be distributed: the deployment's partner sites (the sandbox's made-up ones; none in live yet). */
  partnerSites: readonly PartnerSite[] = [],
) => ({
  partnerSites,
  listings: createListingStore(db, properties),
  viewings: createViewingStore(db),
  media: createMediaStore(db),
  distributions: createDistributionStore(db, properties),
  reset: (organizationId: string) => resetSandboxData(db, restore, organizationId),
  analytics: (organizationId: string, agentId: string) => agentAnalytics(db, organizationId, agentId),
});
