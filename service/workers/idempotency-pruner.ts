/** Forgets idempotency keys past their 24 hours, once a minute. */
import type { IdempotencyStore } from '../core/idempotency/idempotency-store.js';
import type { Worker } from './runner.js';

export const idempotencyPruner = (store: IdempotencyStore): Worker => ({
  name: 'idempotency-pruner',
  idleMs: 60_000,
  // Always reports idle: one delete per minute is all the work there is.
  run: async () => {
    await store.prune();
    return 0;
  },
});
