/** A developer's leads in the console: the routing rules (added, deleted after asking) and the leads they routed. */
import type { components } from '../../../../contract/generated/platform.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { formatMoney } from '../../../../src/format/format.js';
import { cardTable } from '../../../web/card-table.js';
import { type Html, html } from '../../../web/html.js';
import { csrfField, date, emptyForm, type FormState, onceField, textField } from './form.js';
import { consolePage } from './frame.js';

type Schemas = components['schemas'];

/** What a rule matches, read aloud. */
export function matchWords(match: Schemas['LeadRoutingRule']['match'], projectName: (id: string) => string): string {
  const parts = [
    match.projectId && projectName(match.projectId),
    match.unitType,
    match.minBudget !== undefined && `budget ${formatMoney(match.minBudget)} and up`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Every lead';
}

export function leadsPage(
  session: Session,
  view: {
    rules: Schemas['LeadRoutingRule'][];
    leads: Schemas['Lead'][];
    projectName: (id: string) => string;
    mayChange: boolean;
    form?: FormState;
    notice?: string;
  },
): Html {
  const { rules, leads, projectName, mayChange, form = emptyForm, notice } = view;
  const ruleRows = [...rules]
    .sort((a, b) => a.priority - b.priority || (a.id < b.id ? -1 : 1))
    .map((r) => [
      String(r.priority),
      matchWords(r.match, projectName),
      html`${r.routeTo.team} <span class="hint">(${r.routeTo.email})</span>`,
      ...(mayChange
        ? [
            html`<a href="/console/leads/rules/${r.id}/delete">Delete<span class="visually-hidden"> the rule for ${matchWords(r.match, projectName)}</span></a>`,
          ]
        : []),
    ]);
  const leadRows = leads.map((l) => [
    date(l.createdAt),
    projectName(l.projectId),
    l.unitType ?? '',
    l.budget === undefined || l.budget === null ? '' : formatMoney(l.budget),
    html`${l.contact.name}<br><span class="hint">${l.contact.email}</span>`,
    l.routedTo ? l.routedTo.team : 'Unrouted: no rule matched',
  ]);
  return consolePage(
    'Leads',
    session,
    html`${notice && html`<p class="notice" role="status">${notice}</p>`}
<p>Buyers' enquiries for your projects go to the team of the first rule that matches them (lowest priority number first). Where a lead went is kept on it, so changing the rules changes no lead already routed.</p>
${cardTable(
  'Routing rules',
  [
    { name: 'Priority', numeric: true },
    { name: 'Matches' },
    { name: 'Routes to' },
    ...(mayChange ? [{ name: 'Change' }] : []),
  ],
  ruleRows,
  'No rules: every lead waits unrouted.',
)}
${
  mayChange
    ? html`<h2>Add a rule</h2><form method="post" action="/console/leads/rules" novalidate>${csrfField(session)}${onceField()}
${textField(form, 'priority', 'Priority', { hint: '1 to 1000: the lowest number is tried first.' })}
${textField(form, 'projectId', 'Project id (optional)', { hint: 'e.g. proj_0002; empty: every project.' })}
${textField(form, 'unitType', 'Unit type (optional)', { hint: 'e.g. 3-bedroom; empty: every unit type.' })}
${textField(form, 'minBudget', 'Least budget in SGD (optional)', { hint: 'Whole dollars; empty: any budget.' })}
${textField(form, 'team', 'Team')}
${textField(form, 'email', 'Team email', { type: 'email', autocomplete: 'off' })}
<button type="submit">Add rule</button></form>`
    : html`<p class="hint">Your role reads leads; an owner changes the rules.</p>`
}
${cardTable(
  'Leads',
  [
    { name: 'Received' },
    { name: 'Project' },
    { name: 'Unit type' },
    { name: 'Budget', numeric: true },
    { name: 'Buyer' },
    { name: 'Routed to' },
  ],
  leadRows,
  'No leads yet: your website sends them with POST /developers/current/leads.',
)}`,
  );
}
