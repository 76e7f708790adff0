/** The audit log: every change to the organization's keys, origins and AI apps, newest first. */
import type { AuditEntry } from '../../../core/organizations/members.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html } from '../../../web/html.js';
import { date } from './form.js';
import { consolePage } from './frame.js';

const details = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
    .join('; ');

export function auditPage(session: Session, entries: AuditEntry[]): Html {
  const rows = entries.map(
    (
      e,
    ) => html`<tr><td>${date(e.at)}</td><td>${e.userName ?? 'unknown'}</td><td><code>${e.action}</code></td><td><code>${e.target}</code></td>
<td>${details(e.detail)}</td></tr>`,
  );
  return consolePage(
    'Audit log',
    session,
    html`<div class="table-wrap"><table><caption>Every change to your keys and origins, newest first</caption><thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">Key</th><th scope="col">Details</th></tr></thead>
<tbody>${rows.length ? rows : html`<tr><td colspan="5">Nothing has changed yet.</td></tr>`}</tbody></table></div>`,
  );
}
