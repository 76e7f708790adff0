/** The console's frame (who is signed in, the sections) and its one-message page. */
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html } from '../../../web/html.js';
import { layout } from '../../../web/layout.js';
import { ENVIRONMENT_WORDS } from './environment-words.js';
import { csrfField } from './form.js';
import { roleMay } from '../../../core/grants/roles.js';
import type { Scope } from '../../../core/grants/scopes.js';

const SECTIONS = [
  ['/console/widget-keys', 'Widget keys'],
  ['/console/platform-keys', 'Platform keys'],
  ['/console/webhooks', 'Webhooks'],
  ['/console/agents', 'Agents'],
  ['/console/projects', 'Projects'],
  ['/console/site-profile', 'Site profile'],
  ['/console/inventory', 'Inventory'],
  ['/console/leads', 'Leads'],
  ['/console/distribution', 'Distribution'],
  ['/console/connected-apps', 'Connected AI apps'],
  ['/console/audit', 'Audit log'],
  ['/console/go-live', 'Go live'],
  ['/console/members', 'Members'],
  ['/console/account', 'Your account'],
] as const;

/** Sections only one kind of organization has, each for a role that may read it: an agency's agents and listings on partner sites, a developer's projects, inventory and leads, a partner site's profile. */
type OrganizationKind = NonNullable<Session['user']>['organizationKind'];
const KIND_OF_SECTION: Partial<Record<(typeof SECTIONS)[number][0], [OrganizationKind, Scope]>> = {
  '/console/agents': ['agency', 'organizations.read'],
  '/console/projects': ['developer', 'developers.read'],
  '/console/site-profile': ['partner_site', 'organizations.read'],
  '/console/inventory': ['developer', 'inventory.read'],
  '/console/leads': ['developer', 'leads.read'],
  '/console/distribution': ['agency', 'listings.read'],
};
const sectionsOf = (user: NonNullable<Session['user']>) =>
  SECTIONS.filter(([href]) => {
    const only = KIND_OF_SECTION[href];
    return !only || (only[0] === user.organizationKind && roleMay(user.role, only[1]));
  });

/** The service's staff also see the reviews waiting for them, and how current the data are. */
const STAFF_SECTIONS = [
  ['/console/reviews', 'Integration reviews'],
  ['/console/data', 'Data'],
] as const;

/** A console page: `within` is a path in the part of the navigation it belongs to, when its title is not that part's name. */
export function consolePage(title: string, session: Session, body: Html, within?: string): Html {
  const user = session.user!;
  const section =
    SECTIONS.find(([href, name]) => title === name || within === href || within?.startsWith(`${href}/`))?.[0] ??
    '/console/widget-keys';
  const current = (href: string, name: string) =>
    title === name
      ? html` aria-current="page"`
      : within === href || within?.startsWith(`${href}/`)
        ? html` aria-current="true"`
        : '';
  return layout(
    `${title} · API Console (${session.environment})`,
    html`${environmentBar(session, section)}<header class="console"><div><h1>${title}</h1><p class="meta">${user.name}${user.kind === 'demo' && ' (a sandbox person)'} · ${user.organizationName} · ${session.environment}</p></div>
<form class="inline" method="post" action="/console/sign-out">${csrfField(session)}<button class="secondary" type="submit">Sign out</button></form></header>
<nav aria-label="Console"><ul>${[...sectionsOf(user), ...(user.staff ? STAFF_SECTIONS : [])].map(([href, name], i) => html`${i ? '\n' : ''}<li><a href="${href}"${current(href, name)}>${name}</a></li>`)}</ul></nav>${body}`,
    ENVIRONMENT_WORDS[session.environment].footer,
  );
}

/**
 * Which environment the page shows, marked on every page as dashboards with a test mode do, and the
 * one switch between them (for an organization whose review was approved).
 */
function environmentBar(session: Session, section: string): Html {
  const { bar, switchTo } = ENVIRONMENT_WORDS[session.environment];
  const toggle = session.user?.mayUseLive
    ? html`<form class="inline" method="post" action="/console/environment">${csrfField(session)}<input type="hidden" name="to" value="${switchTo.environment}"><input type="hidden" name="next" value="${section}"><button class="secondary" type="submit">${switchTo.words}</button></form>`
    : '';
  return html`<div class="environment ${session.environment}" role="region" aria-label="Environment"><p>${bar}</p>${toggle}</div>`;
}

export const messagePage = (title: string, message: string) =>
  layout(
    `${title} · API Console (sandbox)`,
    html`<h1>${title}</h1><p>${message}</p><p><a href="/console/">Back to the console</a></p>`,
  );
