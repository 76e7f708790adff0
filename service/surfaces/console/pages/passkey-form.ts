/**
 * A passkey's form: its button asks the browser for a passkey (console/passkeys.js fetches the options,
 * calls WebAuthn, fills the hidden fields and sends the form). Without the script, or in a browser
 * without passkeys, the form says so in its status line instead.
 */
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html } from '../../../web/html.js';
import { csrfField } from './form.js';

export interface PasskeyFormOptions {
  ceremony: 'register' | 'sign-in' | 'second-step';
  /** Where the script asks for the ceremony's options (a POST answering JSON). */
  options: string;
  action: string;
  label: string;
  /** More fields the form sends (a name, the step's method). */
  fields?: Html;
  secondary?: boolean;
}

export function passkeyForm(session: Session, form: PasskeyFormOptions): Html {
  return html`<form method="post" action="${form.action}" data-passkey="${form.ceremony}" data-options="${form.options}">${csrfField(session)}
<input type="hidden" name="challengeId" value=""><input type="hidden" name="credential" value="">${form.fields}
<button type="submit"${form.secondary && html` class="secondary"`}>${form.label}</button> <span class="hint" role="status" data-passkey-status></span></form>
<script src="/console/passkeys.js" defer></script>`;
}
