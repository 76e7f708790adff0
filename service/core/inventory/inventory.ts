/** A developer's inventory on one database: showflat bookings, batches, price lists, media and lead routing. */
import type { Database } from '../../db/database.js';
import { createMediaStore } from '../media/media-store.js';
import { createBatchStore } from './batch-store.js';
import { createLeadStore } from './lead-store.js';
import { createPriceListStore } from './price-list-store.js';
import { createShowflatStore } from './showflat-store.js';

export function createInventory(db: Database, now = () => new Date()) {
  return {
    showflats: createShowflatStore(db, now),
    batches: createBatchStore(db, now),
    priceLists: createPriceListStore(db, now),
    leads: createLeadStore(db, now),
    media: createMediaStore(db, now),
  };
}

export type Inventory = ReturnType<typeof createInventory>;
