/** One delivery: its event, its state and the evidence of every attempt, with a button to send it again. */
import type { Session } from '../../../core/organizations/sessions.js';
import type { WebhookDelivery } from '../../../core/webhooks/delivery-log.js';
import { type Html, html } from '../../../web/html.js';
import { csrfField, date, onceField } from './form.js';
import { consolePage } from './frame.js';

type Attempt = NonNullable<WebhookDelivery['attempts']>[number];

const headerList = (headers: Record<string, string>) =>
  html`<pre class="code">${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')}</pre>`;

function attemptSection(attempt: Attempt, n: number): Html {
  const outcome = attempt.response
    ? `answered ${attempt.response.status}`
    : `no answer: ${attempt.error ?? 'unknown error'}`;
  return html`<section class="attempt"><h3>Attempt ${n} · ${date(attempt.attemptedAt)} · ${attempt.trigger} · ${attempt.durationMs} ms · ${outcome}</h3>
<details><summary>Request sent to <code>${attempt.request.url}</code></summary>${headerList(attempt.request.headers)}<pre class="code">${attempt.request.body}</pre></details>
${
  attempt.response &&
  html`<details><summary>Response ${attempt.response.status}${attempt.response.truncated ? ' (first 4 KB)' : ''}</summary>${headerList(attempt.response.headers)}<pre class="code">${attempt.response.body || '(empty body)'}</pre></details>`
}</section>`;
}

export function webhookDeliveryPage(session: Session, delivery: WebhookDelivery, notice?: string): Html {
  const attempts = delivery.attempts ?? [];
  return consolePage(
    `Delivery of ${delivery.eventType}`,
    session,
    html`${notice && html`<p class="notice" role="status">${notice}</p>`}
<ul><li>Webhook id: <code>${delivery.id}</code> (the same on every attempt and replay)</li><li>Event: <code>${delivery.eventType}</code>${delivery.test ? ' (test event)' : ''}, <code>${delivery.eventId}</code></li>
<li>Status: ${delivery.status}${delivery.nextAttemptAt ? `, next try ${date(delivery.nextAttemptAt)}` : ''}</li><li>Created: ${date(delivery.createdAt)}</li></ul>
<p><a href="/console/webhooks/${delivery.endpointId}">Back to the endpoint</a></p>
<form method="post" action="/console/webhooks/deliveries/${delivery.id}/replay">${csrfField(session)}${onceField()}<button type="submit">Replay</button> <span class="hint">Sends the same event again, same webhook id, fresh signature.</span></form>
<h2>Attempts</h2>${attempts.length ? attempts.map((a, i) => attemptSection(a, i + 1)) : html`<p>No attempt yet: the sender tries within a second or two. Reload to see it.</p>`}`,
    '/console/webhooks',
  );
}
