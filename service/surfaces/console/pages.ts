/** The API Console's pages: plain HTML forms in the service's layout; every value is escaped. */
import { escape, layout } from '../../web/layout.js';
import type { Session } from '../../core/organizations/sessions.js';
import { PLATFORM_SCOPES, SCOPE_DESCRIPTIONS } from '../../core/grants/scopes.js';
import type { PlatformKeyView } from '../../core/keys/platform-key-admin.js';
import type { WidgetKeyView } from '../../core/keys/widget-key-admin.js';
import type { AuditEntry } from '../../core/organizations/members.js';

export interface FormState {
  values: Record<string, string | string[]>;
  errors: Record<string, string>;
}
const emptyForm: FormState = { values: {}, errors: {} };

const csrfField = (session: Session) => `<input type="hidden" name="csrf" value="${escape(session.csrfToken)}">`;
const value = (form: FormState, name: string) => escape([form.values[name] ?? ''].flat().join('\n'));
const describedBy = (form: FormState, name: string, hint?: boolean) =>
  [form.errors[name] ? `${name}-error` : '', hint ? `${name}-hint` : ''].filter(Boolean).join(' ');
const fieldError = (form: FormState, name: string) =>
  form.errors[name] ? `<p class="error" id="${name}-error">${escape(form.errors[name])}</p>` : '';
const invalid = (form: FormState, name: string) => (form.errors[name] ? ' aria-invalid="true"' : '');
const date = (iso: string) => iso.slice(0, 16).replace('T', ' ') + ' UTC';

function consolePage(title: string, session: Session, body: string): string {
  const user = session.user!;
  return layout(
    `${title} · API Console (sandbox)`,
    `<header class="console"><div><h1>${escape(title)}</h1><p class="meta">${escape(user.name)} · ${escape(user.organizationName)} · sandbox</p></div>
<form class="inline" method="post" action="/console/sign-out">${csrfField(session)}<button class="secondary" type="submit">Sign out</button></form></header>
<nav aria-label="Console"><ul><li><a href="/console/widget-keys"${title === 'Widget keys' ? ' aria-current="page"' : ''}>Widget keys</a></li>
<li><a href="/console/platform-keys"${title === 'Platform keys' ? ' aria-current="page"' : ''}>Platform keys</a></li>
<li><a href="/console/connected-apps"${title === 'Connected AI apps' ? ' aria-current="page"' : ''}>Connected AI apps</a></li>
<li><a href="/console/audit"${title === 'Audit log' ? ' aria-current="page"' : ''}>Audit log</a></li></ul></nav>${body}`,
    '<p>Sandbox API Console: keys made here work only against the sandbox.</p>',
  );
}

export function signInPage(session: Session, users: { id: string; name: string; email: string; role: string; organization_name: string }[], next = ''): string {
  return layout(
    'Sign in · API Console (sandbox)',
    `<h1>Sign in to the API Console</h1><p>The sandbox has no real identities: choose a sandbox user of a sandbox organization.</p>
<form method="post" action="/console/sign-in">${csrfField(session)}${next ? `<input type="hidden" name="next" value="${escape(next)}">` : ''}<fieldset><legend>Sandbox user</legend>
${users
  .map(
    (u, i) => `<p><input type="radio" name="user" id="user-${escape(u.id)}" value="${escape(u.id)}"${i === 0 ? ' checked' : ''}>
<label class="inline" for="user-${escape(u.id)}">${escape(u.name)} (${escape(u.role)}), ${escape(u.organization_name)}</label></p>`,
  )
  .join('')}</fieldset><button type="submit">Sign in</button></form>`,
  );
}

function originsField(form: FormState, label: string): string {
  return `<div class="field"><label for="origins">${escape(label)}</label>
<p class="hint" id="origins-hint">One per line, exactly as the browser sends it: scheme, host and port, such as https://www.example.com. No paths, wildcards or trailing dots.</p>
${fieldError(form, 'origins')}<textarea id="origins" name="origins" aria-describedby="${describedBy(form, 'origins', true)}"${invalid(form, 'origins')}>${value(form, 'origins')}</textarea></div>`;
}

function textField(form: FormState, name: string, label: string): string {
  return `<div class="field"><label for="${name}">${escape(label)}</label>${fieldError(form, name)}
<input id="${name}" name="${name}" value="${value(form, name)}" aria-describedby="${describedBy(form, name)}"${invalid(form, name)}></div>`;
}

export function widgetKeysPage(session: Session, keys: WidgetKeyView[], form: FormState = emptyForm, limit: number): string {
  const rows = keys
    .map(
      (k) => `<tr><td><a href="/console/widget-keys/${escape(k.id)}">${escape(k.name)}</a></td><td><code>${escape(k.key)}</code></td>
<td>${k.origins.map((o) => `<code>${escape(o)}</code>`).join('<br>') || 'none'}</td><td class="num">${k.revokedAt ? 'revoked' : `${k.estimatesToday.toLocaleString('en')} / ${limit.toLocaleString('en')}`}</td></tr>`,
    )
    .join('');
  return consolePage(
    'Widget keys',
    session,
    `<p>A widget key is publishable: it identifies your website to the valuation widget and works only on the exact origins listed. It never authenticates the Platform API.</p>
<div class="table-wrap"><table><caption>Your widget keys</caption><thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Websites</th><th scope="col" class="num">Estimates today</th></tr></thead>
<tbody>${rows || '<tr><td colspan="4">No widget keys yet.</td></tr>'}</tbody></table></div>
<h2>Create a widget key</h2><form method="post" action="/console/widget-keys" novalidate>${csrfField(session)}${textField(form, 'name', 'Name')}${originsField(form, 'Websites')}
<button type="submit">Create widget key</button></form>`,
  );
}

export function widgetKeyPage(session: Session, key: WidgetKeyView, form: FormState, limit: number, flash?: string): string {
  const revoked = Boolean(key.revokedAt);
  return consolePage(
    'Widget key',
    session,
    `${flash ? `<p class="notice" role="status">${escape(flash)}</p>` : ''}<h2>${escape(key.name)}</h2>
<p>Key: <code>${escape(key.key)}</code>${revoked ? ` · <strong>revoked ${escape(date(key.revokedAt!))}</strong>` : ''}</p>
<p>Estimates today: ${key.estimatesToday.toLocaleString('en')} of ${limit.toLocaleString('en')} (resets at 00:00 UTC).</p>
${
  revoked
    ? ''
    : `<p><a href="/console/widget-keys/${escape(key.id)}/snippet">Build the snippet for this key</a></p>
<form method="post" action="/console/widget-keys/${escape(key.id)}" novalidate>${csrfField(session)}${textField(form, 'name', 'Name')}${originsField(form, 'Websites')}
<button type="submit">Save changes</button></form>
<h2>Rotate or revoke</h2><p>Rotating gives the key a new value for the same websites; the old value stops working at once, so update your pages first.</p>
<form class="inline" method="post" action="/console/widget-keys/${escape(key.id)}/rotate">${csrfField(session)}<button class="secondary" type="submit">Rotate key</button></form>
<form class="inline" method="post" action="/console/widget-keys/${escape(key.id)}/revoke">${csrfField(session)}<button class="danger" type="submit">Revoke key</button></form>`
}
<p><a href="/console/widget-keys">All widget keys</a></p>`,
  );
}

export interface SnippetOptions {
  theme: 'light' | 'dark' | 'auto';
  mode: 'sale' | 'rent';
  query: string;
}

/** Where the snippet loads the widget from: the evergreen major, and a pinned version with its hash once built. */
export interface SnippetLoader {
  evergreen: string;
  pinned?: { src: string; integrity: string; version: string };
}

export function snippetPage(session: Session, key: WidgetKeyView, options: SnippetOptions, loader: SnippetLoader, form: FormState): string {
  const widgetScriptUrl = loader.evergreen;
  const widgetOrigin = new URL(widgetScriptUrl).origin;
  const attributes = [
    `data-embed-key="${key.key}"`,
    options.theme !== 'light' ? `data-theme="${options.theme}"` : '',
    options.mode !== 'sale' ? `data-mode="${options.mode}"` : '',
    options.query ? `data-query="${escape(options.query)}"` : '',
  ].filter(Boolean);
  const container = `<div data-service-valuation ${attributes.join(' ')}></div>`;
  const snippet = `${container}\n<script async src="${widgetScriptUrl}"></script>`;
  const pinned = loader.pinned;
  const pinnedSnippet = pinned && `${container}\n<script async src="${pinned.src}" integrity="${pinned.integrity}" crossorigin="anonymous"></script>`;
  const css = '[data-service-valuation] { display: block; min-height: 340px; }';
  const csp = `script-src 'self' ${widgetOrigin}; connect-src 'self' ${widgetOrigin}; img-src 'self' ${widgetOrigin}; font-src 'self' ${widgetOrigin}`;
  const option = (name: string, v: string, label: string, current: string) =>
    `<p><input type="radio" name="${name}" id="${name}-${v}" value="${v}"${current === v ? ' checked' : ''}><label class="inline" for="${name}-${v}">${label}</label></p>`;
  return consolePage(
    'Snippet builder',
    session,
    `<h2>${escape(key.name)}</h2><p>Works on: ${key.origins.map((o) => `<code>${escape(o)}</code>`).join(', ') || 'no website yet: add one on the key first'}.</p>
<div class="grid"><div><form method="get" action="/console/widget-keys/${escape(key.id)}/snippet">
<fieldset><legend>Theme</legend>${option('theme', 'light', 'Light', options.theme)}${option('theme', 'dark', 'Dark', options.theme)}${option('theme', 'auto', 'Follow the visitor\'s system', options.theme)}</fieldset>
<fieldset><legend>Estimate</legend>${fieldError(form, 'mode')}${option('mode', 'sale', 'Sale price', options.mode)}${option('mode', 'rent', 'Monthly rent', options.mode)}</fieldset>
<div class="field"><label for="query">Prefill (optional)</label><p class="hint" id="query-hint">A search to fill in, such as a listing's postal code.</p>${fieldError(form, 'query')}
<input id="query" name="query" value="${escape(form.values.query ?? options.query)}" aria-describedby="${describedBy(form, 'query', true)}"${invalid(form, 'query')}></div>
<button type="submit">Update the snippet</button></form>
<div class="field"><label for="snippet">Snippet: paste it where the panel should appear</label><textarea id="snippet" class="code" readonly rows="4">${escape(snippet)}</textarea></div>
${pinnedSnippet ? `<div class="field"><label for="pinned">Or pinned to version ${escape(pinned!.version)}, checked by the browser against its hash (you update it yourself for each release)</label><textarea id="pinned" class="code" readonly rows="5">${escape(pinnedSnippet)}</textarea></div>` : ''}
<div class="field"><label for="css">CSS that reserves its space (no layout shift)</label><textarea id="css" class="code" readonly rows="2">${escape(css)}</textarea></div>
<div class="field"><label for="csp">If your page sends a Content-Security-Policy, add the widget host to these four directives</label><textarea id="csp" class="code" readonly rows="4">${escape(csp)}</textarea></div></div>
<section class="preview" aria-labelledby="preview-title"><h2 id="preview-title">Live preview</h2><p class="hint">The real widget with this key. Estimates you try here count towards today's ${escape('2,000')}.</p>
<div data-service-valuation ${attributes.join(' ')}></div><script async src="${escape(widgetScriptUrl)}"></script></section></div>
<script src="/console/copy.js" defer></script>`,
  );
}

export function platformKeysPage(session: Session, keys: PlatformKeyView[], form: FormState = emptyForm, created?: { key: string; label: string }): string {
  const checked = new Set([form.values.scopes ?? []].flat());
  const rows = keys
    .map(
      (k) => `<tr><td>${escape(k.label)}</td><td><code>${escape(k.prefix)}…${escape(k.last4)}</code></td><td>${k.scopes.map((s) => `<code>${escape(s)}</code>`).join(' ')}</td>
<td>${escape(date(k.createdAt))}</td><td>${k.revokedAt ? `revoked ${escape(date(k.revokedAt))}` : `<form class="inline" method="post" action="/console/platform-keys/${escape(k.id)}/revoke">${csrfField(session)}<button class="danger" type="submit" aria-label="Revoke ${escape(k.label)}">Revoke</button></form>`}</td></tr>`,
    )
    .join('');
  return consolePage(
    'Platform keys',
    session,
    `${
      created
        ? `<div class="notice" role="status"><p><strong>Copy your new key now: it is shown only this once.</strong> The console keeps only its hash.</p>
<label for="new-key">${escape(created.label)}</label><textarea id="new-key" class="code" readonly rows="1">${escape(created.key)}</textarea></div>
<script src="/console/copy.js" defer></script>`
        : ''
    }<p>Platform keys are secrets for server-side code: never put one in a web page or a repository. Sandbox keys (<code>svcp_test_</code>) work only against the sandbox; live keys are issued after integration review, not here.</p>
<div class="table-wrap"><table><caption>Your platform keys</caption><thead><tr><th scope="col">Label</th><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Status</th></tr></thead>
<tbody>${rows || '<tr><td colspan="5">No platform keys yet.</td></tr>'}</tbody></table></div>
<h2>Create a sandbox platform key</h2><form method="post" action="/console/platform-keys" novalidate>${csrfField(session)}${textField(form, 'label', 'Label')}
<fieldset aria-describedby="${form.errors.scopes ? 'scopes-error' : ''}"><legend>Scopes</legend>${fieldError(form, 'scopes')}${PLATFORM_SCOPES.map(
      (scope) => `<p><input type="checkbox" name="scopes" id="scope-${scope}" value="${scope}"${checked.has(scope) ? ' checked' : ''}><label class="inline" for="scope-${scope}"><code>${scope}</code></label></p>`,
    ).join('')}</fieldset>
<button type="submit">Create platform key</button></form>`,
  );
}

export function auditPage(session: Session, entries: AuditEntry[]): string {
  const rows = entries
    .map(
      (e) => `<tr><td>${escape(date(e.at))}</td><td>${escape(e.userName ?? 'unknown')}</td><td><code>${escape(e.action)}</code></td><td><code>${escape(e.target)}</code></td>
<td>${escape(Object.entries(e.detail).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`).join('; '))}</td></tr>`,
    )
    .join('');
  return consolePage(
    'Audit log',
    session,
    `<div class="table-wrap"><table><caption>Every change to your keys and origins, newest first</caption><thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">Key</th><th scope="col">Details</th></tr></thead>
<tbody>${rows || '<tr><td colspan="5">Nothing has changed yet.</td></tr>'}</tbody></table></div>`,
  );
}

export const messagePage = (title: string, message: string) =>
  layout(`${title} · API Console (sandbox)`, `<h1>${escape(title)}</h1><p>${escape(message)}</p><p><a href="/console/">Back to the console</a></p>`);

export function consentPage(session: Session, request: { id: string; clientName: string; scopes: string[]; redirectUri: string }): string {
  const scopeText: Record<string, string> = SCOPE_DESCRIPTIONS;
  const user = session.user!;
  return layout(
    'Connect an AI app · API Console (sandbox)',
    `<h1>Connect ${escape(request.clientName)}?</h1>
<p>${escape(request.clientName)} asks to act for <strong>${escape(user.name)}</strong> at <strong>${escape(user.organizationName)}</strong> through the service's MCP endpoint. It may:</p>
<ul>${request.scopes.map((s) => `<li><code>${escape(s)}</code>: ${escape(scopeText[s] ?? s)}</li>`).join('')}</ul>
<p class="hint">Nothing else. After you answer, you return to <code>${escape(new URL(request.redirectUri).origin)}</code>. You can disconnect it at any time under Connected AI apps.</p>
<form class="inline" method="post" action="/console/oauth/consent">${csrfField(session)}<input type="hidden" name="request" value="${escape(request.id)}">
<button type="submit" name="decision" value="allow">Allow</button> <button class="secondary" type="submit" name="decision" value="deny">Deny</button></form>`,
  );
}

export function connectedAppsPage(
  session: Session,
  apps: { client_id: string; client_name: string; scopes: string[]; last_used_at: Date | null; connected_at: Date }[],
): string {
  const rows = apps
    .map(
      (a) => `<tr><td>${escape(a.client_name)}</td><td>${a.scopes.map((s) => `<code>${escape(s)}</code>`).join(' ')}</td>
<td>${escape(date(new Date(a.connected_at).toISOString()))}</td><td>${a.last_used_at ? escape(date(new Date(a.last_used_at).toISOString())) : 'not yet'}</td>
<td><form class="inline" method="post" action="/console/connected-apps/${encodeURIComponent(a.client_id)}/revoke">${csrfField(session)}<button class="danger" type="submit" aria-label="Disconnect ${escape(a.client_name)}">Disconnect</button></form></td></tr>`,
    )
    .join('');
  return consolePage(
    'Connected AI apps',
    session,
    `<p>AI apps you allowed to use the service's MCP endpoint for you. Disconnecting one stops its tokens at once.</p>
<div class="table-wrap"><table><caption>Your connected AI apps</caption><thead><tr><th scope="col">App</th><th scope="col">Scopes</th><th scope="col">Connected</th><th scope="col">Last used</th><th scope="col">Access</th></tr></thead>
<tbody>${rows || '<tr><td colspan="5">No AI app is connected.</td></tr>'}</tbody></table></div>`,
  );
}

export function confirmKeyPage(session: Session, id: string, pending: { name: string; origins: string[]; status: string } | undefined): string {
  if (!pending) return messagePage('Nothing to confirm', 'This confirmation does not exist, or is not yours.');
  const body =
    pending.status === 'pending'
      ? `<p>An AI app you connected asks to create this widget key for ${escape(session.user!.organizationName)}:</p>
<dl class="facts"><div><dt>Name</dt><dd>${escape(pending.name)}</dd></div><div><dt>Websites</dt><dd>${pending.origins.map((o) => `<code>${escape(o)}</code>`).join('<br>')}</dd></div></dl>
<form class="inline" method="post" action="/console/mcp/confirm/${escape(id)}">${csrfField(session)}<button type="submit" name="decision" value="allow">Create the key</button>
<button class="secondary" type="submit" name="decision" value="deny">Do not create it</button></form>`
      : `<p>${pending.status === 'created' ? 'This widget key was created.' : 'You declined this widget key.'}</p>`;
  return consolePage('Confirm a widget key', session, body);
}
