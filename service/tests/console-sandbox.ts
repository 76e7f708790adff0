/**
 * The API Console on the widget host's server (service-for-tests.ts), for a test file: started before
 * its tests and stopped after them. `options` adds what a file needs (a pinned loader).
 */
import type { ConsoleOptions } from '../surfaces/console/console.js';
import { serviceForTests } from './service-for-tests.js';

export function consoleSandbox(port: number, options: { pinnedLoader?: ConsoleOptions['pinnedLoader'] } = {}) {
  const sandbox = serviceForTests({
    origins: { widgetHost: port },
    widgetHost: { pinnedLoader: options.pinnedLoader },
  });
  return { base: `http://127.0.0.1:${port}`, db: sandbox.db, services: sandbox.services };
}
