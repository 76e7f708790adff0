/**
 * The API Console (`/console/…` on the service's own origin) as one route table: sign in as a sandbox
 * user, manage widget keys and their origins, build the snippet, make and revoke platform keys, connect
 * AI apps, read the audit log. Every form carries the session's CSRF token; every read and change is
 * scoped to the signed-in person's organization.
 */
import { Hono } from 'hono';
import { problemInIdempotencyKey } from '../../core/idempotency/idempotency-store.js';
import { anonymousSession, validCsrf } from '../../core/organizations/sessions.js';
import type { Services } from '../../core/services/compose.js';
import { newSecret } from '../../db/secrets.js';
import type { BuiltLoader } from '../../web/built-loader.js';
import { idempotency } from '../../web/idempotency.js';
import { pagePolicyWith } from '../../web/layout.js';
import { withNulShown } from '../../web/typed-text.js';
import { aiAppRoutes } from './ai-app-routes.js';
import { type ConsoleEnv, page, readForm, redirect } from './context.js';
import { COOKIE, CSRF_COOKIE, readCookie, sessionCookie } from './cookies.js';
import { crossSiteWrite } from './cross-site.js';
import { COPY_SCRIPT } from './copy-script.js';
import { SNIPPET_SCRIPT } from './snippet-script.js';
import { PASSKEYS_SCRIPT } from './passkeys-script.js';
import { auditPage } from './pages/audit.js';
import { busyPage } from './busy-pages.js';
import { messagePage } from './pages/frame.js';
import { safeNext, signInRoutes } from './sign-in-routes.js';
import { accountEntryRoutes } from './account-entry-routes.js';
import { emailChangeRoutes } from './email-change-routes.js';
import { accountRoutes } from './account-routes.js';
import { invitationRoutes } from './invitation-routes.js';
import { memberRoutes } from './member-routes.js';
import { securityRoutes } from './security-routes.js';
import { reviewRoutes } from './review-routes.js';
import { dataRoutes } from './data-routes.js';
import { platformKeyRoutes } from './platform-key-routes.js';
import { goLiveRoutes } from './go-live-routes.js';
import { webhookRoutes } from './webhook-routes.js';
import { inventoryRoutes } from './inventory-routes.js';
import { leadRoutes } from './lead-routes.js';
import { agentRoutes } from './agent-routes.js';
import { projectRoutes } from './project-routes.js';
import { siteProfileRoutes } from './site-profile-routes.js';
import { distributionRoutes } from './distribution-routes.js';
import { changeAt } from './changes.js';
import { aRole, roleMay } from '../../core/grants/roles.js';
import { widgetKeyRoutes } from './widget-key-routes.js';

export interface ConsoleOptions {
  /** Where a site owner's pages load the widget from: the snippet's script. */
  widgetScriptUrl: string;
  /**
   * Live's console, served here to a person who switched to live (their session says so): the same
   * pages on live's parts. Identity is shared, so signing in, accounts and members read the same.
   */
  live?: { services: Services; widgetScriptUrl: string };
  /** The pinned version and its integrity hash, for the pinned form of the snippet (once built). */
  pinnedLoader?: () => Promise<BuiltLoader | undefined>;
}

export function createConsole(services: Services, options: ConsoleOptions) {
  const { sessions, members, memberships } = services;
  const app = new Hono<ConsoleEnv>({ strict: false }).basePath('/console');
  const live =
    options.live &&
    createConsole(options.live.services, {
      ...options,
      widgetScriptUrl: options.live.widgetScriptUrl,
      live: undefined,
    });

  // Live's pages preview live's widget, which its own widget host serves.
  const widgetOrigin = new URL(options.widgetScriptUrl).origin;
  if (widgetOrigin !== new URL(services.links.consolePage('')).origin)
    app.use('*', async (c, next) => {
      await next();
      if (c.res.headers.has('Content-Security-Policy'))
        c.res.headers.set('Content-Security-Policy', pagePolicyWith(widgetOrigin));
    });

  app.use('*', async (c, next) => {
    const secure = new URL(c.req.url).protocol === 'https:';
    // A change sent from another site is refused whatever it carries (defence in depth beside the token).
    const refused = crossSiteWrite(c.req.raw);
    if (refused) return page(messagePage('This form came from another site', `${refused} Nothing was changed.`), 403);
    const cookies = c.req.header('cookie') ?? null;
    let session = await sessions.find(readCookie(cookies, COOKIE));
    const servesLive = services.settings.environment === 'live';
    // A deployment without live shows the sandbox whatever a session last showed, and offers no switch.
    if (session?.user && !servesLive && !live)
      session = { ...session, environment: 'sandbox', user: { ...session.user, mayUseLive: false } };
    // Live's console answers only a session that shows live now (read again: it may have switched, or moved
    // to an organization that never passed review, since the sandbox's console handed it on).
    if (servesLive && !(session?.environment === 'live' && session.user?.mayUseLive))
      return page(
        messagePage(
          'The console no longer shows live',
          'Nothing was changed: this session shows the sandbox now. Open the console again to continue there.',
        ),
        409,
      );
    // A link that names its environment (an AI app's consent, a confirmation) shows the console there.
    const named = c.req.method === 'GET' ? c.req.query('environment') : undefined;
    if (session?.user && live && (named === 'live' || named === 'sandbox') && named !== session.environment) {
      if (!(await sessions.show(session, named)))
        return page(
          messagePage(
            'This page is in live',
            `${session.user.organizationName} has no live environment yet: an organization reaches live after its integration review is approved (Go live). Nothing was changed.`,
          ),
          403,
        );
      session = { ...session, environment: named };
    }
    if (session?.environment === 'live' && live) return live.fetch(c.req.raw, c.env);
    let setCookie: Record<string, string> = {};
    if (!session) {
      // Not signed in: nothing is stored; the forms' token is carried in a cookie of its own.
      const token = readCookie(cookies, CSRF_COOKIE);
      session = anonymousSession(token && /^[\w-]{43}$/.test(token) ? token : newSecret());
      if (session.csrfToken !== token)
        setCookie = { 'Set-Cookie': sessionCookie(session.csrfToken, secure, 3600 * 12, CSRF_COOKIE) };
    }
    const form = c.req.method === 'POST' ? await readForm(c.req.raw) : undefined;
    if (c.req.method === 'POST' && !form)
      return page(
        messagePage('This form is too large', 'Nothing was changed. Shorten what you typed and send it again.'),
        413,
        setCookie,
      );
    // A form sent from a page of the other environment (the session switched in another tab) changes nothing.
    const formEnvironment = form?.get('environment');
    if (session.user && formEnvironment && formEnvironment !== session.environment)
      return page(
        messagePage(
          `This form was for the ${formEnvironment}`,
          `Nothing was changed: the console shows the ${session.environment} now (it was switched in another tab or by a link). Reload the page to work in the ${session.environment}, or switch back.`,
        ),
        409,
        setCookie,
      );
    if (form && !validCsrf(session, form.get('csrf'))) {
      return page(
        messagePage(
          'This form has expired',
          'For your safety the change was not made. Go back, reload the page and try again.',
        ),
        403,
        setCookie,
      );
    }
    // A NUL in what was typed is shown as U+FFFD and refused by the field's own check, the form kept
    // (web/typed-text.ts); one in a field's name or the address came from no person, and is refused here.
    const fields = [...new URL(c.req.url).searchParams, ...[...(form ?? [])].map(([name]) => [name, ''])];
    const withNul = fields.find(([name, value]) => `${name}${value}`.includes('\u0000'));
    if (withNul)
      return page(
        messagePage(
          'This form holds a character it cannot take',
          `Nothing was changed: the field “${withNul[0].replaceAll('\u0000', '')}” contains a NUL character (U+0000). Remove it, perhaps by typing the text again instead of pasting it, and send the form again.`,
        ),
        400,
        setCookie,
      );
    c.set('session', session);
    c.set('form', form && new URLSearchParams([...form].map(([name, value]) => [name, withNulShown(value)])));
    c.set('setCookie', setCookie);
    c.set('secure', secure);
    await next();
  });

  // The console's enhancements: its pages work without them (a passkey needs its script).
  for (const [path, script] of [
    ['/copy.js', COPY_SCRIPT],
    ['/snippet.js', SNIPPET_SCRIPT],
    ['/passkeys.js', PASSKEYS_SCRIPT],
  ])
    app.get(
      path,
      () =>
        new Response(script, {
          headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
        }),
    );

  const signIn = signInRoutes(services);
  app.route('/', signIn.routes);
  app.route('/', accountEntryRoutes(services.accounts, services.passwordChanges, services.settings.mail?.inboxUrl));
  app.route('/', emailChangeRoutes(services.emailChanges));
  app.route(
    '/',
    invitationRoutes({ invitations: services.invitations, sessions, hasAccount: services.accounts.hasAccount }),
  );

  // Past here, a person is signed in: a page asks them to sign in first and brings them back.
  app.use('*', async (c, next) => {
    const { session, setCookie } = c.var;
    if (!session.user) {
      if (c.req.method !== 'GET') return redirect('/console/sign-in', setCookie);
      const url = new URL(c.req.url);
      return page(
        await signIn.view(c, { next: safeNext(`${url.pathname}${url.search}`), app: await signIn.appWaiting(url) }),
        200,
        setCookie,
      );
    }
    c.set('actor', { userId: session.user.id, organizationId: session.user.organizationId });
    await next();
  });

  // Every change is one the person's role allows in their organization (changes.ts), read now, not at sign-in.
  app.post('*', async (c, next) => {
    const change = changeAt(c.req.path);
    if (!change) return page(messagePage('Not found', 'There is no such form in the console.'), 404);
    const role = await memberships.roleIn(c.var.actor.userId, c.var.actor.organizationId);
    c.set('role', role);
    if (typeof change.needs === 'string' && !roleMay(role, change.needs))
      return page(
        messagePage(
          'Not yours to change',
          `As ${aRole(role)} at ${c.var.session.user!.organizationName} you cannot ${change.what}. Nothing was changed: ask an owner of ${c.var.session.user!.organizationName}.`,
        ),
        403,
      );
    await next();
  });

  // A form that carries an `idempotency` field is one change however often it is sent.
  app.post(
    '*',
    idempotency<ConsoleEnv>({
      store: services.idempotency,
      keyOf: (c) => c.var.form?.get('idempotency') ?? undefined,
      bodyOf: async (c) => c.var.form?.toString() ?? '',
      scopeOf: (c) => `console:${c.var.actor.userId}`,
      problemInKey: problemInIdempotencyKey,
      refuse: (_c, code, detail) =>
        code === 'idempotency_key_in_use'
          ? page(
              messagePage(
                'Still saving',
                'This form was sent twice; the first is still being saved. Reload the page in a moment.',
              ),
              409,
            )
          : page(messagePage('This form cannot be sent again', detail), code === 'invalid_request' ? 400 : 422),
    }),
  );

  // The one visible switch between the environments; live once the organization's review is approved.
  app.post('/environment', async (c) => {
    const to = c.var.form?.get('to') === 'live' ? 'live' : 'sandbox';
    if (!(await sessions.show(c.var.session, to)))
      return page(
        messagePage(
          'Live is not open to this organization yet',
          `${c.var.session.user!.organizationName} reaches live after its integration review is approved: see Go live. Nothing was changed.`,
        ),
        403,
      );
    return redirect(safeNext(c.var.form?.get('next') ?? '') || '/console/widget-keys');
  });

  app.post('/sign-out', async (c) => {
    await sessions.end(c.var.session);
    return redirect('/console/sign-in?notice=signed-out', { 'Set-Cookie': sessionCookie('', c.var.secure, 0) });
  });
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
  app.route('/', reviewRoutes({ readiness: services.readiness, memberships }));
  // The staff watch live's data where live runs, the sandbox's where it runs alone.
  app.route('/', dataRoutes(options.live ? [options.live.services] : [services]));
  app.get('/', () => redirect('/console/widget-keys'));
  app.get('/audit', async (c) => {
    const action = c.req.query('action') || undefined;
    const before = Number(c.req.query('before'));
    const query = { action, before: Number.isSafeInteger(before) && before > 0 ? before : undefined };
    const found = await members.audit(c.var.actor, query);
    return page(auditPage(c.var.session, { ...found, action, paged: query.before !== undefined }));
  });

  app.route(
    '/',
    widgetKeyRoutes({
      keys: services.widgetKeyAdmin,
      widgetScriptUrl: options.widgetScriptUrl,
      pinnedLoader: options.pinnedLoader,
    }),
  );
  app.route('/', platformKeyRoutes(services.platformKeyAdmin));
  app.route('/', webhookRoutes(services.webhooks, services.environment));
  app.route('/', inventoryRoutes(services.inventory, services.directory.projects));
  app.route('/', leadRoutes(services.inventory.leads, services.directory.projects));
  app.route('/', distributionRoutes(services.listings));
  app.route('/', agentRoutes(services.directory, services.memberships));
  app.route('/', projectRoutes(services.directory.projects));
  app.route('/', siteProfileRoutes(services.directory.partnerSites));
  const liveLinks = services.settings.environment === 'live' ? services.links : options.live?.services.links;
  app.route(
    '/',
    goLiveRoutes(
      services.readiness,
      services.links.apiReference,
      liveLinks && {
        apiBase: liveLinks.apiBase,
        mcpEndpoint: liveLinks.mcpEndpoint,
        widgetScriptUrl: `${liveLinks.widgetHost}v1/widget.js`,
      },
    ),
  );
  app.route('/', aiAppRoutes(services));

  app.notFound(() => page(messagePage('Not found', 'There is no such page in the console.'), 404));
  app.onError((error) => {
    const busy = busyPage(error);
    if (busy) return busy;
    throw error;
  });
  return app;
}
