/** Announces a dataset gone stale (`dataset.stale`) once each time it does: checked hourly in every process. */
import type { Services } from '../core/services/compose.js';
import { announceStale } from '../core/datasets/dataset-events.js';
import type { Worker } from './runner.js';

export const staleDataAnnouncer = (services: Pick<Services, 'db' | 'freshness'>): Worker => ({
  name: 'stale data announcer',
  idleMs: 3_600_000,
  run: async () => {
    await announceStale(services.db, await services.freshness.list());
    return 0;
  },
});
