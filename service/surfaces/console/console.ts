/**
 * The API Console (`/console/…` on the service's own origin), written against web-standard Request
 * and Response: sign in as a sandbox user, manage widget keys and their origins, build the snippet,
 * make and revoke platform keys, read the audit log. Every form carries the session's CSRF token;
 * every read and change is scoped to the signed-in person's organization.
 */
import type { BuiltLoader } from '../../web/built-loader.js';
import type { Database } from '../../db/database.js';
import type { KeyRequests } from '../../core/keys/key-requests.js';
import type { OAuthStore } from '../../core/grants/oauth-store.js';
import { DAILY_LIMITS } from '../../core/metering/limits.js';

const DAILY_ESTIMATE_QUOTA = DAILY_LIMITS.widget_estimate;
import {
  auditPage,
  confirmKeyPage,
  connectedAppsPage,
  consentPage,
  type FormState,
  messagePage,
  platformKeysPage,
  signInPage,
  type SnippetOptions,
  snippetPage,
  widgetKeyPage,
  widgetKeysPage,
} from './pages.js';
import { COOKIE, createSessions, readCookie, type Session, sessionCookie, validCsrf } from '../../core/organizations/sessions.js';
import { createPlatformKeyAdmin } from '../../core/keys/platform-key-admin.js';
import { type Actor, createWidgetKeyAdmin } from '../../core/keys/widget-key-admin.js';
import { createMembers } from '../../core/organizations/members.js';
import { readMode } from '../../core/estimates/parameters.js';

export interface ConsoleOptions {
  db: Database;
  /** Where a site owner's pages load the widget from: the snippet's script. */
  widgetScriptUrl: string;
  /** The pinned version and its integrity hash, for the pinned form of the snippet (once built). */
  pinnedLoader?: () => Promise<BuiltLoader | undefined>;
  /** The MCP endpoint's OAuth state: consent and connected apps. */
  oauth?: OAuthStore;
  /** Widget keys an AI app asked to create, waiting for the person here (the owned handoff). */
  confirmations?: KeyRequests;
}

/** Adds a Copy button beside each read-only code box: an enhancement, the boxes work without it. */
const COPY_SCRIPT = `for (const box of document.querySelectorAll('textarea.code[readonly]')) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'secondary';
  button.textContent = 'Copy';
  button.setAttribute('aria-label', 'Copy: ' + document.querySelector('label[for="' + box.id + '"]').textContent);
  button.addEventListener('click', async () => {
    box.select();
    try { await navigator.clipboard.writeText(box.value); button.textContent = 'Copied'; } catch { button.textContent = 'Selected: press Ctrl+C'; }
  });
  box.after(button);
}`;

const QUERY_MAX = 100;

const html = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      // The console frames nothing and is framed by nothing; only the widget's own host may run scripts.
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'same-origin',
      ...headers,
    },
  });
const redirect = (location: string, headers: Record<string, string> = {}) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store', ...headers } });

export function createConsole(options: ConsoleOptions) {
  const sessions = createSessions(options.db);
  const widgetKeyAdmin = createWidgetKeyAdmin(options.db);
  const platformKeyAdmin = createPlatformKeyAdmin(options.db);
  const members = createMembers(options.db);
  const lines = (text: string) => text.split(/\r?\n/);

  async function handle(request: Request): Promise<Response | undefined> {
    const url = new URL(request.url);
    if (url.pathname !== '/console' && !url.pathname.startsWith('/console/')) return undefined;
    const secure = url.protocol === 'https:';
    let session = await sessions.find(readCookie(request.headers.get('cookie'), COOKIE));
    let setCookie: Record<string, string> = {};
    if (!session) {
      const started = await sessions.start(null);
      session = started.session;
      setCookie = { 'Set-Cookie': sessionCookie(started.id, secure) };
    }

    const form = request.method === 'POST' ? await readForm(request) : undefined;
    if (form && !validCsrf(session, form.get('csrf'))) {
      return html(messagePage('This form has expired', 'For your safety the change was not made. Go back, reload the page and try again.'), 403, setCookie);
    }
    const path = url.pathname.replace(/\/$/, '');
    if (path === '/console/copy.js') {
      return new Response(COPY_SCRIPT, { headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' } });
    }

    if (path === '/console/sign-in' || (!session.user && request.method === 'GET')) {
      // Where to go after signing in: only a console page (never another site).
      const nextText = form?.get('next') ?? url.searchParams.get('next') ?? (path === '/console/sign-in' ? '' : `${url.pathname}${url.search}`);
      const next = /^\/console\/[\w/?=&%.-]*$/.test(nextText) && !nextText.startsWith('/console/sign-') ? nextText : '';
      if (request.method === 'POST' && form) {
        const users = await members.users();
        const chosen = users.find((u) => u.id === form.get('user'));
        if (!chosen) return html(signInPage(session, users, next), 400, setCookie);
        const signedIn = await sessions.signIn(session, chosen.id);
        return redirect(next || '/console/widget-keys', { 'Set-Cookie': sessionCookie(signedIn.id, secure) });
      }
      if (session.user) return redirect(next || '/console/widget-keys');
      return html(signInPage(session, await members.users(), next), 200, setCookie);
    }
    if (!session.user) return redirect('/console/sign-in', setCookie);
    const actor: Actor = { userId: session.user.id, organizationId: session.user.organizationId };

    if (path === '/console/sign-out' && form) {
      await sessions.end(session);
      return redirect('/console/sign-in', { 'Set-Cookie': sessionCookie('', secure, 0) });
    }
    if (path === '/console' || path === '') return redirect('/console/widget-keys');
    if (path === '/console/widget-keys') return widgetKeys(session, actor, form);
    if (path === '/console/platform-keys') return platformKeys(session, actor, form);
    if (path === '/console/audit') return html(auditPage(session, await members.audit(actor)));
    if (path === '/console/oauth/consent' && options.oauth) return consent(session, actor, options.oauth, url, form);
    if (path === '/console/connected-apps' && options.oauth) return html(connectedAppsPage(session, await options.oauth.connections(actor.userId)));
    const confirmation = /^\/console\/mcp\/confirm\/([a-f0-9]{32})$/.exec(path);
    if (confirmation && options.confirmations) {
      const id = confirmation[1];
      if (form) {
        const keyId = await options.confirmations.decide(actor, id, form.get('decision') === 'allow');
        return keyId ? redirect(`/console/widget-keys/${keyId}?created=1`) : redirect(`/console/mcp/confirm/${id}`);
      }
      return html(confirmKeyPage(session, id, await options.confirmations.find(actor.userId, id)));
    }
    const disconnect = /^\/console\/connected-apps\/([^/]+)\/revoke$/.exec(path);
    if (disconnect && form && options.oauth) {
      const clientId = decodeURIComponent(disconnect[1]);
      await options.oauth.disconnect(actor.userId, clientId);
      await members.record(actor, 'ai_app.disconnected', clientId);
      return redirect('/console/connected-apps');
    }

    const platformRevoke = /^\/console\/platform-keys\/([a-z0-9_]+)\/revoke$/.exec(path);
    if (platformRevoke && form) {
      await platformKeyAdmin.revokePlatformKey(actor, platformRevoke[1]);
      return redirect('/console/platform-keys');
    }
    const keyRoute = /^\/console\/widget-keys\/([a-z0-9_]+)(?:\/(rotate|revoke|snippet))?$/.exec(path);
    if (keyRoute) return widgetKey(session, actor, keyRoute[1], keyRoute[2], form, url);
    return html(messagePage('Not found', 'There is no such page in the console.'), 404);
  }

  /** The person signs in (above), reads exactly the scopes asked for, and allows or denies. */
  async function consent(session: Session, actor: Actor, oauth: OAuthStore, url: URL, form?: URLSearchParams): Promise<Response> {
    const id = form?.get('request') ?? url.searchParams.get('request') ?? '';
    const expired = () => html(messagePage('This request has expired', 'Start connecting the app again from the app itself.'), 404);
    const pending = await oauth.pendingAuthorization(id);
    if (!pending) return expired();
    if (!form) return html(consentPage(session, pending));
    const allow = form.get('decision') === 'allow';
    const decided = await oauth.decide(id, allow ? actor.userId : undefined);
    if (!decided) return expired();
    await members.record(actor, allow ? 'ai_app.connected' : 'ai_app.denied', pending.clientId, { app: pending.clientName, scopes: pending.scopes });
    return redirect(decided.redirect.href);
  }

  async function widgetKeys(session: Session, actor: Actor, form?: URLSearchParams): Promise<Response> {
    if (!form) return html(widgetKeysPage(session, await widgetKeyAdmin.widgetKeys(actor), undefined, DAILY_ESTIMATE_QUOTA));
    const name = form.get('name') ?? '';
    const originsText = form.get('origins') ?? '';
    const created = await widgetKeyAdmin.createWidgetKey(actor, name, lines(originsText));
    if ('errors' in created) {
      const state: FormState = { values: { name, origins: originsText }, errors: created.errors };
      return html(widgetKeysPage(session, await widgetKeyAdmin.widgetKeys(actor), state, DAILY_ESTIMATE_QUOTA), 422);
    }
    return redirect(`/console/widget-keys/${created.id}?created=1`);
  }

  async function widgetKey(session: Session, actor: Actor, id: string, action: string | undefined, form: URLSearchParams | undefined, url: URL): Promise<Response> {
    const key = await widgetKeyAdmin.widgetKey(actor, id);
    if (!key) return html(messagePage('No such key', 'This widget key does not exist in your organization.'), 404);
    if (action === 'rotate' && form) {
      await widgetKeyAdmin.rotateWidgetKey(actor, id);
      return redirect(`/console/widget-keys/${id}?rotated=1`);
    }
    if (action === 'revoke' && form) {
      await widgetKeyAdmin.revokeWidgetKey(actor, id);
      return redirect(`/console/widget-keys/${id}?revoked=1`);
    }
    if (action === 'snippet') {
      const query = url.searchParams.get('query') ?? '';
      const theme = url.searchParams.get('theme');
      const mode = readMode(url.searchParams.get('mode') ?? undefined);
      const snippet: SnippetOptions = {
        theme: theme === 'dark' || theme === 'auto' ? theme : 'light',
        mode: 'mode' in mode ? mode.mode : 'sale',
        query: query.length > QUERY_MAX ? '' : query,
      };
      const errors: Record<string, string> = {};
      if (query.length > QUERY_MAX) errors.query = `A prefill is at most ${QUERY_MAX} characters, as the search field is (this one has ${query.length}).`;
      if ('problem' in mode) errors.mode = `The ${mode.problem}`;
      const state: FormState = { values: query.length > QUERY_MAX ? { query } : {}, errors };
      const pinned = await options.pinnedLoader?.();
      const loader = { evergreen: options.widgetScriptUrl, pinned: pinned && { src: new URL(`../${pinned.file}`, options.widgetScriptUrl).href, integrity: pinned.integrity, version: pinned.version } };
      return html(snippetPage(session, key, snippet, loader, state), Object.keys(errors).length ? 422 : 200);
    }
    const flash = url.searchParams.has('created')
      ? 'Widget key created. Build its snippet next.'
      : url.searchParams.has('rotated')
        ? 'Key rotated: the old value no longer works anywhere.'
        : url.searchParams.has('revoked')
          ? 'Key revoked: it no longer works anywhere.'
          : url.searchParams.has('saved')
            ? 'Changes saved: they apply to the widget at once.'
            : undefined;
    if (!form) return html(widgetKeyPage(session, key, { values: { name: key.name, origins: key.origins.join('\n') }, errors: {} }, DAILY_ESTIMATE_QUOTA, flash));
    const name = form.get('name') ?? '';
    const originsText = form.get('origins') ?? '';
    const saved = await widgetKeyAdmin.updateWidgetKey(actor, id, name, lines(originsText));
    if (typeof saved === 'object') return html(widgetKeyPage(session, key, { values: { name, origins: originsText }, errors: saved.errors }, DAILY_ESTIMATE_QUOTA), 422);
    return redirect(`/console/widget-keys/${id}?saved=1`);
  }

  async function platformKeys(session: Session, actor: Actor, form?: URLSearchParams): Promise<Response> {
    if (!form) return html(platformKeysPage(session, await platformKeyAdmin.platformKeys(actor)));
    const label = form.get('label') ?? '';
    const scopes = form.getAll('scopes');
    const created = await platformKeyAdmin.createPlatformKey(actor, label, scopes);
    if ('errors' in created) return html(platformKeysPage(session, await platformKeyAdmin.platformKeys(actor), { values: { label, scopes }, errors: created.errors }), 422);
    // Shown once, in this answer only: never stored, logged or shown again.
    return html(platformKeysPage(session, await platformKeyAdmin.platformKeys(actor), undefined, { key: created.key, label: label.trim() }));
  }

  return { handle };
}

/** A form body, at most 64 KB. */
async function readForm(request: Request): Promise<URLSearchParams> {
  const text = await request.text();
  return new URLSearchParams(text.slice(0, 65_536));
}
