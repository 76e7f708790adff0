/**
 * A person's own pages: signing in, accounts and invitations before sign-in; and, once signed in, the
 * session's switch and sign-out, their account, their security and the organization's members.
 */
import { Hono } from 'hono';
import type { Services } from '../../../core/services/compose.js';
import type { ConsoleEnv } from '../context.js';
import { accountEntryRoutes } from './account-entry-routes.js';
import { accountRoutes } from './account-routes.js';
import { emailChangeRoutes } from './email-change-routes.js';
import { invitationRoutes } from './invitation-routes.js';
import { memberRoutes } from './member-routes.js';
import { securityRoutes } from './security-routes.js';
import { sessionRoutes } from './session-routes.js';
import { signInRoutes } from './sign-in-routes.js';

/** Before sign-in: the routes, and the sign-in page that asks a person to sign in first. */
export function entryRoutes(services: Services) {
  const { sessions } = services;
  const signIn = signInRoutes(services);
  const app = new Hono<ConsoleEnv>({ strict: false });
  app.route('/', signIn.routes);
  app.route('/', accountEntryRoutes(services.accounts, services.passwordChanges, services.settings.mail?.inboxUrl));
  app.route('/', emailChangeRoutes(services.emailChanges));
  app.route(
    '/',
    invitationRoutes({ invitations: services.invitations, sessions, hasAccount: services.accounts.hasAccount }),
  );
  return { routes: app, signInPage: signIn.signInFirst };
}

/** Once signed in. */
export function signedInRoutes(services: Services) {
  const { sessions, memberships } = services;
  const app = new Hono<ConsoleEnv>({ strict: false });
  app.route('/', sessionRoutes(sessions));
  app.route(
    '/',
    accountRoutes({
      passwordChanges: services.passwordChanges,
      emailChanges: services.emailChanges,
      sessions,
      memberships,
      db: services.db,
    }),
  );
  app.route('/', securityRoutes(services));
  app.route('/', memberRoutes({ memberships, invitations: services.invitations }));
  return app;
}
