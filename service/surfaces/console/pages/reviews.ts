/** The service's staff's page: the integration reviews of real accounts' organizations waiting for a decision. */
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html } from '../../../web/html.js';
import { csrfField, date, onceField } from './form.js';
import { consolePage } from './frame.js';
import type { Onboarding } from '../../../core/organizations/readiness.js';
import type { ReviewDossier } from '../../../core/organizations/review-dossier.js';

export interface AwaitingReview {
  organizationId: string;
  name: string;
  requestedAt: string;
  note: string | null;
  /** The staff member belongs to it: they may not decide it. */
  own: boolean;
  steps: Onboarding['steps'];
  dossier: ReviewDossier;
}

/** Who the organization is and what it did in the sandbox, for the decision. */
function dossierOf(r: AwaitingReview): Html {
  const { kind, members, websites, receivers, use } = r.dossier;
  const list = (items: Html[], none: string) => (items.length ? html`<ul>${items}</ul>` : html`<p>${none}</p>`);
  return html`<dl class="facts"><div><dt>Kind</dt><dd>${kind.replace('_', ' ')}</dd></div>
<div><dt>Estimates so far</dt><dd>${use.widget.toLocaleString('en')} from its widget keys, ${use.platform.toLocaleString('en')} from its platform keys</dd></div></dl>
<h3>Members</h3>${list(
    members.map((m) => html`<li>${m.name} &lt;${m.email}&gt;, ${m.role}</li>`),
    'No members.',
  )}
<h3>Checklist</h3><ul>${r.steps.map(
    (s) => html`<li>${s.name}: ${s.completedAt ? html`done ${date(s.completedAt)}` : 'not done'}</li>`,
  )}</ul>
<h3>Websites its widget keys name</h3>${list(
    websites.map((w) => html`<li><code>${w}</code></li>`),
    'None.',
  )}
<h3>Webhook receivers</h3>${list(
    receivers.map((e) => html`<li><code>${e.url}</code>${e.enabled ? '' : ' (disabled)'}</li>`),
    'None.',
  )}`;
}

export function reviewsPage(session: Session, waiting: AwaitingReview[], notice?: string): Html {
  const item = (
    r: AwaitingReview,
  ) => html`<section aria-labelledby="review-${r.organizationId}"><h2 id="review-${r.organizationId}">${r.name}</h2>
<p>Requested ${date(r.requestedAt)}.${r.note && html` Their note: ${r.note}`}</p>${dossierOf(r)}${
    r.own
      ? html`<p class="notice">You belong to ${r.name}: another member of staff decides its review.</p>`
      : html`<form class="inline" method="post" action="/console/reviews/${r.organizationId}/decide">${csrfField(session)}${onceField()}<input type="hidden" name="decision" value="approved"><button type="submit" aria-label="Approve ${r.name}">Approve</button></form>
<form method="post" action="/console/reviews/${r.organizationId}/decide">${csrfField(session)}${onceField()}<input type="hidden" name="decision" value="changes_requested"><div class="field"><label for="note-${r.organizationId}">Changes to ask ${r.name} for</label><textarea id="note-${r.organizationId}" name="note" maxlength="1000" rows="2"></textarea></div><button class="secondary" type="submit">Request changes</button></form>`
  }</section>`;
  return consolePage(
    'Integration reviews',
    session,
    html`${notice && html`<p class="notice" role="status">${notice}</p>`}<p>Organizations of real accounts that asked for live access, oldest first. The sandbox’s own organizations play their reviewer on their Go live page.</p>
${waiting.length ? waiting.map(item) : html`<p>No review is waiting.</p>`}`,
  );
}
