/**
 * Going live: the onboarding checklist as the organization's own doings tick it, and the integration
 * review it gates. In the sandbox the organization also plays the reviewer, so that every state of
 * the review can be reached and tried.
 */
import type { Onboarding } from '../../../core/organizations/readiness.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html } from '../../../web/html.js';
import { csrfField, date } from './form.js';
import { consolePage } from './frame.js';

const WHERE: Record<string, string> = {
  platform_key_created: '/console/platform-keys',
  widget_key_with_origin: '/console/widget-keys',
  webhook_endpoint_verified: '/console/webhooks',
};

const REVIEW_WORDS = {
  not_requested: 'Not requested',
  in_review: 'In review',
  approved: 'Approved',
  changes_requested: 'Changes requested',
} as const;

export function goLivePage(session: Session, onboarding: Onboarding, apiReference: string, notice?: string): Html {
  const done = onboarding.steps.filter((s) => s.done).length;
  const { review } = onboarding;
  const steps = html`<ol class="checklist">${onboarding.steps.map(
    (s) =>
      html`<li data-step="${s.id}" data-done="${String(s.done)}"><strong>${s.done ? 'Done' : 'To do'}:</strong> ${
        s.id === 'valuation_called'
          ? html`${s.name} (<a href="${apiReference}#getValuation"><code>${s.help}</code></a>)`
          : html`<a href="${WHERE[s.id]}">${s.name}</a> <span class="hint">${s.help}</span>`
      }${s.completedAt && html` <span class="hint">since ${date(s.completedAt)}</span>`}</li>`,
  )}</ol>`;
  const ready = done === onboarding.steps.length;
  const requestForm =
    review.status === 'not_requested' || review.status === 'changes_requested'
      ? ready
        ? html`<form method="post" action="/console/go-live/request">${csrfField(session)}
<div class="field"><label for="note">Anything the reviewer should know (optional)</label><textarea id="note" name="note" maxlength="1000" rows="3"></textarea></div>
<button type="submit">Request live access</button></form>`
        : html`<p>Request live access once every step above is done (${onboarding.steps.length - done} to go).</p>`
      : '';
  const sandboxReviewer = session.user!.organizationPeople === 'sandbox';
  const reviewer =
    review.status === 'in_review' && !sandboxReviewer
      ? html`<p>The service’s staff review your integration: nobody decides their own organization’s review. This page shows their decision.</p>`
      : review.status === 'in_review'
        ? html`<h2>The sandbox's reviewer</h2><p>In the sandbox nobody else reviews: decide here, to see each state your integration will meet.</p>
<form class="inline" method="post" action="/console/go-live/decide">${csrfField(session)}<input type="hidden" name="decision" value="approved"><button type="submit">Approve</button></form>
<form method="post" action="/console/go-live/decide">${csrfField(session)}<input type="hidden" name="decision" value="changes_requested"><div class="field"><label for="changes">Changes to ask for</label><textarea id="changes" name="note" maxlength="1000" rows="2"></textarea></div><button class="secondary" type="submit">Request changes</button></form>`
        : '';
  return consolePage(
    'Go live',
    session,
    html`${notice && html`<p role="status" class="notice">${notice}</p>`}
<p>Live access is granted after an integration review. These steps tick themselves as you do them in the sandbox: ${done} of ${onboarding.steps.length} done.</p>
${steps}
<h2>Integration review</h2>
<p id="review-status">Review: <strong>${REVIEW_WORDS[review.status]}</strong>${review.requestedAt && html`, requested ${date(review.requestedAt)}`}${review.decidedAt && html`, decided ${date(review.decidedAt)}`}.</p>
${review.note && html`<p>Note: ${review.note}</p>`}
${review.status === 'approved' ? html`<p>Approved: your integration passed review, and the approval is recorded. The live environment is not open yet, so no live key (<code>svcp_live_</code>, <code>svce_live_</code>) can be issued today; when it opens, this approval carries over and live keys are made on the live host. They will never work in the sandbox, and sandbox keys never work there.</p>` : ''}
${requestForm}${reviewer}`,
  );
}
