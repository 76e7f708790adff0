/** A person's own account: their password, and their sessions (each can be ended; the others all at once). */
import type { Membership } from '../../../core/organizations/memberships.js';
import type { AccountEvent } from '../../../core/accounts/account-events.js';
import type { Session, SessionSummary } from '../../../core/organizations/sessions.js';
import { cardTable } from '../../../web/card-table.js';
import { deviceName } from '../../../web/device-name.js';
import { type Html, html } from '../../../web/html.js';
import { csrfField, date, emptyForm, type FormState, textField } from './form.js';
import { consolePage } from './frame.js';
import { PASSWORD_HINT } from './sign-up.js';

export const ACCOUNT_NOTICES = {
  'password-changed': 'Your password was changed, and your other sessions were signed out.',
  'session-ended': 'The session was signed out.',
  'others-ended': 'Every other session was signed out.',
  'email-asked':
    'We sent a link to each address: your address changes once you open both, within 24 hours. Until then, sign in with your current one.',
  'own-organization':
    'You no longer belonged to any organization, so this one was made for you, with you as its owner. To join another, open its invitation link while signed in.',
} as const;

export interface AccountView {
  events: AccountEvent[];
  sessions: SessionSummary[];
  workspaces: Membership[];
  notice?: keyof typeof ACCOUNT_NOTICES;
  form?: FormState;
}

export function accountPage(session: Session, view: AccountView): Html {
  const user = session.user!;
  const { workspaces, notice, form = emptyForm, events } = view;
  // The sandbox's people are shared by every visitor: each sees only their own session.
  const sessions =
    user.kind === 'account' ? view.sessions : view.sessions.filter((s) => s.publicId === session.publicId);
  const log = cardTable(
    'Your recent account events, newest first',
    [{ name: 'When' }, { name: 'What' }, { name: 'From' }, { name: 'Details' }],
    events.map((e) => [
      date(e.at),
      html`<code>${e.action}</code>`,
      String(e.detail.clientAddress ?? ''),
      Object.entries(e.detail)
        .filter(([k]) => k !== 'clientAddress')
        .map(([k, v]) => `${k}: ${v}`)
        .join('; '),
    ]),
    'No account events yet.',
  );
  const organizations = cardTable(
    'Your organizations',
    [{ name: 'Organization' }, { name: 'Your role' }, { name: 'Work here' }],
    workspaces.map((w) => [
      w.organizationName,
      w.role,
      w.organizationId === user.organizationId
        ? html`<strong>You are working here</strong>`
        : html`<form class="inline" method="post" action="/console/account/workspace">${csrfField(session)}<input type="hidden" name="organization" value="${w.organizationId}"><button class="secondary" type="submit" aria-label="Work in ${w.organizationName}">Switch</button></form>`,
    ]),
    'You belong to no organization.',
  );
  const rows = sessions.map((s) => {
    const current = s.publicId === session.publicId;
    return [
      html`${deviceName(s.userAgent)}${current && html` <strong>(this one)</strong>`}`,
      s.clientAddress ?? 'unknown',
      date(s.createdAt),
      date(s.lastUsedAt),
      current
        ? html`<form class="inline" method="post" action="/console/sign-out">${csrfField(session)}<button class="secondary" type="submit">Sign out</button></form>`
        : html`<form class="inline" method="post" action="/console/account/sessions/${s.publicId}/end">${csrfField(session)}<button class="secondary" type="submit" aria-label="Sign out ${deviceName(s.userAgent)} from ${s.clientAddress ?? 'an unknown address'}">Sign out</button></form>`,
    ];
  });
  const password =
    user.kind === 'account'
      ? html`<h2>Change your password</h2><form method="post" action="/console/account/password" novalidate>${csrfField(session)}
<input type="hidden" name="username" value="${user.email}" autocomplete="username">
${textField(form, 'current', 'Current password', { type: 'password', autocomplete: 'current-password' })}
${textField(form, 'next', 'New password', { type: 'password', autocomplete: 'new-password', hint: PASSWORD_HINT })}
<button type="submit">Change my password</button></form>
<h2>Change your e-mail address</h2><form method="post" action="/console/account/email" novalidate>${csrfField(session)}
${textField(form, 'email', 'New e-mail address', { type: 'email', autocomplete: 'email', hint: 'We send a link to it and to your current address: the change is made when both are opened.' })}
${textField(form, 'emailPassword', 'Your password, to confirm it is you', { type: 'password', autocomplete: 'current-password' })}
<button type="submit">Change my address</button></form>`
      : html`<p class="notice">${user.name} is one of the sandbox’s people: anyone may act as them, and they have no password. <a href="/console/sign-up">Make an account</a> for your own organization.</p>`;
  return consolePage(
    'Your account',
    session,
    html`${notice && html`<p class="notice" role="status">${ACCOUNT_NOTICES[notice]}</p>`}
<dl class="facts"><div><dt>Name</dt><dd>${user.name}</dd></div><div><dt>E-mail address</dt><dd>${user.email}</dd></div><div><dt>Organization</dt><dd>${user.organizationName}</dd></div></dl>
${organizations}
<p><a href="/console/account/security">Passkeys and authenticator app</a></p>
${password}
<h2>Where you are signed in</h2>
<p>A session ends 12 hours after signing in, or after 2 hours unused. Sign out any you do not recognise, then change your password.</p>
${cardTable(
  'Your sessions, the most recently used first',
  [{ name: 'Device' }, { name: 'Address' }, { name: 'Signed in' }, { name: 'Last used' }, { name: 'End' }],
  rows,
  'No sessions.',
)}
<h2>Account events</h2><p>Sign-ins, failed ones, and every change to how you sign in: only you see these.</p>${log}
${user.kind === 'account' && sessions.length > 1 && html`<form method="post" action="/console/account/sessions/end-others">${csrfField(session)}<button class="danger" type="submit">Sign out every other session</button></form>`}`,
  );
}
