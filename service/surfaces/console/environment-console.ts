/**
 * What the console serves in one environment, built once on that environment's parts and handed each
 * request the pipeline has read (console.ts): a person's entry pages; then, signed in, each change
 * checked against their role and made once however often it is sent, their own pages and the areas.
 */
import { Hono } from 'hono';
import { busyPage } from './busy-pages.js';
import { type ConsoleEnv, page, redirect, type ShownEnvironment } from './context.js';
import { type AreaOptions, areaRoutes } from './areas/areas.js';
import { entryRoutes, signedInRoutes } from './identity/identity-routes.js';
import { messagePage } from './pages/frame.js';
import { takeHandedOn } from './pipeline/hand-on.js';
import { idempotentForms } from './pipeline/idempotent-forms.js';
import { roleCheck } from './pipeline/role-check.js';
import { signInRequired } from './pipeline/sign-in-required.js';

export function environmentConsole(shown: ShownEnvironment, options: AreaOptions) {
  const { services } = shown;
  const app = new Hono<ConsoleEnv>({ strict: false }).basePath('/console');
  app.use('*', takeHandedOn);
  const entry = entryRoutes(services);
  app.route('/', entry.routes);
  app.use('*', signInRequired(entry.signInPage));
  app.post('*', roleCheck(services.memberships));
  app.post('*', idempotentForms(services.idempotency));
  app.route('/', signedInRoutes(services));
  app.get('/', () => redirect('/console/widget-keys'));
  app.route('/', areaRoutes(shown, options));
  app.notFound(() => page(messagePage('Not found', 'There is no such page in the console.'), 404));
  app.onError(answerBusy);
  return app;
}

/** A busy database is a page asking to try again; anything else is the server's fault. */
export function answerBusy(error: Error) {
  const busy = busyPage(error);
  if (busy) return busy;
  throw error;
}
