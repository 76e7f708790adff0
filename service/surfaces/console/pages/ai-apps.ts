/** AI apps at the MCP endpoint: the consent page, the connected apps, and a widget key an app asked for. */
import { scopesBeyondRole } from '../../../core/grants/roles.js';
import type { Membership } from '../../../core/organizations/memberships.js';
import type { PendingAction } from '../../../core/organizations/pending-actions.js';
import { cardTable } from '../../../web/card-table.js';
import { SCOPE_DESCRIPTIONS } from '../../../core/grants/scopes.js';
import type { AiWrites } from '../../../core/writes/write-kinds.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html, joined } from '../../../web/html.js';
import { layout } from '../../../web/layout.js';
import { codes, csrfField, date } from './form.js';
import { consolePage, messagePage } from './frame.js';

const scopeText: Record<string, string> = SCOPE_DESCRIPTIONS;
/** The app, by the name it registered (shown as text), or plainly when it gave none. */
const appNamed = (name: string | undefined) => (name ? html`<strong>${name}</strong>` : 'An app');
const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : url);

export function consentPage(
  session: Session,
  request: { id: string; clientName: string; scopes: string[]; redirectUri: string },
  workspace: Membership,
  workspaces: Membership[],
  alreadyGiven: string[] = [],
): Html {
  const user = session.user!;
  const { role, organizationName } = workspace;
  const beyond = scopesBeyondRole(role, request.scopes);
  const givable = request.scopes.filter((s) => !beyond.includes(s));
  const others = workspaces.filter((w) => w.organizationId !== workspace.organizationId);
  const switchTo = (w: Membership) =>
    `/console/oauth/consent?request=${encodeURIComponent(request.id)}&workspace=${encodeURIComponent(w.organizationId)}`;
  const who = role === 'owner' ? 'no role can' : 'only an owner can';
  return layout(
    'Connect an AI app · API Console (sandbox)',
    html`<h1>Connect ${request.clientName}?</h1>
<p>${request.clientName} asks to act for <strong>${user.name}</strong> (${role}) in the workspace of <strong>${organizationName}</strong> through the service's MCP endpoint, and only there. It may:</p>
<ul>${request.scopes.map((s) => html`<li><code>${s}</code>: ${scopeText[s] ?? s}${beyond.includes(s) ? html` <strong>(not yours to give: left out)</strong>` : alreadyGiven.includes(s) ? html` <span class="hint">(already given)</span>` : alreadyGiven.length ? html` <strong>(new)</strong>` : ''}</li>`)}</ul>
${
  others.length
    ? html`<p>Connect it for another workspace instead: ${joined(
        others.map((w) => html`<a href="${switchTo(w)}">${w.organizationName}</a> (${w.role})`),
        ', ',
      )}.</p>`
    : ''
}
${
  beyond.length
    ? html`<p role="alert">As ${role} at ${organizationName} you cannot give an app ${joined(codes(beyond), ', ')}: ${who}. ${
        givable.length
          ? html`Allow gives it only ${joined(codes(givable), ', ')}; ask an owner to connect it for the rest.`
          : html`Ask an owner to connect it, or connect the app asking for less.`
      }</p>`
    : html`<p class="hint">Nothing else. After you answer, you return to <code>${new URL(request.redirectUri).origin}</code>. You can disconnect it at any time under Connected AI apps.</p>`
}
<form class="inline" method="post" action="/console/oauth/consent">${csrfField(session)}<input type="hidden" name="request" value="${request.id}"><input type="hidden" name="workspace" value="${workspace.organizationId}">
${givable.length ? html`<button type="submit" name="decision" value="allow">${beyond.length ? 'Allow what I can give' : 'Allow'}</button> ` : ''}<button class="secondary" type="submit" name="decision" value="deny">Deny</button></form>`,
  );
}

export function connectedAppsPage(
  session: Session,
  apps: {
    client_id: string;
    client_name: string;
    scopes: string[];
    last_used_at: Date | null;
    connected_at: Date;
    redirect_uri?: string | null;
  }[],
): Html {
  const rows = apps.map((a) => [
    // Two apps may share a name: the client id and where it returns tell them apart.
    html`${a.client_name}<br><span class="hint">${a.redirect_uri ? `returns to ${hostOf(a.redirect_uri)} · ` : ''}client <code>${a.client_id}</code></span>`,
    joined(codes(a.scopes), ' '),
    date(new Date(a.connected_at).toISOString()),
    a.last_used_at ? date(new Date(a.last_used_at).toISOString()) : 'not yet',
    html`<a href="/console/connected-apps/${encodeURIComponent(a.client_id)}/revoke" aria-label="Disconnect ${a.client_name} (${a.client_id})…">Disconnect…</a>`,
  ]);
  return consolePage(
    'Connected AI apps',
    session,
    html`<p>AI apps you allowed to use the service's MCP endpoint for you. Disconnecting one stops its tokens at once.</p>
${cardTable(
  'Your connected AI apps',
  [{ name: 'App' }, { name: 'Scopes' }, { name: 'Connected' }, { name: 'Last used' }, { name: 'Access' }],
  rows,
  'No AI app is connected.',
)}`,
  );
}

/** A write an AI app asked for: the preview and the person's choice, or how it ended. */
export function actionPage(
  session: Session,
  action: PendingAction | undefined,
  shown: Awaited<ReturnType<AiWrites['describe']>> | undefined,
  /** The organization the write acts in. */
  organizationName: string,
): Html {
  if (!action || !shown) return messagePage('Nothing to confirm', 'This request does not exist, or is not yours.');
  const facts = html`<dl class="facts"><div><dt>Organization</dt><dd>${organizationName}</dd></div>${shown.facts.map(
    ([label, value]) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`,
  )}</dl>`;
  const done = String(action.result?.id ?? '');
  const outcome: Record<Exclude<PendingAction['status'], 'pending'>, Html> = {
    confirmed: html`<p role="status">Done: <code>${done}</code>. The app learns it on its next call.</p>`,
    declined: html`<p role="status">You declined: nothing was done.</p>`,
    failed: html`<p role="alert">Not done: ${String(action.result?.reason)}</p>`,
    expired: html`<p role="status">This request expired before it was confirmed: nothing was done. The app can ask again.</p>`,
  };
  const until = new Date(action.expiresAt).toLocaleTimeString('en-SG', {
    timeZone: 'Asia/Singapore',
    timeStyle: 'short',
  });
  const body =
    action.status === 'pending'
      ? html`<p>${appNamed(action.appName)}, an AI app you connected, asks ${shown.asks}. Nothing is done until you confirm, before ${until} (Singapore).</p>${facts}
<form class="inline" method="post" action="/console/mcp/actions/${action.id}">${csrfField(session)}<button type="submit" name="decision" value="allow">${shown.confirm}</button>
<button class="secondary" type="submit" name="decision" value="deny">${shown.decline}</button></form>`
      : html`${facts}${outcome[action.status]}`;
  return consolePage(shown.title, session, body);
}
