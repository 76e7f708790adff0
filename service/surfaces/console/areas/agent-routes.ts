/**
 * The console's Agents page, for agencies: agents added (checked against the contract's AgentCreate,
 * as the API checks them) and archived after asking, teams made, changed and archived. An owner
 * manages; an engineer reads; an agent sees their own record. Each change runs as the person.
 */
import { type Context, Hono } from 'hono';
import type { Directory } from '../../../core/directory/directory.js';
import { actingAsPerson } from '../../../core/events/acting.js';
import type { Memberships } from '../../../core/organizations/memberships.js';
import { roleMay } from '../../../core/grants/roles.js';
import { html } from '../../../web/html.js';
import { validatorFor } from '../../../web/platform-contract.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { kindOnly } from '../kind-only.js';
import { agentsPage, teamPage } from '../pages/agents.js';
import type { FormState } from '../pages/form.js';
import { messagePage } from '../pages/frame.js';
import { confirmPage } from '../pages/key-confirmations.js';
import { problemsAgainst, storeProblems } from '../schema-form.js';

const validAgent = validatorFor('#/components/schemas/AgentCreate');
const validTeam = validatorFor('#/components/schemas/TeamCreate');
type Vars = Context<ConsoleEnv>;
/** A team's name is `teamName` on the page (the agents' form beside it has a `name`). */
const teamProblems = ({ name, ...others }: Record<string, string>) => (name ? { ...others, teamName: name } : others);

export function agentRoutes(
  { agents, teams }: Pick<Directory, 'agents' | 'teams'>,
  memberships: Pick<Memberships, 'members'>,
) {
  const app = new Hono<ConsoleEnv>({ strict: false });
  const role = (c: Vars) => c.var.session.user!.role;
  const access = (c: Vars) =>
    roleMay(role(c), 'agents.write') ? 'manage' : roleMay(role(c), 'agents.read') ? 'read' : 'self';
  const NOTICES: Record<string, string> = {
    added: 'Agent added: they can list homes from now on.',
    archived: 'Archived: their listings and history stay.',
    team: 'Team saved.',
    'team-archived': 'Team archived: its members stay agents.',
  };
  const refusedRole = () => page(messagePage('Not changed', 'Your role reads the agents; ask an owner.'), 403);

  // Every member of an agency may open the page: an agent sees their own record there.
  app.use('/agents', kindOnly('agency', 'agents', 'organizations.read'));
  app.use('/agents/*', kindOnly('agency', 'agents', 'organizations.read'));

  const show = async (
    c: Vars,
    status = 200,
    extra: { notice?: string; agentForm?: FormState; teamForm?: FormState } = {},
  ) => {
    const org = c.var.actor.organizationId;
    const seen = access(c);
    const all = await agents.list(org);
    return page(
      agentsPage(c.var.session, {
        agents: seen === 'self' ? all.filter((a) => a.accountId === c.var.actor.userId) : all,
        teams: seen === 'self' ? [] : await teams.list(org),
        members: seen === 'manage' ? await memberships.members(org) : [],
        access: seen,
        ...extra,
      }),
      status,
    );
  };
  const field = (c: Vars, name: string) => (c.var.form!.get(name) ?? '').trim();
  const optional = (c: Vars, name: string) => (field(c, name) ? { [name]: field(c, name) } : {});

  app.get('/agents', (c) => show(c, 200, { notice: NOTICES[c.req.query('notice') ?? ''] }));

  app.post('/agents', async (c) => {
    if (access(c) !== 'manage') return refusedRole();
    const values = Object.fromEntries(
      ['name', 'ceaNumber', 'email', 'phone', 'role', 'accountId'].map((n) => [n, field(c, n)]),
    );
    const input = {
      name: values.name,
      ceaNumber: values.ceaNumber!.toUpperCase(),
      ...optional(c, 'email'),
      ...optional(c, 'phone'),
      ...optional(c, 'accountId'),
      role: values.role || 'agent',
    };
    const errors = problemsAgainst(validAgent, input);
    if (Object.keys(errors).length) return show(c, 400, { agentForm: { values, errors } });
    const { actor } = c.var;
    const made = await actingAsPerson(actor.userId, () => agents.create(actor.organizationId, input as never));
    if ('errors' in made) return show(c, 422, { agentForm: { values, errors: storeProblems(made.errors) } });
    return redirect('/console/agents?notice=added');
  });

  const agentOf = (c: Vars) => agents.get(c.var.actor.organizationId, c.req.param('id')!);
  const noAgent = () => page(messagePage('No such agent', 'See the agents page for yours.'), 404);
  app.get('/agents/:id{agt_[a-z0-9]+}/archive', async (c) => {
    const agent = await agentOf(c);
    if (!agent) return noAgent();
    if (access(c) !== 'manage') return refusedRole();
    return page(
      confirmPage(
        c.var.session,
        `Archive ${agent.name}?`,
        html`<p>${agent.name} (${agent.ceaNumber}) leaves the agency: they keep their listings, viewings and history, leave their teams, and can list nothing new. Archiving is final; their CEA number can be added again, here or at another agency.</p>`,
        { url: `/console/agents/${agent.id}/archive`, label: 'Archive agent', danger: true },
        '/console/agents',
      ),
    );
  });
  app.post('/agents/:id{agt_[a-z0-9]+}/archive', async (c) => {
    if (access(c) !== 'manage') return refusedRole();
    const { actor } = c.var;
    const done = await actingAsPerson(actor.userId, () => agents.archive(actor.organizationId, c.req.param('id')));
    return done ? redirect('/console/agents?notice=archived') : noAgent();
  });

  const teamInput = (c: Vars) => {
    const values = { teamName: field(c, 'teamName'), agentIds: c.var.form!.getAll('agentIds') };
    return { values, input: { name: values.teamName, agentIds: values.agentIds } };
  };
  app.post('/agents/teams', async (c) => {
    if (access(c) !== 'manage') return refusedRole();
    const { values, input } = teamInput(c);
    const errors = teamProblems(problemsAgainst(validTeam, input));
    if (Object.keys(errors).length) return show(c, 400, { teamForm: { values, errors } });
    const { actor } = c.var;
    const made = await actingAsPerson(actor.userId, () => teams.create(actor.organizationId, input));
    if ('errors' in made)
      return show(c, 422, { teamForm: { values, errors: teamProblems(storeProblems(made.errors)) } });
    return redirect('/console/agents?notice=team');
  });

  const teamOf = (c: Vars) => teams.get(c.var.actor.organizationId, c.req.param('id')!);
  const noTeam = () => page(messagePage('No such team', 'See the agents page for your teams.'), 404);
  app.get('/agents/teams/:id{team_[a-z0-9]+}', async (c) => {
    const team = await teamOf(c);
    if (!team || team.status === 'archived') return noTeam();
    if (access(c) !== 'manage') return refusedRole();
    return page(teamPage(c.var.session, team, await agents.list(c.var.actor.organizationId)));
  });
  app.post('/agents/teams/:id{team_[a-z0-9]+}', async (c) => {
    if (access(c) !== 'manage') return refusedRole();
    const team = await teamOf(c);
    if (!team) return noTeam();
    const { values, input } = teamInput(c);
    const { actor } = c.var;
    const again = async (status: number, errors: Record<string, string>) =>
      page(teamPage(c.var.session, team, await agents.list(actor.organizationId), { values, errors }), status);
    const errors = teamProblems(problemsAgainst(validTeam, input));
    if (Object.keys(errors).length) return again(400, errors);
    const changed = await actingAsPerson(actor.userId, () => teams.update(actor.organizationId, team.id, input));
    if (!changed || 'refused' in changed) return noTeam();
    if ('errors' in changed) return again(422, teamProblems(storeProblems(changed.errors)));
    return redirect('/console/agents?notice=team');
  });
  app.get('/agents/teams/:id{team_[a-z0-9]+}/archive', async (c) => {
    const team = await teamOf(c);
    if (!team) return noTeam();
    if (access(c) !== 'manage') return refusedRole();
    return page(
      confirmPage(
        c.var.session,
        `Archive the team ${team.name}?`,
        html`<p>The team is kept in the history but can no longer change; its ${team.agentIds.length} members stay agents of the agency.</p>`,
        { url: `/console/agents/teams/${team.id}/archive`, label: 'Archive team', danger: true },
        '/console/agents',
      ),
    );
  });
  app.post('/agents/teams/:id{team_[a-z0-9]+}/archive', async (c) => {
    if (access(c) !== 'manage') return refusedRole();
    const { actor } = c.var;
    const done = await actingAsPerson(actor.userId, () => teams.archive(actor.organizationId, c.req.param('id')));
    return done ? redirect('/console/agents?notice=team-archived') : noTeam();
  });

  return app;
}
