/** The audit log: every change to the organization's keys, origins and AI apps, newest first, a page at a time. */
import { cardTable } from '../../../web/card-table.js';
import type { AuditEntry } from '../../../core/organizations/members.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html } from '../../../web/html.js';
import { date } from './form.js';
import { consolePage } from './frame.js';

const details = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
    .join('; ');

export interface AuditView {
  entries: AuditEntry[];
  actions: string[];
  /** The action shown alone, if the person chose one. */
  action?: string;
  /** The entry id the next (older) page starts before. */
  nextBefore?: number;
  /** Whether this is a later page (a link back to the newest is shown). */
  paged: boolean;
}

const pageUrl = (action: string | undefined, before?: number) => {
  const query = new URLSearchParams({ ...(action ? { action } : {}), ...(before ? { before: String(before) } : {}) });
  return `/console/audit${query.size ? `?${query}` : ''}`;
};

export function auditPage(session: Session, view: AuditView): Html {
  const rows = view.entries.map((e) => [
    date(e.at),
    e.by,
    html`<code>${e.action}</code>`,
    e.targetName
      ? html`${e.targetName} <span class="hint"><code>${e.target}</code></span>`
      : html`<code>${e.target}</code>`,
    details(e.detail),
  ]);
  const filter = html`<form method="get" action="/console/audit"><div class="field"><label for="action">Show</label>
<select id="action" name="action"><option value="">Every change</option>${view.actions.map(
    (action) => html`<option value="${action}"${action === view.action && html` selected`}>${action}</option>`,
  )}</select> <button type="submit" class="secondary">Show</button></div></form>`;
  const pages = html`<p>${view.paged && html`<a href="${pageUrl(view.action)}">Newest changes</a>`}${view.paged && view.nextBefore && ' · '}${
    view.nextBefore && html`<a href="${pageUrl(view.action, view.nextBefore)}">Older changes</a>`
  }</p>`;
  return consolePage(
    'Audit log',
    session,
    html`${filter}${cardTable(
      view.action
        ? `Changes of the kind ${view.action}, newest first`
        : 'Every change to your keys and origins, newest first',
      [{ name: 'When' }, { name: 'Who' }, { name: 'What' }, { name: 'Key or app' }, { name: 'Details' }],
      rows,
      view.action ? 'No change of this kind.' : 'Nothing has changed yet.',
    )}${pages}`,
  );
}
