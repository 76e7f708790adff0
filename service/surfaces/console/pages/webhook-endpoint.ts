/**
 * One webhook endpoint: what it receives and its state, its latest deliveries, and what a person can
 * do: send a test event, replay the failures of a window, edit it, rotate its secret, delete it.
 */
import type { Session } from '../../../core/organizations/sessions.js';
import { EVENT_TYPES } from '../../../core/webhooks/event-types.js';
import type { WebhookDelivery } from '../../../core/webhooks/delivery-log.js';
import type { WebhookEndpoint } from '../../../core/webhooks/endpoint-store.js';
import { cardTable } from '../../../web/card-table.js';
import { type Html, html, joined } from '../../../web/html.js';
import { codes, csrfField, date, emptyForm, type FormState, onceField, textField } from './form.js';
import { consolePage } from './frame.js';
import { eventTypesField, secretShownOnce, statusText, urlField } from './webhooks.js';

/** Windows a person can replay failures over, in hours back from now. */
export const REPLAY_WINDOWS = [1, 24, 72, 168] as const;

export interface EndpointPageState {
  form?: FormState;
  /** A new secret, after a rotation, shown this once. */
  secret?: string;
  /** What the last action did, in a sentence. */
  notice?: string;
}

export function deliveriesTable(deliveries: WebhookDelivery[]): Html {
  return cardTable(
    'Latest deliveries',
    [
      { name: 'Delivery' },
      { name: 'Event' },
      { name: 'Status' },
      { name: 'Attempts', numeric: true },
      { name: 'Created' },
    ],
    deliveries.map((d) => [
      html`<a href="/console/webhooks/deliveries/${d.id}"><code>${d.id.slice(0, 16)}…</code></a>`,
      html`<code>${d.eventType}</code>${d.test ? ' (test)' : ''}`,
      d.status === 'pending' && d.nextAttemptAt ? `pending, next try ${date(d.nextAttemptAt)}` : d.status,
      d.attemptCount,
      date(d.createdAt),
    ]),
    'Nothing sent yet: send a test event.',
  );
}

export function webhookEndpointPage(
  session: Session,
  endpoint: WebhookEndpoint,
  deliveries: WebhookDelivery[],
  state: EndpointPageState = {},
): Html {
  const form = state.form ?? emptyForm;
  const base = `/console/webhooks/${endpoint.id}`;
  const enabled = endpoint.status === 'enabled';
  const overlap = endpoint.previousSecretExpiresAt
    ? html`<li>The previous secret also signs until ${date(endpoint.previousSecretExpiresAt)}.</li>`
    : '';
  return consolePage(
    endpoint.description || 'Webhook endpoint',
    session,
    html`${state.secret && secretShownOnce(state.secret, 'Deliveries are signed with it and with the previous secret for 24 hours: deploy it to your receiver before then.')}
${state.notice && html`<p class="notice" role="status">${state.notice}</p>`}
<ul><li>URL: <code>${endpoint.url}</code></li><li>Events: ${endpoint.events.length ? joined(codes(endpoint.events), ' ') : 'every event'}</li><li>Status: ${statusText(endpoint)}</li>${overlap}<li>Id: <code>${endpoint.id}</code></li></ul>
<p><a href="/console/webhooks">All endpoints</a></p>
${
  enabled
    ? html`<h2>Send a test event</h2><form method="post" action="${base}/test" class="row">${csrfField(session)}${onceField()}<label for="test-type">Event type</label>
<select id="test-type" name="type">${EVENT_TYPES.map((t) => html`<option value="${t}">${t}</option>`)}</select> <button type="submit">Send test event</button></form>`
    : html`<p class="notice">This endpoint is disabled: nothing is sent to it. Enable it below to send again, then replay what failed meanwhile.</p>`
}
${deliveriesTable(deliveries)}
${
  enabled &&
  html`<h2>Replay failed deliveries</h2><form method="post" action="${base}/replays" class="row">${csrfField(session)}${onceField()}<label for="window">Failed in the last</label>
<select id="window" name="hours">${REPLAY_WINDOWS.map((h) => html`<option value="${h}"${h === 24 && html` selected`}>${h === 1 ? 'hour' : h < 48 ? `${h} hours` : `${h / 24} days`}</option>`)}</select> <button type="submit">Replay failures</button></form>`
}
<h2>Edit</h2><form method="post" action="${base}" novalidate>${csrfField(session)}${urlField(form, endpoint.url)}${textField(
      { ...form, values: { description: endpoint.description, ...form.values } },
      'description',
      'Description',
    )}${eventTypesField(form, endpoint.events)}
<p><input type="checkbox" name="enabled" id="enabled" value="on"${(form.values.enabled ?? (enabled ? 'on' : '')) === 'on' && html` checked`}><label class="inline" for="enabled">Enabled: send deliveries to this URL</label></p>
<button type="submit">Save changes</button></form>
<h2>Secret and removal</h2><p><a href="${base}/rotate">Rotate the signing secret…</a> · <a href="${base}/delete">Delete this endpoint…</a></p>`,
    '/console/webhooks',
  );
}
