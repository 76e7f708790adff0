/** The console's frame (who is signed in, the sections), its sign-in page and its one-message page. */
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html } from '../../../web/html.js';
import { layout } from '../../../web/layout.js';
import { MESSAGES_PATH } from '../../../../src/api/console-messages.js';
import { csrfField } from './form.js';

const SECTIONS = [
  ['/console/widget-keys', 'Widget keys'],
  ['/console/platform-keys', 'Platform keys'],
  ['/console/webhooks', 'Webhooks'],
  ['/console/connected-apps', 'Connected AI apps'],
  ['/console/audit', 'Audit log'],
  ['/console/go-live', 'Go live'],
] as const;

/** A console page: `within` is a path in the part of the navigation it belongs to, when its title is not that part's name. */
export function consolePage(title: string, session: Session, body: Html, within?: string): Html {
  const user = session.user!;
  const current = (href: string, name: string) =>
    title === name
      ? html` aria-current="page"`
      : within === href || within?.startsWith(`${href}/`)
        ? html` aria-current="true"`
        : '';
  return layout(
    `${title} · API Console (sandbox)`,
    html`<header class="console"><div><h1>${title}</h1><p class="meta">${user.name} · ${user.organizationName} · sandbox</p></div>
<form class="inline" method="post" action="/console/sign-out">${csrfField(session)}<button class="secondary" type="submit">Sign out</button></form></header>
<nav aria-label="Console"><ul>${SECTIONS.map(([href, name], i) => html`${i ? '\n' : ''}<li><a href="${href}"${current(href, name)}>${name}</a></li>`)}</ul></nav>${body}`,
    CONSOLE_FOOTER,
  );
}

const CONSOLE_FOOTER = html`<p>Sandbox API Console: keys made here work only against the sandbox.</p>
<p>Docs: <a href="/docs/api">Platform API reference</a> · <a href="/${MESSAGES_PATH}">Console messages and error codes</a> · <a href="/docs/mcp">MCP endpoint for AI clients</a> · <a href="/">The sandbox</a></p>`;

export function signInPage(
  session: Session,
  users: { id: string; name: string; email: string; role: string; organization_name: string }[],
  next = '',
  /** The AI app waiting for this sign-in, named so the person knows why they are asked. */
  app?: string,
): Html {
  return layout(
    'Sign in · API Console (sandbox)',
    html`<h1>Sign in to the API Console</h1>${app && html`<p><strong>${app}</strong> asks to connect to your account: sign in to see what it asks for, then allow or deny it.</p>`}<p>The sandbox has no real identities: choose a sandbox user of a sandbox organization.</p>
<form method="post" action="/console/sign-in">${csrfField(session)}${next && html`<input type="hidden" name="next" value="${next}">`}<fieldset><legend>Sandbox user</legend>
${users.map(
  (u, i) => html`<p><input type="radio" name="user" id="user-${u.id}" value="${u.id}"${i === 0 && html` checked`}>
<label class="inline" for="user-${u.id}">${u.name} (${u.role}), ${u.organization_name}</label></p>`,
)}</fieldset><button type="submit">Sign in</button></form>`,
  );
}

export const messagePage = (title: string, message: string) =>
  layout(
    `${title} · API Console (sandbox)`,
    html`<h1>${title}</h1><p>${message}</p><p><a href="/console/">Back to the console</a></p>`,
  );
