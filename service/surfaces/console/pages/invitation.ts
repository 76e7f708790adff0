/** The page an invitation's link opens: join as the account signed in, sign in as the invited one, or make the account there. */
import type { InvitationView } from '../../../core/accounts/invitations.js';
import { aRole } from '../../../core/grants/roles.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html } from '../../../web/html.js';
import { layout } from '../../../web/layout.js';
import { csrfField, emptyForm, type FormState, textField } from './form.js';
import { PASSWORD_HINT } from './sign-up.js';

export type InvitationCase = 'join' | 'other_account' | 'sign_in' | 'new_account';

export function invitationPage(
  session: Session,
  token: string,
  invitation: InvitationView,
  shown: InvitationCase,
  form: FormState = emptyForm,
): Html {
  const tokenField = html`<input type="hidden" name="token" value="${token}">`;
  const here = `/console/invitations/accept?token=${token}`;
  const body = {
    join: html`<form method="post" action="/console/invitations/accept">${csrfField(session)}${tokenField}<button type="submit">Join ${invitation.organizationName}</button></form>`,
    other_account: html`<p class="notice">You are signed in as ${session.user?.email}, but the invitation is for ${invitation.email}. Sign out, then open the link again and sign in as ${invitation.email}.</p>
<form method="post" action="/console/sign-out">${csrfField(session)}<button class="secondary" type="submit">Sign out</button></form>`,
    sign_in: html`<p>${invitation.email} has an account: <a href="/console/sign-in?next=${encodeURIComponent(here)}">sign in as ${invitation.email}</a> to accept.</p>`,
    new_account: html`<p>Make your account for ${invitation.email} to accept: this link shows the address is yours, so no other confirmation is needed.</p>
<form method="post" action="/console/invitations/accept-new" novalidate>${csrfField(session)}${tokenField}
<input type="hidden" name="username" value="${invitation.email}" autocomplete="username">
${textField(form, 'name', 'Your name', { autocomplete: 'name' })}
${textField(form, 'password', 'Password', { type: 'password', autocomplete: 'new-password', hint: PASSWORD_HINT })}
<button type="submit">Make my account and join</button></form>`,
  }[shown];
  return layout(
    `Join ${invitation.organizationName} · API Console (sandbox)`,
    html`<h1>Join ${invitation.organizationName}</h1><p>${invitation.invitedBy} invites ${invitation.email} to join ${invitation.organizationName} as ${aRole(invitation.role)}.</p>${body}`,
  );
}
