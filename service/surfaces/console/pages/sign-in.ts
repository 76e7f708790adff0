/** The sign-in page: an account's address and password, and below them the sandbox's people, chosen without one. */
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html } from '../../../web/html.js';
import { layout } from '../../../web/layout.js';
import { csrfField, emptyForm, type FormState, textField } from './form.js';
import { passkeyForm } from './passkey-form.js';

export interface DemoPerson {
  id: string;
  name: string;
  role: string;
  organization_name: string;
}

/** What the sign-in page says after a step that led to it (never text from the address bar). */
export const SIGN_IN_NOTICES = {
  ready: 'Your address is confirmed and your account is ready: sign in.',
  reset: 'Your password was changed and every session of your account was signed out: sign in with the new one.',
  'signed-out': 'You are signed out.',
} as const;

export interface SignInView {
  people: DemoPerson[];
  next?: string;
  /** The AI app waiting for this sign-in, named so the person knows why they are asked. */
  app?: string;
  notice?: keyof typeof SIGN_IN_NOTICES;
  form?: FormState;
  /** Why the address and password were refused. */
  refusal?: string;
  /** Offers signing in with a passkey alone. */
  passkeys?: boolean;
}

export function signInPage(session: Session, view: SignInView): Html {
  const { people, next = '', app, notice, form = emptyForm, refusal, passkeys } = view;
  const nextField = next && html`<input type="hidden" name="next" value="${next}">`;
  return layout(
    'Sign in · API Console (sandbox)',
    html`<h1>Sign in to the API Console</h1>${app && html`<p><strong>${app}</strong> asks to connect to your account: sign in to see what it asks for, then allow or deny it.</p>`}
${notice && html`<p class="notice" role="status">${SIGN_IN_NOTICES[notice]}</p>`}${refusal && html`<p class="error" role="alert" id="sign-in-error">${refusal}</p>`}
<form method="post" action="/console/sign-in" novalidate>${csrfField(session)}${nextField}
${textField(form, 'email', 'E-mail address', { type: 'email', autocomplete: 'username' })}
${textField(form, 'password', 'Password', { type: 'password', autocomplete: 'current-password' })}
<button type="submit">Sign in</button></form>
${passkeys && passkeyForm(session, { ceremony: 'sign-in', options: '/console/sign-in/passkey/options', action: '/console/sign-in/passkey', label: 'Sign in with a passkey', fields: nextField || undefined, secondary: true })}
<p><a href="/console/reset-password">Forgot your password?</a> · <a href="/console/sign-up">Make an account</a></p>
<h2>Or act as one of the sandbox’s people</h2>
<p>The sandbox’s people have no passwords: anyone may act as them, so use them to try the console, never for your own keys.</p>
<form method="post" action="/console/sign-in">${csrfField(session)}${nextField}<fieldset><legend>Sandbox person</legend>
${people.map(
  (u, i) => html`<p><input type="radio" name="user" id="user-${u.id}" value="${u.id}"${i === 0 && html` checked`}>
<label class="inline" for="user-${u.id}">${u.name} (${u.role}), ${u.organization_name}</label></p>`,
)}</fieldset><button type="submit" class="secondary">Act as this sandbox person</button></form>`,
  );
}
