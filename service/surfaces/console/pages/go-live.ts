/**
 * Going live: the onboarding checklist as the organization's own doings tick it, and the integration
 * review it gates. In the sandbox the organization also plays the reviewer, so that every state of
 * the review can be reached and tried.
 */
import type { Onboarding } from '../../../core/organizations/readiness.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html } from '../../../web/html.js';
import { csrfField, date } from './form.js';
import { ENVIRONMENT_WORDS } from './environment-words.js';
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

/** Where live is reached: what an integration changes when it goes live. */
export interface LiveHosts {
  apiBase: string;
  mcpEndpoint: string;
  widgetScriptUrl: string;
}

/** What an approved organization does next, in order (as Stripe's and Adyen's go-live lists say it). */
function whatComesNext(session: Session, live: LiveHosts | undefined): Html {
  if (session.user!.organizationPeople === 'demo')
    return html`<p>Approved. The sandbox’s own organizations never go live, since anyone may act as them: <a href="/console/sign-up">make an account</a> for your own organization to take it live.</p>`;
  if (!live)
    return html`<p>Approved: your integration passed review. This deployment serves no live environment; live keys are made on the deployment that does.</p>`;
  const switchForm =
    ENVIRONMENT_WORDS[session.environment].goLiveSwitch === 'offered'
      ? html`<form class="inline" method="post" action="/console/environment">${csrfField(session)}<input type="hidden" name="to" value="live"><input type="hidden" name="next" value="/console/platform-keys"><button type="submit">Switch the console to live</button></form>`
      : html`<p>The console shows live now.</p>`;
  return html`<h2>What comes next</h2>
<p>Approved: your integration passed review. Live is a separate environment: nothing of the sandbox is copied there.</p>
<ol class="next-steps">
<li><strong>Switch the console to live</strong> (the switch at the top of every page). ${switchForm}</li>
<li><strong>Change the base URL</strong> of your server code to the live Platform API, <code>${live.apiBase}</code>, and an AI client’s MCP endpoint to <code>${live.mcpEndpoint}</code>.</li>
<li><strong>Make live keys</strong> in the live console: a <a href="/console/platform-keys">platform key</a> (<code>svcp_live_</code>, shown once, for your servers) and a <a href="/console/widget-keys">widget key</a> (<code>svce_live_</code>) listing your website’s https origins. Sandbox keys never work on live, and live keys never work in the sandbox.</li>
<li><strong>Register your webhook endpoints again</strong> in <a href="/console/webhooks">the live console</a>: sandbox endpoints are not copied, and live sends only to https addresses on the public internet. Each live endpoint has its own signing secret.</li>
<li><strong>Paste the live snippet</strong>, which loads the widget from the live widget host:
<pre class="code"><code>&lt;div data-service-valuation data-embed-key="svce_live_…"&gt;&lt;/div&gt;
&lt;script async src="${live.widgetScriptUrl}"&gt;&lt;/script&gt;</code></pre>
The widget keys page builds it with your key.</li>
</ol>
<p><code>onboarding.status</code> says <code>live</code> once your organization holds a live key.</p>`;
}

export function goLivePage(
  session: Session,
  onboarding: Onboarding,
  apiReference: string,
  notice?: string,
  live?: LiveHosts,
): Html {
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
  const sandboxReviewer = session.user!.organizationPeople === 'demo';
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
${review.status === 'approved' ? whatComesNext(session, live) : ''}
${requestForm}${reviewer}`,
  );
}
