/** The platform keys: the list (each revocable), the form that makes one, and the new key shown once. */
import { cardTable } from '../../../web/card-table.js';
import { PLATFORM_SCOPES } from '../../../core/grants/scopes.js';
import type { PlatformKeyView } from '../../../core/keys/platform-key-admin.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html, joined } from '../../../web/html.js';
import { codes, csrfField, date, emptyForm, fieldError, type FormState, textField } from './form.js';
import { ENVIRONMENT_WORDS } from './environment-words.js';
import { consolePage } from './frame.js';

export function platformKeysPage(
  session: Session,
  keys: PlatformKeyView[],
  form: FormState = emptyForm,
  created?: { key: string; label: string },
): Html {
  const checked = new Set([form.values.scopes ?? []].flat());
  const rows = keys.map((k) => [
    k.label,
    html`<code>${k.prefix}…${k.last4}</code>`,
    joined(codes(k.scopes), ' '),
    date(k.createdAt),
    k.revokedAt
      ? `revoked ${date(k.revokedAt)}`
      : html`<a href="/console/platform-keys/${k.id}/revoke" aria-label="Revoke ${k.label}…">Revoke…</a>`,
  ]);
  const shownOnce =
    created &&
    html`<div class="notice" role="status"><p><strong>Copy your new key now: it is shown only this once.</strong> The console keeps only its hash.</p>
<label for="new-key">${created.label}</label><textarea id="new-key" class="code" readonly rows="1">${created.key}</textarea></div>
<script src="/console/copy.js" defer></script>`;
  return consolePage(
    'Platform keys',
    session,
    html`${shownOnce}<p>Platform keys are secrets for server-side code: never put one in a web page or a repository. ${ENVIRONMENT_WORDS[session.environment].platformKeys}</p>
${cardTable(
  'Your platform keys',
  [{ name: 'Label' }, { name: 'Key' }, { name: 'Scopes' }, { name: 'Created' }, { name: 'Status' }],
  rows,
  'No platform keys yet.',
)}
<h2>Create a ${session.environment} platform key</h2><form method="post" action="/console/platform-keys" novalidate>${csrfField(session)}${textField(form, 'label', 'Label')}
<fieldset aria-describedby="${form.errors.scopes ? 'scopes-error' : ''}"><legend>Scopes</legend>${fieldError(form, 'scopes')}${PLATFORM_SCOPES.map(
      (scope) =>
        html`<p><input type="checkbox" name="scopes" id="scope-${scope}" value="${scope}"${checked.has(scope) && html` checked`}><label class="inline" for="scope-${scope}"><code>${scope}</code></label></p>`,
    )}</fieldset>
<button type="submit">Create platform key</button></form>`,
  );
}
