/**
 * The console's Projects pages, for developers: projects added (checked against the contract's
 * ProjectCreate), moved along their status after asking, and their unit types added (UnitTypeCreate)
 * and archived after asking. An owner changes them; an engineer or agent reads. Each change runs as
 * the person, in the environment the console shows.
 */
import { type Context, Hono } from 'hono';
import type { ProjectStatus, ProjectStore } from '../../../core/directory/project-store.js';
import { PROJECT_TRANSITIONS } from '../../../core/directory/project-store.js';
import { actingAsPerson } from '../../../core/events/acting.js';
import { roleMay } from '../../../core/grants/roles.js';
import { html } from '../../../web/html.js';
import { validatorFor } from '../../../web/platform-contract.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { kindOnly } from '../kind-only.js';
import { messagePage } from '../pages/frame.js';
import { confirmPage } from '../pages/key-confirmations.js';
import { MOVE_WORDS, projectPage, projectsPage, STATUS_WORDS } from '../pages/projects.js';
import { problemsAgainst, storeProblems } from '../schema-form.js';

const validProject = validatorFor('#/components/schemas/ProjectCreate');
const validUnitType = validatorFor('#/components/schemas/UnitTypeCreate');
const validDetails = validatorFor('#/components/schemas/ProjectUpdate');
type Vars = Context<ConsoleEnv>;
const isStatus = (to: string): to is ProjectStatus => Object.hasOwn(PROJECT_TRANSITIONS, to);
/** A whole number or decimal typed in a form, as the schema should see it; anything else as typed, for it to refuse. */
const numberIn = (text: string) => (/^\d+(\.\d+)?$/.test(text) ? Number(text) : text);

export function projectRoutes(projects: ProjectStore) {
  const app = new Hono<ConsoleEnv>({ strict: false });
  const mayChange = (c: Vars) => roleMay(c.var.session.user!.role, 'developers.write');
  const NOTICES: Record<string, string> = {
    added: 'Project added, planned: add its unit types, then move it along.',
    moved: 'Status changed: the change is in the audit log and on its way to your webhooks.',
    unit: 'Unit type added.',
    archived: 'Unit type archived: its batches stay.',
    details: 'Details saved.',
  };
  const refusedRole = () => page(messagePage('Not changed', 'Your role reads the projects; ask an owner.'), 403);
  app.use('/projects', kindOnly('developer', 'projects', 'developers.read'));
  app.use('/projects/*', kindOnly('developer', 'projects', 'developers.read'));

  const field = (c: Vars, name: string) => (c.var.form!.get(name) ?? '').trim();
  const list = async (
    c: Vars,
    status = 200,
    form?: { values: Record<string, string>; errors: Record<string, string> },
  ) =>
    page(
      projectsPage(c.var.session, {
        projects: await projects.list(c.var.actor.organizationId),
        mayChange: mayChange(c),
        form,
        notice: NOTICES[c.req.query('notice') ?? ''],
      }),
      status,
    );
  app.get('/projects', (c) => list(c));
  app.post('/projects', async (c) => {
    if (!mayChange(c)) return refusedRole();
    const values = Object.fromEntries(['name', 'address', 'district', 'tenure'].map((n) => [n, field(c, n)]));
    const input = {
      name: values.name,
      ...(values.address ? { address: values.address } : {}),
      district: numberIn(values.district!),
      tenure: values.tenure,
    };
    const errors = problemsAgainst(validProject, input);
    if (Object.keys(errors).length) return list(c, 400, { values, errors });
    const { actor } = c.var;
    const made = await actingAsPerson(actor.userId, () => projects.create(actor.organizationId, input as never));
    if ('errors' in made) return list(c, 422, { values, errors: storeProblems(made.errors) });
    return redirect(`/console/projects/${made.project.id}?notice=added`);
  });

  const noProject = () => page(messagePage('No such project', 'See the projects page for yours.'), 404);
  type Form = { values: Record<string, string>; errors: Record<string, string> };
  const one = async (c: Vars, status = 200, form?: Form, details?: Form) => {
    const project = await projects.get(c.var.actor.organizationId, c.req.param('id')!);
    if (!project) return noProject();
    const notice = NOTICES[c.req.query('notice') ?? ''];
    return page(projectPage(c.var.session, { project, mayChange: mayChange(c), form, details, notice }), status);
  };
  const PROJECT = '/projects/:id{proj_[a-z0-9]+}';
  app.get(PROJECT, (c) => one(c));
  app.post(PROJECT, async (c) => {
    if (!mayChange(c)) return refusedRole();
    const values = { projectName: field(c, 'projectName'), address: field(c, 'address') };
    const input = { name: values.projectName, ...(values.address ? { address: values.address } : {}) };
    const named = ({ name, ...others }: Record<string, string>) => (name ? { ...others, projectName: name } : others);
    const errors = named(problemsAgainst(validDetails, input));
    if (Object.keys(errors).length) return one(c, 400, undefined, { values, errors });
    const { actor } = c.var;
    const id = c.req.param('id');
    const changed = await actingAsPerson(actor.userId, () => projects.update(actor.organizationId, id, input));
    if (!changed) return noProject();
    if ('refused' in changed) return page(messagePage('Not changed', 'The project is final.'), 409);
    if ('errors' in changed) return one(c, 422, undefined, { values, errors: named(storeProblems(changed.errors)) });
    return redirect(`/console/projects/${id}?notice=details`);
  });

  app.get(`${PROJECT}/status/:to{[a-z_]+}`, async (c) => {
    const project = await projects.get(c.var.actor.organizationId, c.req.param('id'));
    const to = c.req.param('to');
    if (!project || !isStatus(to)) return noProject();
    if (!mayChange(c)) return refusedRole();
    const final = PROJECT_TRANSITIONS[to].length === 0;
    return page(
      confirmPage(
        c.var.session,
        `${MOVE_WORDS[to]}: ${project.name}?`,
        html`<p>${project.name} moves from ${STATUS_WORDS[project.status]} to ${STATUS_WORDS[to]}.${final && html` <strong>${STATUS_WORDS[to]} is final</strong>: the project can no longer change, take batches or visitors.`}</p>`,
        { url: `/console/projects/${project.id}/status/${to}`, label: MOVE_WORDS[to], danger: final },
        `/console/projects/${project.id}`,
      ),
    );
  });
  app.post(`${PROJECT}/status/:to{[a-z_]+}`, async (c) => {
    if (!mayChange(c)) return refusedRole();
    const to = c.req.param('to');
    if (!isStatus(to)) return noProject();
    const { actor } = c.var;
    const id = c.req.param('id');
    const moved = await actingAsPerson(actor.userId, () => projects.move(actor.organizationId, id, to));
    if (!moved) return noProject();
    if ('refused' in moved || 'errors' in moved)
      return page(
        messagePage(
          'Not changed',
          'errors' in moved
            ? `${moved.errors[0]!.detail}.`
            : `From ${STATUS_WORDS[moved.refused.from]} the project cannot become ${STATUS_WORDS[to]}.`,
        ),
        409,
      );
    return redirect(`/console/projects/${id}?notice=moved`);
  });

  app.post(`${PROJECT}/unit-types`, async (c) => {
    if (!mayChange(c)) return refusedRole();
    const values = Object.fromEntries(['name', 'bedrooms', 'floorAreaSqm', 'units'].map((n) => [n, field(c, n)]));
    const input = {
      name: values.name,
      bedrooms: numberIn(values.bedrooms!),
      floorAreaSqm: numberIn(values.floorAreaSqm!),
      units: numberIn(values.units!),
    };
    const errors = problemsAgainst(validUnitType, input);
    if (Object.keys(errors).length) return one(c, 400, { values, errors });
    const { actor } = c.var;
    const id = c.req.param('id');
    const made = await actingAsPerson(actor.userId, () =>
      projects.addUnitType(actor.organizationId, id, input as never),
    );
    if (!made) return noProject();
    if ('refused' in made)
      return page(messagePage('Not changed', 'The project is final: it takes no unit types.'), 409);
    if ('errors' in made) return one(c, 422, { values, errors: storeProblems(made.errors ?? []) });
    return redirect(`/console/projects/${id}?notice=unit`);
  });

  const UNIT = `${PROJECT}/unit-types/:unit{ut_[a-z0-9]+}/archive`;
  app.get(UNIT, async (c) => {
    const project = await projects.get(c.var.actor.organizationId, c.req.param('id'));
    const unit = project?.unitTypes.find((u) => u.id === c.req.param('unit'));
    if (!project || !unit) return noProject();
    if (!mayChange(c)) return refusedRole();
    return page(
      confirmPage(
        c.var.session,
        `Archive ${unit.name} of ${project.name}?`,
        html`<p>Its batches, price lists and leads stay as they are; no new batch can name it. Archiving is final.</p>`,
        {
          url: `/console/projects/${project.id}/unit-types/${unit.id}/archive`,
          label: 'Archive unit type',
          danger: true,
        },
        `/console/projects/${project.id}`,
      ),
    );
  });
  app.post(UNIT, async (c) => {
    if (!mayChange(c)) return refusedRole();
    const { actor } = c.var;
    const id = c.req.param('id');
    const done = await actingAsPerson(actor.userId, () =>
      projects.archiveUnitType(actor.organizationId, id, c.req.param('unit')),
    );
    return done ? redirect(`/console/projects/${id}?notice=archived`) : noProject();
  });

  return app;
}
