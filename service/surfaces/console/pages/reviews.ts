/** The service's staff's page: the integration reviews of real accounts' organizations waiting for a decision. */
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html } from '../../../web/html.js';
import { csrfField, date, onceField } from './form.js';
import { consolePage } from './frame.js';

export interface AwaitingReview {
  organizationId: string;
  name: string;
  requestedAt: string;
  note: string | null;
  /** The staff member belongs to it: they may not decide it. */
  own: boolean;
}

export function reviewsPage(session: Session, waiting: AwaitingReview[], notice?: string): Html {
  const item = (
    r: AwaitingReview,
  ) => html`<section aria-labelledby="review-${r.organizationId}"><h2 id="review-${r.organizationId}">${r.name}</h2>
<p>Requested ${date(r.requestedAt)}.${r.note && html` Their note: ${r.note}`}</p>${
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
