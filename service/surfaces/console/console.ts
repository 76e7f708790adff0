/**
 * The API Console (`/console/…` on the service's own origin), written against web-standard Request
 * and Response: sign in as a sandbox user, manage widget keys and their origins, build the snippet,
 * make and revoke platform keys, read the audit log. Every form carries the session's CSRF token;
 * every read and change is scoped to the signed-in person's organization.
 */
import type { BuiltLoader } from '../../web/built-loader.js';
import type { Database } from '../../db/database.js';
import type { CreateWidgetKeyTool } from '../mcp/create-widget-key.js';
import { MCP_SCOPES, type OAuthStore } from '../../core/grants/oauth-store.js';
import { DAILY_ESTIMATE_QUOTA } from '../widget-host/host.js';
import { parseOrigin } from '../../core/keys/origins.js';
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
import { type Actor, createConsoleStore, type Scope, SCOPES } from '../../core/keys/key-admin.js';

export interface ConsoleOptions {
  db: Database;
  /** Where a site owner's pages load the widget from: the snippet's script. */
  widgetScriptUrl: string;
  /** The pinned version and its integrity hash, for the pinned form of the snippet (once built). */
  pinnedLoader?: () => Promise<BuiltLoader | undefined>;
  /** The MCP endpoint's OAuth state: consent and connected apps. */
  oauth?: OAuthStore;
  /** Widget keys an AI app asked to create, waiting for the person here (the owned handoff). */
  confirmations?: CreateWidgetKeyTool;
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

const NAME_MAX = 100;
const ORIGINS_MAX = 20;
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

/** The name a person typed, or why it cannot be used. */
function checkName(text: string, what: string): string | undefined {
  if (!text.trim()) return `Give the ${what} a name you will recognise.`;
  if (text.trim().length > NAME_MAX) return `Keep the ${what}'s name to ${NAME_MAX} characters (this one has ${text.trim().length}).`;
  return undefined;
}

/** Origins from a textarea, one per line: the normalised list, or a message naming each bad line. */
function checkOrigins(text: string, required: boolean): { origins: string[]; error?: string } {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (required && lines.length === 0) return { origins: [], error: 'List at least one website origin, such as https://www.example.com.' };
  if (lines.length > ORIGINS_MAX) return { origins: [], error: `A key lists at most ${ORIGINS_MAX} origins.` };
  const problems: string[] = [];
  const origins: string[] = [];
  lines.forEach((line, i) => {
    const result = parseOrigin(line);
    if ('error' in result) problems.push(`Line ${i + 1} (${line.slice(0, 60)}): ${result.error}`);
    else if (!origins.includes(result.origin)) origins.push(result.origin);
  });
  return problems.length ? { origins, error: problems.join(' ') } : { origins };
}

export function createConsole(options: ConsoleOptions) {
  const sessions = createSessions(options.db);
  const store = createConsoleStore(options.db);

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
        const users = await store.users();
        const chosen = users.find((u) => u.id === form.get('user'));
        if (!chosen) return html(signInPage(session, users, next), 400, setCookie);
        const signedIn = await sessions.signIn(session, chosen.id);
        return redirect(next || '/console/widget-keys', { 'Set-Cookie': sessionCookie(signedIn.id, secure) });
      }
      if (session.user) return redirect(next || '/console/widget-keys');
      return html(signInPage(session, await store.users(), next), 200, setCookie);
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
    if (path === '/console/audit') return html(auditPage(session, await store.audit(actor)));
    if (path === '/console/oauth/consent' && options.oauth) return consent(session, actor, options.oauth, url, form);
    if (path === '/console/connected-apps' && options.oauth) return html(connectedAppsPage(session, await options.oauth.connections(actor.userId)));
    const confirmation = /^\/console\/mcp\/confirm\/([a-f0-9]{32})$/.exec(path);
    if (confirmation && options.confirmations) {
      const id = confirmation[1];
      if (form) {
        const keyId = await options.confirmations.decide(actor, id, form.get('decision') === 'allow');
        return keyId ? redirect(`/console/widget-keys/${keyId}?created=1`) : redirect(`/console/mcp/confirm/${id}`);
      }
      return html(confirmKeyPage(session, id, await options.confirmations.pending(actor.userId, id)));
    }
    const disconnect = /^\/console\/connected-apps\/([^/]+)\/revoke$/.exec(path);
    if (disconnect && form && options.oauth) {
      const clientId = decodeURIComponent(disconnect[1]);
      await options.oauth.disconnect(actor.userId, clientId);
      await store.record(actor, 'ai_app.disconnected', clientId);
      return redirect('/console/connected-apps');
    }

    const platformRevoke = /^\/console\/platform-keys\/([a-z0-9_]+)\/revoke$/.exec(path);
    if (platformRevoke && form) {
      await store.revokePlatformKey(actor, platformRevoke[1]);
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
    if (!form) return html(consentPage(session, pending, MCP_SCOPES));
    const allow = form.get('decision') === 'allow';
    const decided = await oauth.decide(id, allow ? actor.userId : undefined);
    if (!decided) return expired();
    await store.record(actor, allow ? 'ai_app.connected' : 'ai_app.denied', pending.clientId, { app: pending.clientName, scopes: pending.scopes });
    return redirect(decided.redirect.href);
  }

  async function widgetKeys(session: Session, actor: Actor, form?: URLSearchParams): Promise<Response> {
    if (!form) return html(widgetKeysPage(session, await store.widgetKeys(actor), undefined, DAILY_ESTIMATE_QUOTA));
    const name = form.get('name') ?? '';
    const originsText = form.get('origins') ?? '';
    const origins = checkOrigins(originsText, true);
    const errors = Object.fromEntries(
      Object.entries({ name: checkName(name, 'key'), origins: origins.error }).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    if (Object.keys(errors).length) {
      const state: FormState = { values: { name, origins: originsText }, errors };
      return html(widgetKeysPage(session, await store.widgetKeys(actor), state, DAILY_ESTIMATE_QUOTA), 422);
    }
    const id = await store.createWidgetKey(actor, name.trim(), origins.origins);
    return redirect(`/console/widget-keys/${id}?created=1`);
  }

  async function widgetKey(session: Session, actor: Actor, id: string, action: string | undefined, form: URLSearchParams | undefined, url: URL): Promise<Response> {
    const key = await store.widgetKey(actor, id);
    if (!key) return html(messagePage('No such key', 'This widget key does not exist in your organization.'), 404);
    if (action === 'rotate' && form) {
      await store.rotateWidgetKey(actor, id);
      return redirect(`/console/widget-keys/${id}?rotated=1`);
    }
    if (action === 'revoke' && form) {
      await store.revokeWidgetKey(actor, id);
      return redirect(`/console/widget-keys/${id}?revoked=1`);
    }
    if (action === 'snippet') {
      const query = url.searchParams.get('query') ?? '';
      const theme = url.searchParams.get('theme');
      const mode = url.searchParams.get('mode');
      const snippet: SnippetOptions = {
        theme: theme === 'dark' || theme === 'auto' ? theme : 'light',
        mode: mode === 'rent' ? 'rent' : 'sale',
        query: query.length > QUERY_MAX ? '' : query,
      };
      const state: FormState =
        query.length > QUERY_MAX
          ? { values: { query }, errors: { query: `A prefill is at most ${QUERY_MAX} characters, as the search field is (this one has ${query.length}).` } }
          : { values: {}, errors: {} };
      const pinned = await options.pinnedLoader?.();
      const loader = { evergreen: options.widgetScriptUrl, pinned: pinned && { src: new URL(`../${pinned.file}`, options.widgetScriptUrl).href, integrity: pinned.integrity, version: pinned.version } };
      return html(snippetPage(session, key, snippet, loader, state), query.length > QUERY_MAX ? 422 : 200);
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
    const origins = checkOrigins(originsText, false);
    const errors = Object.fromEntries(
      Object.entries({ name: checkName(name, 'key'), origins: origins.error }).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    if (Object.keys(errors).length) return html(widgetKeyPage(session, key, { values: { name, origins: originsText }, errors }, DAILY_ESTIMATE_QUOTA), 422);
    await store.updateWidgetKey(actor, id, name.trim(), origins.origins);
    return redirect(`/console/widget-keys/${id}?saved=1`);
  }

  async function platformKeys(session: Session, actor: Actor, form?: URLSearchParams): Promise<Response> {
    if (!form) return html(platformKeysPage(session, await store.platformKeys(actor)));
    const label = form.get('label') ?? '';
    const scopes = form.getAll('scopes');
    const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
    const errors = Object.fromEntries(
      Object.entries({
        label: checkName(label, 'key'),
        scopes: scopes.length === 0 ? 'Choose at least one scope; valuations.read is the one the valuation routes need.' : unknown.length ? `Unknown scope: ${unknown.join(', ').slice(0, 100)}.` : undefined,
      }).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    if (Object.keys(errors).length) return html(platformKeysPage(session, await store.platformKeys(actor), { values: { label, scopes }, errors }), 422);
    const created = await store.createPlatformKey(actor, label.trim(), [...new Set(scopes)] as Scope[]);
    // Shown once, in this answer only: never stored, logged or shown again.
    return html(platformKeysPage(session, await store.platformKeys(actor), undefined, { key: created.key, label: label.trim() }));
  }

  return { handle };
}

/** A form body, at most 64 KB. */
async function readForm(request: Request): Promise<URLSearchParams> {
  const text = await request.text();
  return new URLSearchParams(text.slice(0, 65_536));
}
