/**
 * Loads the deployment's data again when the imports change: each process checks once a minute, so
 * rows a scheduled fetch or an operator's import added serve everywhere without a restart.
 */
import type { Services } from '../core/services/compose.js';
import type { Worker } from './runner.js';

const CHECK_MS = 60_000;

export function dataReloader(data: Services['data']): Worker {
  return {
    name: 'data reloader',
    idleMs: CHECK_MS,
    async run() {
      try {
        if (await data.refresh()) console.log('[data] new data were imported: estimates now use them');
      } catch (error) {
        console.error(
          `[data] the new data could not be loaded; the previous keep serving: ${(error as Error).message}`,
        );
      }
      return 0;
    },
  };
}
