/**
 * The API Console (`/console/…` on the service's own origin): sign in, manage widget keys and their
 * origins, build the snippet, make and revoke platform keys, connect AI apps, read the audit log.
 *
 * One pipeline of small middlewares reads each request once (pipeline/): a change from another site
 * is refused, the session is opened and the environment it shows chosen, and a POST's form is read
 * and checked. The request then goes to the routes of that environment (environment-console.ts),
 * built once on its parts: the person's pages (identity/) and the areas (areas/).
 */
import { Hono } from 'hono';
import type { Services } from '../../core/services/compose.js';
import type { Environment } from '../../db/environments.js';
import type { BuiltLoader } from '../../web/built-loader.js';
import type { ConsoleEnv, ShownEnvironment } from './context.js';
import { answerBusy, environmentConsole } from './environment-console.js';
import { refuseCrossSite } from './pipeline/cross-site.js';
import { checkCsrf, readConsoleForm, refuseNul, refuseOtherEnvironmentForm } from './pipeline/form-checks.js';
import { handOn } from './pipeline/hand-on.js';
import { openSession } from './pipeline/open-session.js';
import { previewWidgets } from './pipeline/preview-widgets.js';
import { showEnvironment } from './pipeline/show-environment.js';
import { scriptRoutes } from './script-routes.js';

export interface ConsoleOptions {
  /** Where a site owner's pages load the widget from: the snippet's script. */
  widgetScriptUrl: string;
  /**
   * Live's parts, shown to a person who switched to live (their session says so): the same pages on
   * live's parts. Identity is shared, so signing in, accounts and members read the same.
   */
  live?: ShownEnvironment;
  /** The pinned version and its integrity hash, for the pinned form of the snippet (once built). */
  pinnedLoader?: () => Promise<BuiltLoader | undefined>;
}

export function createConsole(services: Services, options: ConsoleOptions) {
  const shown = new Map<Environment, ShownEnvironment>([
    [services.environment.name, { services, widgetScriptUrl: options.widgetScriptUrl }],
  ]);
  if (options.live) shown.set(options.live.services.environment.name, options.live);
  const areaOptions = { pinnedLoader: options.pinnedLoader, live: options.live?.services };
  const routes = new Map([...shown].map(([name, each]) => [name, environmentConsole(each, areaOptions)]));

  const app = new Hono<ConsoleEnv>({ strict: false }).basePath('/console');
  app.use('*', previewWidgets(new URL(services.links.consolePage('')).origin));
  app.route('/', scriptRoutes());
  app.use('*', refuseCrossSite);
  app.use('*', openSession(services.sessions));
  app.use('*', showEnvironment(services.sessions, shown));
  app.use('*', readConsoleForm);
  app.use('*', refuseOtherEnvironmentForm);
  app.use('*', checkCsrf);
  app.use('*', refuseNul);
  app.all('*', handOn(routes));
  app.onError(answerBusy);
  return app;
}
