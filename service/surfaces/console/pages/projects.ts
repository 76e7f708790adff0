/** A developer's projects in the console: each with its status, moved along after asking, and its unit types. */
import type { components } from '../../../../contract/generated/platform.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { cardTable } from '../../../web/card-table.js';
import { type Html, html } from '../../../web/html.js';
import { choiceField, csrfField, emptyForm, type FormState, onceField, textField } from './form.js';
import { ENVIRONMENT_WORDS } from './environment-words.js';
import { consolePage } from './frame.js';

type Schemas = components['schemas'];
type Project = Schemas['Project'];
type Status = Schemas['ProjectStatus'];

export const STATUS_WORDS: Record<Status, string> = {
  planned: 'Planned',
  preview: 'Preview',
  launched: 'Launched',
  sold_out: 'Sold out',
  completed: 'Completed',
  withdrawn: 'Withdrawn',
};
/** A move said as the button that asks for it. */
export const MOVE_WORDS: Record<Status, string> = {
  planned: 'Plan again',
  preview: 'Open a preview',
  launched: 'Launch',
  sold_out: 'Mark sold out',
  completed: 'Mark completed',
  withdrawn: 'Withdraw',
};
const TENURES: Project['tenure'][] = ['99-year leasehold', 'freehold', '999-year leasehold'];

export function projectsPage(
  session: Session,
  view: { projects: Project[]; mayChange: boolean; form?: FormState; notice?: string },
): Html {
  const { projects, mayChange, form = emptyForm, notice } = view;
  const rows = projects.map((p) => [
    html`<a href="/console/projects/${p.id}">${p.name}</a>`,
    String(p.district),
    p.tenure,
    STATUS_WORDS[p.status],
    p.unitTypes.map((u) => u.name).join(', ') || 'None yet',
  ]);
  return consolePage(
    'Projects',
    session,
    html`${notice && html`<p class="notice" role="status">${notice}</p>`}
<p>Your projects in the ${session.environment}${ENVIRONMENT_WORDS[session.environment].projectsNote}, with the unit types your batches, price lists and leads name. Your integration does the same with the Platform API (<a href="/docs/api#Developers">Developers</a>).</p>
${!mayChange && html`<p class="hint">Your role reads the projects; an owner changes them.</p>`}
${cardTable(
  'Projects',
  [
    { name: 'Project' },
    { name: 'District', numeric: true },
    { name: 'Tenure' },
    { name: 'Status' },
    { name: 'Unit types' },
  ],
  rows,
  'No projects yet.',
)}
${
  mayChange &&
  html`<h2>Add a project</h2><form method="post" action="/console/projects" novalidate>${csrfField(session)}${onceField()}
${textField(form, 'name', 'Name', { autocomplete: 'off' })}
${textField(form, 'address', 'Address (optional)', { hint: 'As buyers know it, e.g. 8 Kallang Bay Walk.' })}
${textField(form, 'district', 'Postal district', { hint: '1 to 28.' })}
${choiceField(
  { ...form, values: { tenure: '99-year leasehold', ...form.values } },
  'tenure',
  'Tenure',
  TENURES.map((t) => [t, t] as const),
)}
<button type="submit">Add project</button></form>`
}`,
  );
}

export function projectPage(
  session: Session,
  view: { project: Project; mayChange: boolean; form?: FormState; details?: FormState; notice?: string },
): Html {
  const { project, mayChange, form = emptyForm, notice } = view;
  const details = view.details ?? {
    values: { projectName: project.name, address: project.address ?? '' },
    errors: {},
  };
  const rows = project.unitTypes.map((u) => [
    u.name,
    String(u.bedrooms),
    `${u.floorAreaSqm} m²`,
    String(u.units ?? ''),
    String(u.available),
    ...(mayChange
      ? [
          html`<a href="/console/projects/${project.id}/unit-types/${u.id}/archive">Archive<span class="visually-hidden"> ${u.name}</span></a>`,
        ]
      : []),
  ]);
  const moves = project.allowedTransitions ?? [];
  return consolePage(
    project.name,
    session,
    html`${notice && html`<p class="notice" role="status">${notice}</p>`}
<p>${project.address ?? 'No address yet'} · District ${project.district} · ${project.tenure} · <strong>${STATUS_WORDS[project.status]}</strong></p>
${
  mayChange && moves.length
    ? html`<h2>Move it along</h2><ul class="actions">${moves.map(
        (to) => html`<li><a href="/console/projects/${project.id}/status/${to}">${MOVE_WORDS[to]}</a></li>`,
      )}</ul>`
    : !moves.length && html`<p class="hint">${STATUS_WORDS[project.status]} is final.</p>`
}
${cardTable(
  'Unit types',
  [
    { name: 'Unit type' },
    { name: 'Bedrooms', numeric: true },
    { name: 'Floor area' },
    { name: 'Units', numeric: true },
    { name: 'Available', numeric: true },
    ...(mayChange ? [{ name: 'Change' }] : []),
  ],
  rows,
  'No unit types yet: add one before launching.',
)}
${
  mayChange &&
  moves.length > 0 &&
  html`<h2>Add a unit type</h2><form method="post" action="/console/projects/${project.id}/unit-types" novalidate>${csrfField(session)}${onceField()}
${textField(form, 'name', 'Name', { hint: 'What batches, price lists and buyers call it, e.g. 3-bedroom premium.' })}
${textField(form, 'bedrooms', 'Bedrooms')}
${textField(form, 'floorAreaSqm', 'Floor area in square metres')}
${textField(form, 'units', 'Units of this type')}
<button type="submit">Add unit type</button></form>`
}
${
  mayChange &&
  moves.length > 0 &&
  html`<h2>Change its details</h2><form method="post" action="/console/projects/${project.id}" novalidate>${csrfField(session)}${onceField()}
${textField(details, 'projectName', 'Project name', { autocomplete: 'off' })}
${textField(details, 'address', 'Address', { hint: 'As buyers know it.' })}
<button type="submit" class="secondary">Save details</button></form>`
}
<p><a href="/console/projects">All projects</a></p>`,
    '/console/projects',
  );
}
