/**
 * The Platform API's operations on an organization's own records (tags Agents, Developers, Listings):
 * an agency's agents and teams, a developer's projects and unit types, a partner site's profile, on
 * the directory's stores, for every organization alike.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Directory } from '../../core/directory/directory.js';
import { publicSite } from '../../core/directory/partner-site-store.js';
import { onlyFor, refused, unprocessable } from './answers.js';
import type { Answer, Operation, OperationContext } from './operation.js';
import { pageAnswer as page } from './pagination.js';

type Schemas = components['schemas'];
type DirectoryOperation =
  | 'listAgents'
  | 'createAgent'
  | 'getAgent'
  | 'updateAgent'
  | 'archiveAgent'
  | 'listTeams'
  | 'createTeam'
  | 'getTeam'
  | 'updateTeam'
  | 'archiveTeam'
  | 'createProject'
  | 'getProject'
  | 'updateProject'
  | 'changeProjectStatus'
  | 'createUnitType'
  | 'updateUnitType'
  | 'deleteUnitType'
  | 'archiveUnitType'
  | 'getPartnerSiteProfile'
  | 'updatePartnerSiteProfile';

const none = (what: string, id: unknown, list: string): Answer => ({
  problem: 'not_found',
  detail: `No ${what} ${String(id)} belongs to this organization. List them with ${list}.`,
});
type FieldErrors = { parameter: string; detail: string }[];
type Refusal = { refused: { from: string; allowed: string[] } };
/** A store's outcome as an answer: the record under `key`, its field errors (422), a refused move (409) or nothing found (404). */
const answer = (
  key: string,
  outcome: object | undefined,
  missing: () => Answer,
  verb: string,
  status = 200,
): Answer => {
  if (!outcome) return missing();
  if ('refused' in outcome && outcome.refused) return refused(outcome as Refusal, verb);
  if ('errors' in outcome && outcome.errors) return unprocessable(outcome.errors as FieldErrors);
  return { status, body: (outcome as Record<string, unknown>)[key] };
};

export function createDirectoryOperations(directory: Directory): Record<DirectoryOperation, Operation> {
  const { agents, teams, projects, partnerSites } = directory;
  const org = (ctx: OperationContext) => ctx.key.organization;
  const id = (ctx: OperationContext, name: string) => String(ctx.params[name]);
  const agency = onlyFor('agency', 'agents or teams', directory);
  const developer = onlyFor('developer', 'projects', directory);
  const site = onlyFor('partner_site', 'partner-site profile', directory);
  const noAgent = (ctx: OperationContext) => () => none('agent', ctx.params.agentId, 'GET /agents');
  const noTeam = (ctx: OperationContext) => () => none('team', ctx.params.teamId, 'GET /teams');
  const noProject = (ctx: OperationContext) => () =>
    none('project', ctx.params.projectId, 'GET /developers/current/projects');
  const noUnitType = (ctx: OperationContext) => () =>
    none('unit type', ctx.params.unitTypeId, `GET /developers/current/projects/${String(ctx.params.projectId)}`);
  const status = (ctx: OperationContext) => ctx.params.status as Schemas['RecordStatus'] | undefined;

  return {
    listAgents: agency(async (ctx) => page(await agents.list(org(ctx), status(ctx)), ctx)),
    createAgent: agency(async (ctx) =>
      answer('agent', await agents.create(org(ctx), ctx.body as Schemas['AgentCreate']), noAgent(ctx), 'be added', 201),
    ),
    getAgent: agency(async (ctx) => {
      const agent = await agents.get(org(ctx), id(ctx, 'agentId'));
      return agent ? { body: agent } : noAgent(ctx)();
    }),
    updateAgent: agency(async (ctx) =>
      answer(
        'agent',
        await agents.update(org(ctx), id(ctx, 'agentId'), ctx.body as Schemas['AgentUpdate']),
        noAgent(ctx),
        'change',
      ),
    ),
    archiveAgent: agency(async (ctx) =>
      answer('agent', await agents.archive(org(ctx), id(ctx, 'agentId')), noAgent(ctx), 'be archived'),
    ),
    listTeams: agency(async (ctx) => page(await teams.list(org(ctx), status(ctx)), ctx)),
    createTeam: agency(async (ctx) =>
      answer('team', await teams.create(org(ctx), ctx.body as Schemas['TeamCreate']), noTeam(ctx), 'be made', 201),
    ),
    getTeam: agency(async (ctx) => {
      const team = await teams.get(org(ctx), id(ctx, 'teamId'));
      return team ? { body: team } : noTeam(ctx)();
    }),
    updateTeam: agency(async (ctx) =>
      answer(
        'team',
        await teams.update(org(ctx), id(ctx, 'teamId'), ctx.body as Schemas['TeamUpdate']),
        noTeam(ctx),
        'change',
      ),
    ),
    archiveTeam: agency(async (ctx) =>
      answer('team', await teams.archive(org(ctx), id(ctx, 'teamId')), noTeam(ctx), 'be archived'),
    ),
    createProject: developer(async (ctx) =>
      answer(
        'project',
        await projects.create(org(ctx), ctx.body as Schemas['ProjectCreate']),
        noProject(ctx),
        'be added',
        201,
      ),
    ),
    getProject: developer(async (ctx) => {
      const project = await projects.get(org(ctx), id(ctx, 'projectId'));
      return project ? { body: project } : noProject(ctx)();
    }),
    updateProject: developer(async (ctx) =>
      answer(
        'project',
        await projects.update(org(ctx), id(ctx, 'projectId'), ctx.body as Schemas['ProjectUpdate']),
        noProject(ctx),
        'change',
      ),
    ),
    changeProjectStatus: developer(async (ctx) => {
      const to = (ctx.body as Schemas['ProjectStatusChange']).status;
      return answer('project', await projects.move(org(ctx), id(ctx, 'projectId'), to), noProject(ctx), `become ${to}`);
    }),
    createUnitType: developer(async (ctx) =>
      answer(
        'unitType',
        await projects.addUnitType(org(ctx), id(ctx, 'projectId'), ctx.body as Schemas['UnitTypeCreate']),
        noProject(ctx),
        'take new unit types',
        201,
      ),
    ),
    updateUnitType: developer(async (ctx) => {
      const outcome = await projects.changeUnitType(
        org(ctx),
        id(ctx, 'projectId'),
        id(ctx, 'unitTypeId'),
        ctx.body as Schemas['UnitTypeUpdate'],
      );
      return answer('unitType', outcome, noUnitType(ctx), 'change');
    }),
    deleteUnitType: developer(async (ctx) => {
      const outcome = await projects.deleteUnitType(org(ctx), id(ctx, 'projectId'), id(ctx, 'unitTypeId'));
      if (outcome && 'batched' in outcome)
        return {
          problem: 'unit_type_in_use',
          detail: `Batches hold ${outcome.batched} units of this unit type, so it cannot be deleted: archive it instead (POST …/archive).`,
        };
      return answer('unitType', outcome, noUnitType(ctx), 'change');
    }),
    archiveUnitType: developer(async (ctx) =>
      answer(
        'unitType',
        await projects.archiveUnitType(org(ctx), id(ctx, 'projectId'), id(ctx, 'unitTypeId')),
        noUnitType(ctx),
        'be archived',
      ),
    ),
    getPartnerSiteProfile: site(async (ctx) => {
      const own = await partnerSites.ofOrganization(org(ctx));
      return own
        ? { body: publicSite(own) }
        : {
            problem: 'not_found',
            detail: 'This partner site has no profile yet: write it with PUT /partner-sites/current.',
          };
    }),
    updatePartnerSiteProfile: site(async (ctx) => {
      const outcome = await partnerSites.write(org(ctx), ctx.body as Schemas['PartnerSiteProfile']);
      return 'errors' in outcome ? unprocessable(outcome.errors) : { body: publicSite(outcome.site) };
    }),
  };
}
