/** The audit log: every change to the organization's keys, origins and AI apps, newest first. */
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

export function auditPage(session: Session, entries: AuditEntry[]): Html {
  const rows = entries.map((e) => [
    date(e.at),
    e.userName ?? 'unknown',
    html`<code>${e.action}</code>`,
    html`<code>${e.target}</code>`,
    details(e.detail),
  ]);
  return consolePage(
    'Audit log',
    session,
    cardTable(
      'Every change to your keys and origins, newest first',
      [{ name: 'When' }, { name: 'Who' }, { name: 'What' }, { name: 'Key' }, { name: 'Details' }],
      rows,
      'Nothing has changed yet.',
    ),
  );
}
