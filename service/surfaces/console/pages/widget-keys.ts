/** The widget keys: the list with the form that creates one, and one key with its changes. */
import { cardTable } from '../../../web/card-table.js';
import type { WidgetKeyView } from '../../../core/keys/widget-key-admin.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html, joined } from '../../../web/html.js';
import { codes, csrfField, date, emptyForm, type FormState, onceField, originsField, textField } from './form.js';
import { consolePage } from './frame.js';

export function widgetKeysPage(
  session: Session,
  keys: WidgetKeyView[],
  form: FormState = emptyForm,
  limit: number,
): Html {
  const rows = keys.map((k) => [
    html`<a href="/console/widget-keys/${k.id}">${k.name}</a>`,
    html`<code>${k.key}</code>`,
    k.origins.length ? joined(codes(k.origins), html`<br>`) : 'none',
    k.revokedAt ? 'revoked' : `${k.estimatesToday.toLocaleString('en')} / ${limit.toLocaleString('en')}`,
  ]);
  return consolePage(
    'Widget keys',
    session,
    html`<p>A widget key is publishable: it identifies your website to the valuation widget and works only on the exact origins listed. It never authenticates the Platform API.</p>
${cardTable(
  'Your widget keys',
  [{ name: 'Name' }, { name: 'Key' }, { name: 'Websites' }, { name: 'Estimates today', numeric: true }],
  rows,
  'No widget keys yet.',
)}
<h2>Create a widget key</h2><form method="post" action="/console/widget-keys" novalidate>${csrfField(session)}${onceField()}${textField(form, 'name', 'Name')}${originsField(form, 'Websites')}
<button type="submit">Create widget key</button></form>`,
  );
}

export function widgetKeyPage(
  session: Session,
  key: WidgetKeyView,
  form: FormState,
  limit: number,
  flash?: string,
): Html {
  const revoked = Boolean(key.revokedAt);
  const changes = html`<p><a href="/console/widget-keys/${key.id}/snippet">Build the snippet for this key</a></p>
<form method="post" action="/console/widget-keys/${key.id}" novalidate>${csrfField(session)}${onceField()}${textField(form, 'name', 'Name')}${originsField(form, 'Websites')}
<button type="submit">Save changes</button></form>
<h2>Rotate or revoke</h2><p>Rotating gives the key a new value for the same websites; you choose how long the old value keeps working. Revoking stops the key everywhere at once. Each asks first, saying what will stop working.</p>
<p><a href="/console/widget-keys/${key.id}/rotate">Rotate key…</a> · <a href="/console/widget-keys/${key.id}/revoke">Revoke key…</a></p>`;
  return consolePage(
    'Widget key',
    session,
    html`${flash && html`<p class="notice" role="status">${flash}</p>`}<h2>${key.name}</h2>
<p>Key: <code>${key.key}</code>${revoked && html` · <strong>revoked ${date(key.revokedAt!)}</strong>`}</p>
${key.previous.map((p) => html`<p>Old value <code>${p.key}</code> still works until ${date(p.expiresAt)}: update the pages that use it before then.</p>`)}
<p>Estimates today: ${key.estimatesToday.toLocaleString('en')} of ${limit.toLocaleString('en')} (resets at 00:00 UTC).</p>
${revoked ? '' : changes}
<p><a href="/console/widget-keys">All widget keys</a></p>`,
    '/console/widget-keys',
  );
}
