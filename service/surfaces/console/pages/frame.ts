/** The console's frame (who is signed in, the sections) and its one-message page. */
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
  ['/console/members', 'Members'],
  ['/console/account', 'Your account'],
] as const;

/** The service's staff also see the reviews waiting for them. */
const STAFF_SECTIONS = [['/console/reviews', 'Integration reviews']] as const;

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
    html`<header class="console"><div><h1>${title}</h1><p class="meta">${user.name}${user.kind === 'sandbox' && ' (a sandbox person)'} · ${user.organizationName} · sandbox</p></div>
<form class="inline" method="post" action="/console/sign-out">${csrfField(session)}<button class="secondary" type="submit">Sign out</button></form></header>
<nav aria-label="Console"><ul>${[...SECTIONS, ...(user.staff ? STAFF_SECTIONS : [])].map(([href, name], i) => html`${i ? '\n' : ''}<li><a href="${href}"${current(href, name)}>${name}</a></li>`)}</ul></nav>${body}`,
    CONSOLE_FOOTER,
  );
}

const CONSOLE_FOOTER = html`<p>Sandbox API Console: keys made here work only against the sandbox.</p>
<p>Docs: <a href="/docs/api">Platform API reference</a> · <a href="/${MESSAGES_PATH}">Console messages and error codes</a> · <a href="/docs/mcp">MCP endpoint for AI clients</a> · <a href="/">The sandbox</a></p>`;

export const messagePage = (title: string, message: string) =>
  layout(
    `${title} · API Console (sandbox)`,
    html`<h1>${title}</h1><p>${message}</p><p><a href="/console/">Back to the console</a></p>`,
  );
