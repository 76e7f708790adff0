/** Making an account: the sign-up form, the page that says to open the mail, and the confirmation page its link opens. */
import type { PendingSignUp } from '../../../core/accounts/account-tokens.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html } from '../../../web/html.js';
import { layout } from '../../../web/layout.js';
import { csrfField, emptyForm, fieldError, type FormState, textField } from './form.js';
import { PASSWORD_MIN } from '../../../core/accounts/password-strength.js';

const KINDS = [
  ['agency', 'An estate agency'],
  ['developer', 'A property developer'],
  ['partner_site', 'A site that publishes property content'],
] as const;

const entryPage = (title: string, body: Html) =>
  layout(`${title} · API Console (sandbox)`, html`<h1>${title}</h1>${body}`);

export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters, and not one that is easy to guess: a few unrelated words, or your password manager’s suggestion.`;

export function signUpPage(session: Session, form: FormState = emptyForm): Html {
  const kind = String(form.values.organizationKind ?? '');
  return entryPage(
    'Make an account',
    html`<p>An account is yours alone: your organization, its keys and its members. Already have one? <a href="/console/sign-in">Sign in</a>.</p>
<form method="post" action="/console/sign-up" novalidate>${csrfField(session)}
${textField(form, 'name', 'Your name', { autocomplete: 'name' })}
${textField(form, 'email', 'E-mail address', { type: 'email', autocomplete: 'email', hint: 'We send a link to it: the account is made when you open it.' })}
${textField(form, 'organizationName', 'Your organization’s name', { autocomplete: 'organization' })}
<fieldset aria-describedby="${form.errors.organizationKind ? 'organizationKind-error' : ''}"><legend>Your organization is</legend>${fieldError(form, 'organizationKind')}
${KINDS.map(
  ([value, label]) =>
    html`<p><input type="radio" name="organizationKind" id="kind-${value}" value="${value}"${kind === value && html` checked`}><label class="inline" for="kind-${value}">${label}</label></p>`,
)}</fieldset>
${textField(form, 'password', 'Password', { type: 'password', autocomplete: 'new-password', hint: PASSWORD_HINT })}
<button type="submit">Make my account</button></form>`,
  );
}

/** After a sign-up or a reset was asked for: the same words whether the address has an account or not. */
export function checkInboxPage(what: 'sign-up' | 'reset', email: string, inboxUrl?: string): Html {
  return entryPage(
    'Check your inbox',
    html`<p role="status">We sent a message to <strong>${email}</strong>. ${
      what === 'sign-up'
        ? 'Open its link to confirm the address and make your account; it works for 24 hours.'
        : 'If an account uses this address, its link lets you choose a new password for 30 minutes.'
    }</p><p>Nothing arrived after a few minutes? Look in your spam folder, or <a href="/console/${what === 'sign-up' ? 'sign-up' : 'reset-password'}">try again</a>.</p>
${inboxUrl && html`<p class="notice">This sandbox sends mail to its own inbox, not to the address: <a href="${inboxUrl}">open the sandbox inbox</a>.</p>`}`,
  );
}

export function confirmPage(session: Session, token: string, signUp: PendingSignUp, form: FormState = emptyForm): Html {
  return entryPage(
    'Confirm your address',
    html`<p>Make the account of <strong>${signUp.name}</strong> (${signUp.email}) at <strong>${signUp.organizationName}</strong>, asked for on ${signUp.at.slice(0, 10)}?</p>
<p class="hint">Not you, or not what you asked for? Close this page: no account is made.</p>
<form method="post" action="/console/confirm" novalidate>${csrfField(session)}<input type="hidden" name="token" value="${token}">
<input type="hidden" name="username" value="${signUp.email}" autocomplete="username">
${textField(form, 'password', 'The password you chose', { type: 'password', autocomplete: 'current-password', hint: 'So that only the person who signed up makes this account.' })}
<button type="submit">Confirm and make my account</button></form>`,
  );
}

export function linkSpentPage(what: 'sign-up' | 'reset'): Html {
  return entryPage(
    'This link no longer works',
    html`<p>It was used already, or it has expired${what === 'sign-up' ? ' (links work for 24 hours), or an account was made for this address since' : ' (links work for 30 minutes, and a newer link replaces an older one)'}.</p>
<p>${
      what === 'sign-up'
        ? html`<a href="/console/sign-in">Sign in</a> if your account is made, or <a href="/console/sign-up">sign up again</a>.`
        : html`<a href="/console/reset-password">Ask for a new link</a>.`
    }</p>`,
  );
}

export function resetRequestPage(session: Session, form: FormState = emptyForm): Html {
  return entryPage(
    'Reset your password',
    html`<p>Type your account’s address: we send it a link to choose a new password.</p>
<form method="post" action="/console/reset-password" novalidate>${csrfField(session)}
${textField(form, 'email', 'E-mail address', { type: 'email', autocomplete: 'username' })}
<button type="submit">Send the link</button></form><p><a href="/console/sign-in">Back to sign in</a></p>`,
  );
}

export function newPasswordPage(session: Session, token: string, email: string, form: FormState = emptyForm): Html {
  return entryPage(
    'Choose a new password',
    html`<p>For the account at <strong>${email}</strong>. Every session of the account is signed out when you save it.</p>
<form method="post" action="/console/reset-password/new" novalidate>${csrfField(session)}<input type="hidden" name="token" value="${token}">
<input type="hidden" name="username" value="${email}" autocomplete="username">
${textField(form, 'password', 'New password', { type: 'password', autocomplete: 'new-password', hint: PASSWORD_HINT })}
<button type="submit">Save my new password</button></form>`,
  );
}

export const tooManyPage = () =>
  entryPage(
    'Too many messages asked for',
    html`<p>This address, or your network, has asked for several messages in the last hour. Wait an hour, and look in your spam folder meanwhile: the earlier messages may be there.</p>`,
  );
