/** An agency's agents and teams in the console: who lists its homes, added, grouped and archived after asking. */
import type { components } from '../../../../contract/generated/platform.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { cardTable } from '../../../web/card-table.js';
import { type Html, html } from '../../../web/html.js';
import {
  choiceField,
  csrfField,
  describedBy,
  emptyForm,
  fieldError,
  type FormState,
  onceField,
  textField,
} from './form.js';
import { consolePage } from './frame.js';

type Schemas = components['schemas'];
type Agent = Schemas['Agent'];
type Team = Schemas['Team'];

export const ROLE_WORDS: Record<Schemas['AgentRole'], string> = {
  agent: 'Agent',
  team_lead: 'Team lead',
  agency_admin: 'Agency admin',
};
const STATUS_WORDS: Record<Schemas['RecordStatus'], string> = { active: 'Active', archived: 'Archived' };

/** The agency's active agents as choices for a team. */
export const memberChoices = (agents: Agent[]) =>
  agents.filter((a) => a.status === 'active').map((a) => [a.id, `${a.name} (${a.ceaNumber})`] as const);

export function agentsPage(
  session: Session,
  view: {
    agents: Agent[];
    teams: Team[];
    /** The organization's members, one of whom an agent may be. */
    members: { userId: string; name: string; email: string }[];
    /** What the person may do: manage (an owner), read (an engineer), or see only themselves (an agent). */
    access: 'manage' | 'read' | 'self';
    agentForm?: FormState;
    teamForm?: FormState;
    notice?: string;
  },
): Html {
  const { agents, teams, members, access, agentForm = emptyForm, teamForm = emptyForm, notice } = view;
  const chosenMember = String(agentForm.values.accountId ?? '');
  const manage = access === 'manage';
  const nameOf = (id: string) => agents.find((a) => a.id === id)?.name ?? id;
  const agentRows = agents.map((a) => [
    html`${a.name}${a.accountId === session.user!.id && html` <span class="hint">(you)</span>`}`,
    a.ceaNumber,
    ROLE_WORDS[a.role],
    a.teamIds.map((id) => teams.find((t) => t.id === id)?.name ?? id).join(', '),
    STATUS_WORDS[a.status],
    ...(manage
      ? [
          a.status === 'active'
            ? html`<a href="/console/agents/${a.id}/archive">Archive<span class="visually-hidden"> ${a.name}</span></a>`
            : 'None: archived',
        ]
      : []),
  ]);
  const teamRows = teams.map((t) => [
    t.name,
    t.agentIds.map(nameOf).join(', ') || 'No one yet',
    STATUS_WORDS[t.status],
    ...(manage
      ? [
          t.status === 'active'
            ? html`<a href="/console/agents/teams/${t.id}">Change<span class="visually-hidden"> ${t.name}</span></a> · <a href="/console/agents/teams/${t.id}/archive">Archive<span class="visually-hidden"> ${t.name}</span></a>`
            : 'None: archived',
        ]
      : []),
  ]);
  return consolePage(
    'Agents',
    session,
    html`${notice && html`<p class="notice" role="status">${notice}</p>`}
<p>Your salespeople, each with their CEA registration, and the teams they work in. A listing names the agent who lists it; an archived agent keeps their listings and history. Your integration does the same with the Platform API (<a href="/docs/api#Agents">Agents</a>); the records are the same in the sandbox and in live.</p>
${access === 'read' && html`<p class="hint">Your role reads the agents; an owner changes them.</p>`}
${access === 'self' && html`<p class="hint">As an agent you see your own record; an owner manages the others.</p>`}
${cardTable(
  'Agents',
  [
    { name: 'Name' },
    { name: 'CEA number' },
    { name: 'Role' },
    { name: 'Teams' },
    { name: 'Status' },
    ...(manage ? [{ name: 'Change' }] : []),
  ],
  agentRows,
  access === 'self' ? 'No agent record names your account yet: ask an owner.' : 'No agents yet: add your first below.',
)}
${
  manage &&
  html`<h2>Add an agent</h2><form method="post" action="/console/agents" novalidate>${csrfField(session)}${onceField()}
${textField(agentForm, 'name', 'Name', { autocomplete: 'off' })}
${textField(agentForm, 'ceaNumber', 'CEA registration number', { hint: 'R, six digits and a letter, as on the CEA Public Register (e.g. R012345A).' })}
${textField(agentForm, 'email', 'E-mail (optional)', { type: 'email', autocomplete: 'off' })}
${textField(agentForm, 'phone', 'Phone (optional)', { hint: '+65 and eight digits, e.g. +6591234567.' })}
${choiceField({ ...agentForm, values: { role: 'agent', ...agentForm.values } }, 'role', 'Role', Object.entries(ROLE_WORDS))}
<div class="field"><label for="accountId">Their console account (optional)</label><p class="hint" id="accountId-hint">A member who is this agent sees their own record here.</p>${fieldError(agentForm, 'accountId')}<select id="accountId" name="accountId" aria-describedby="${describedBy(agentForm, 'accountId', true)}"><option value="">None</option>${members.map(
    (m) =>
      html`<option value="${m.userId}"${m.userId === chosenMember && html` selected`}>${m.name} (${m.email})</option>`,
  )}</select></div>
<button type="submit">Add agent</button></form>`
}
${
  access !== 'self' &&
  cardTable(
    'Teams',
    [{ name: 'Team' }, { name: 'Members' }, { name: 'Status' }, ...(manage ? [{ name: 'Change' }] : [])],
    teamRows,
    'No teams yet.',
  )
}
${
  manage &&
  html`<h2>Make a team</h2><form method="post" action="/console/agents/teams" novalidate>${csrfField(session)}${onceField()}
${textField(teamForm, 'teamName', 'Team name', { autocomplete: 'off' })}
${choiceField(teamForm, 'agentIds', 'Members', memberChoices(agents), { multiple: true, hint: 'Active agents only; you can change them later.' })}
<button type="submit">Make team</button></form>`
}`,
  );
}

/** One team's name and members, changed. */
export function teamPage(session: Session, team: Team, agents: Agent[], form?: FormState): Html {
  const state = form ?? { values: { teamName: team.name, agentIds: team.agentIds }, errors: {} };
  return consolePage(
    `Team ${team.name}`,
    session,
    html`<form method="post" action="/console/agents/teams/${team.id}" novalidate>${csrfField(session)}${onceField()}
${textField(state, 'teamName', 'Team name', { autocomplete: 'off' })}
${choiceField(state, 'agentIds', 'Members', memberChoices(agents), { multiple: true, hint: 'Ticked agents are the whole team: the others leave it.' })}
<p><button type="submit">Save team</button> <a href="/console/agents">Cancel</a></p></form>`,
    '/console/agents',
  );
}
