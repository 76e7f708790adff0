/** The webhook endpoints: the list, the form that registers one, and a new secret shown once. */
import type { Session } from '../../../core/organizations/sessions.js';
import { EVENT_TYPES } from '../../../core/webhooks/event-types.js';
import type { WebhookEndpoint } from '../../../core/webhooks/endpoint-store.js';
import { cardTable } from '../../../web/card-table.js';
import { type Html, html, joined } from '../../../web/html.js';
import {
  codes,
  csrfField,
  date,
  describedBy,
  emptyForm,
  fieldError,
  type FormState,
  invalid,
  textField,
} from './form.js';
import { consolePage } from './frame.js';

/** The event types as checkboxes, those in `chosen` ticked; none ticked means every type. */
export function eventTypesField(form: FormState, chosen: readonly string[] = []): Html {
  const ticked = new Set([form.values.events ?? chosen].flat());
  return html`<fieldset aria-describedby="events-hint${form.errors.events ? ' events-error' : ''}"><legend>Events</legend>
<p class="hint" id="events-hint">Tick none to receive every event, including types added later.</p>${fieldError(form, 'events')}${EVENT_TYPES.map(
    (type) =>
      html`<p><input type="checkbox" name="events" id="event-${type}" value="${type}"${ticked.has(type) && html` checked`}><label class="inline" for="event-${type}"><code>${type}</code></label></p>`,
  )}</fieldset>`;
}

export function urlField(form: FormState, value?: string): Html {
  const shown = form.values.url ?? value ?? '';
  return html`<div class="field"><label for="url">URL</label>
<p class="hint" id="url-hint">https (http too in the sandbox; live sends only to https addresses on the public internet). To receive on your own machine, see the integrators' guide, "Webhooks on your machine".</p>
${fieldError(form, 'url')}<input id="url" name="url" type="url" value="${shown}" aria-describedby="${describedBy(form, 'url', true)}"${invalid(form, 'url')}></div>`;
}

/** The secret, shown in this answer only. */
export const secretShownOnce = (secret: string, what: string) =>
  html`<div class="notice" role="status"><p><strong>Copy the signing secret now: it is shown only this once.</strong> ${what}</p>
<label for="new-secret">Signing secret</label><textarea id="new-secret" class="code" readonly rows="1">${secret}</textarea></div>
<script src="/console/copy.js" defer></script>`;

export const statusText = (endpoint: WebhookEndpoint) =>
  endpoint.status === 'enabled'
    ? 'Enabled'
    : `Disabled${endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ''}`;

export function webhooksPage(
  session: Session,
  endpoints: WebhookEndpoint[],
  form: FormState = emptyForm,
  created?: WebhookEndpoint & { secret: string },
): Html {
  const rows = endpoints.map((e) => [
    html`<a href="/console/webhooks/${e.id}">${e.description || e.url}</a>`,
    html`<code>${e.url}</code>`,
    e.events.length ? joined(codes(e.events), ' ') : 'Every event',
    statusText(e),
    date(e.createdAt),
  ]);
  return consolePage(
    'Webhooks',
    session,
    html`${created && secretShownOnce(created.secret, html`Give it to the code at <code>${created.url}</code> that verifies deliveries. <a href="/console/webhooks/${created.id}">See the endpoint</a>.`)}
<p>The sandbox posts your organization's changes to these URLs, signed as <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> define. Verify each delivery with its secret before trusting it; see the <a href="/docs/api#webhooks">event catalogue</a>.</p>
${cardTable(
  'Your endpoints',
  [{ name: 'Endpoint' }, { name: 'URL' }, { name: 'Events' }, { name: 'Status' }, { name: 'Created' }],
  rows,
  'No endpoints yet.',
)}
<h2>Add an endpoint</h2><form method="post" action="/console/webhooks" novalidate>${csrfField(session)}${urlField(form)}${textField(form, 'description', 'Description (optional)')}${eventTypesField(form)}
<button type="submit">Add endpoint</button></form>`,
  );
}
