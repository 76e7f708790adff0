/** The second step of a password sign-in: a passkey, the authenticator app's code, or a recovery code. */
import type { SecondStepMethods } from '../../../core/accounts/second-steps.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html } from '../../../web/html.js';
import { layout } from '../../../web/layout.js';
import { csrfField } from './form.js';
import { passkeyForm } from './passkey-form.js';

export function secondStepPage(session: Session, methods: SecondStepMethods, refusal?: string, left?: number): Html {
  const code =
    methods.totp &&
    html`<h2>The code from your authenticator app</h2><form method="post" action="/console/sign-in/second-step" novalidate>${csrfField(session)}<input type="hidden" name="method" value="totp">
<div class="field"><label for="code">6-digit code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="7"${refusal && html` aria-describedby="step-error"`}></div>
<button type="submit">Continue</button></form>
<h2>Lost your phone?</h2><form method="post" action="/console/sign-in/second-step" novalidate>${csrfField(session)}<input type="hidden" name="method" value="recovery">
<div class="field"><label for="recovery">One of your recovery codes</label><input id="recovery" name="code" autocomplete="off" spellcheck="false" maxlength="20"></div>
<button class="secondary" type="submit">Use a recovery code</button></form>`;
  const passkey =
    methods.passkey &&
    html`<h2>Your passkey</h2>${passkeyForm(session, {
      ceremony: 'second-step',
      options: '/console/sign-in/second-step/passkey-options',
      action: '/console/sign-in/second-step',
      label: 'Use my passkey',
      fields: html`<input type="hidden" name="method" value="passkey">`,
    })}`;
  return layout(
    'Confirm it is you · API Console (sandbox)',
    html`<h1>Confirm it is you</h1><p>Your password was right. One more step, for the safety of your organization’s keys.</p>
${refusal && html`<p class="error" role="alert" id="step-error">${refusal}${left !== undefined && ` ${left} ${left === 1 ? 'try' : 'tries'} left.`}</p>`}${passkey}${code}
<p><a href="/console/sign-in">Start again</a></p>`,
  );
}
