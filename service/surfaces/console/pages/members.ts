/** An organization's members: each with their role (an owner changes it, or removes them), the invitations waiting, and the invite form. */
import type { Invitation } from '../../../core/accounts/invitations.js';
import { aRole, ROLES } from '../../../core/grants/roles.js';
import type { Member } from '../../../core/organizations/memberships.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { cardTable } from '../../../web/card-table.js';
import { type Html, html } from '../../../web/html.js';
import { csrfField, date, emptyForm, fieldError, type FormState, onceField, textField } from './form.js';
import { consolePage } from './frame.js';

export const ROLE_WORDS = {
  owner: 'Owner: everything, including members, widget keys on websites and live access',
  engineer:
    'Engineer: builds the integration (reads everything, runs the webhooks, makes platform keys within the role)',
  agent: 'Agent: reads the organization’s description',
} as const;

export interface MembersView {
  members: Member[];
  invitations: Invitation[];
  /** Whether the person viewing may change members (an owner). */
  mayChange: boolean;
  notice?: string;
  form?: FormState;
}

export function membersPage(session: Session, view: MembersView): Html {
  const { members, invitations, mayChange, notice, form = emptyForm } = view;
  const me = session.user!.id;
  const roleForm = (m: Member) =>
    html`<form class="inline" method="post" action="/console/members/${m.userId}/role">${csrfField(session)}${onceField()}<label class="visually-hidden" for="role-${m.userId}">Role of ${m.name}</label>
<select id="role-${m.userId}" name="role">${ROLES.map((r) => html`<option value="${r}"${r === m.role && html` selected`}>${r}</option>`)}</select> <button class="secondary" type="submit">Change role</button></form>`;
  const rows = members.map((m) => [
    html`${m.name}${m.userId === me && ' (you)'}${m.kind === 'demo' && html` <span class="hint">a sandbox person</span>`}`,
    m.email,
    mayChange ? roleForm(m) : m.role,
    ...(mayChange
      ? [html`<a href="/console/members/${m.userId}/remove" aria-label="Remove ${m.name}…">Remove…</a>`]
      : []),
  ]);
  const memberColumns = [
    { name: 'Name' },
    { name: 'E-mail address' },
    { name: 'Role' },
    ...(mayChange ? [{ name: 'Remove' }] : []),
  ];
  const waiting = invitations.map((i) => [
    i.email,
    i.role,
    html`${i.invitedBy}, ${date(i.createdAt)}`,
    date(i.expiresAt),
    mayChange
      ? html`<form class="inline" method="post" action="/console/members/invitations/${i.id}/revoke">${csrfField(session)}<button class="secondary" type="submit" aria-label="Withdraw the invitation to ${i.email}">Withdraw</button></form>`
      : '',
  ]);
  const role = String(form.values.role ?? 'engineer');
  const invite = mayChange
    ? html`<h2>Invite someone</h2><form method="post" action="/console/members/invite" novalidate>${csrfField(session)}
${textField(form, 'email', 'Their e-mail address', { type: 'email', autocomplete: 'off', hint: 'They get a link that works once, for 7 days.' })}
<fieldset aria-describedby="${form.errors.role ? 'role-error' : ''}"><legend>Their role</legend>${fieldError(form, 'role')}${ROLES.map(
        (r) =>
          html`<p><input type="radio" name="role" id="invite-${r}" value="${r}"${r === role && html` checked`}><label class="inline" for="invite-${r}">${ROLE_WORDS[r]}</label></p>`,
      )}</fieldset><button type="submit">Send the invitation</button></form>`
    : session.user!.organizationPeople === 'demo'
      ? html`<p>Every visitor shares the sandbox’s organizations, so their members do not change here. <a href="/console/sign-up">Make an account</a> to invite people to your own.</p>`
      : html`<p>Only an owner of ${session.user!.organizationName} invites, changes or removes members.</p>`;
  return consolePage(
    'Members',
    session,
    html`${notice && html`<p class="notice" role="status">${notice}</p>`}
${cardTable(`The members of ${session.user!.organizationName}`, memberColumns, rows, 'No members.')}
${cardTable('Invitations waiting', [{ name: 'To' }, { name: 'Role' }, { name: 'Sent by' }, { name: 'Expires' }, { name: 'Withdraw' }], waiting, 'No invitations are waiting.')}
${invite}`,
  );
}

export function removeMemberPage(session: Session, member: Member): Html {
  return consolePage(
    `Remove ${member.name}?`,
    session,
    html`<p>${member.name} (${member.email}) stops being ${aRole(member.role)} of ${session.user!.organizationName} at once: their console sessions here end, and every AI app they connected for it is disconnected. Keys they made stay.</p>
<form method="post" action="/console/members/${member.userId}/remove">${csrfField(session)}${onceField()}<button class="danger" type="submit">Remove ${member.name}</button> <a href="/console/members">Keep them</a></form>`,
    '/console/members',
  );
}
