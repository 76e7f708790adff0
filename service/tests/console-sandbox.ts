/**
 * The API Console on the widget host's server (service-for-tests.ts), for a test file: started before
 * its tests and stopped after them. `options` adds what a file needs (a pinned loader).
 */
import type { ConsoleOptions } from '../surfaces/console/console.js';
import { serviceForTests } from './service-for-tests.js';

export function consoleSandbox(options: { pinnedLoader?: ConsoleOptions['pinnedLoader'] } = {}) {
  const sandbox = serviceForTests({ origins: { widgetHost: 0 }, widgetHost: { pinnedLoader: options.pinnedLoader } });
  /** The widget host's origin, once started. */
  const base = () => sandbox.urls().widgetHost.replace(/\/$/, '');
  return { base, db: sandbox.db, services: sandbox.services };
}
