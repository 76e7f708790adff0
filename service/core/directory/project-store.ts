/**
 * A developer's projects, per environment like listings: a sandbox project is test data, a live one
 * real. A project moves along ProjectStatus's `x-transitions` and launches only with a unit type; a
 * completed or withdrawn one changes no more. Each change is a `project.*` event; its unit types are
 * unit-type-store.ts's, offered here beside them.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { newTimeOrderedId } from '../../db/ids.js';
import { roomInOrganization } from '../../db/organization-rows.js';
import { moveAlong } from '../events/move-along.js';
import { recordChange, serviceActor, type Tx } from '../events/record-change.js';
import { blankFields, type FieldError } from './fields.js';
import {
  type Final,
  finalRefusal,
  type Project,
  PROJECT_TRANSITIONS,
  projectRow,
  type ProjectRow,
  type ProjectStatus,
  readProject,
  toProject,
  UNIT_SELECT,
  type UnitRow,
} from './project-rows.js';
import { createUnitTypeStore } from './unit-type-store.js';

export { type Project, PROJECT_TRANSITIONS, type ProjectStatus, type UnitType } from './project-rows.js';
export { MAX_UNIT_TYPES } from './unit-type-store.js';

type Schemas = components['schemas'];
export const MAX_PROJECTS = 200;

export function createProjectStore(db: Database, now = () => new Date()) {
  return {
    async list(organizationId: string): Promise<Project[]> {
      const rows = await db.query<ProjectRow>('select * from projects where organization_id = $1 order by id', [
        organizationId,
      ]);
      if (!rows.length) return [];
      const units = await db.query<UnitRow>(`${UNIT_SELECT} where u.organization_id = $1 order by u.id`, [
        organizationId,
      ]);
      return rows.map((row) => toProject(row, units));
    },
    get: (organizationId: string, id: string) => readProject(db, organizationId, String(id)),
    async create(
      organizationId: string,
      input: Schemas['ProjectCreate'],
      id = newTimeOrderedId('proj'),
    ): Promise<{ project: Project } | { errors: FieldError[] }> {
      const blank = blankFields(input, ['name', 'address']);
      if (blank.length) return { errors: blank };
      return db.transaction(async (tx) => {
        if (!(await roomInOrganization(tx, 'projects', organizationId, MAX_PROJECTS)))
          return { errors: [{ parameter: 'body', detail: `a developer keeps at most ${MAX_PROJECTS} projects` }] };
        const at = now();
        await tx.query(
          `insert into projects (id, organization_id, name, address, district, tenure, status, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, 'planned', $7, $7)`,
          [id, organizationId, input.name.trim(), input.address?.trim() ?? null, input.district, input.tenure, at],
        );
        const project = (await readProject(tx, organizationId, id))!;
        await recordChange(tx, serviceActor(organizationId), 'project.created', id, {
          name: project.name,
          status: project.status,
        });
        return { project };
      });
    },
    async update(
      organizationId: string,
      id: string,
      input: Schemas['ProjectUpdate'],
    ): Promise<{ project: Project } | { errors: FieldError[] } | Final | undefined> {
      const blank = blankFields(input, ['name', 'address']);
      if (blank.length) return { errors: blank };
      return db.transaction(async (tx) => {
        const seen = await projectRow(tx, organizationId, id, true);
        if (!seen) return undefined;
        const final = finalRefusal(seen);
        if (final) return final;
        await tx.query(
          `update projects set name = coalesce($2, name), address = coalesce($3, address),
             district = coalesce($4, district), tenure = coalesce($5, tenure), updated_at = $6 where id = $1`,
          [
            id,
            input.name?.trim() ?? null,
            input.address?.trim() ?? null,
            input.district ?? null,
            input.tenure ?? null,
            now(),
          ],
        );
        const project = (await readProject(tx, organizationId, id))!;
        await recordChange(tx, serviceActor(organizationId), 'project.updated', id, {
          name: project.name,
          status: project.status,
        });
        return { project };
      });
    },
    async move(
      organizationId: string,
      id: string,
      to: ProjectStatus,
    ): Promise<{ project: Project } | { errors: FieldError[] } | Final | undefined> {
      if (to === 'launched') {
        const seen = await readProject(db, organizationId, id);
        if (seen && !seen.unitTypes.length && PROJECT_TRANSITIONS[seen.status].includes(to))
          return {
            errors: [{ parameter: 'body.status', detail: `${seen.name} has no unit types to sell yet: add one first` }],
          };
      }
      const outcome = await moveAlong<ProjectStatus, ProjectRow>(db, {
        table: 'projects',
        organizationId,
        id,
        to,
        transitions: PROJECT_TRANSITIONS,
        at: now(),
        event: (before) => ({
          action: 'project.status_changed',
          detail: { name: before.name, status: to, from: before.status },
        }),
      });
      if (!outcome || 'refused' in outcome) return outcome;
      return { project: (await readProject(db, organizationId, id))! };
    },
    ...createUnitTypeStore(db, now),
  };
}

/** A project and its unit types as the sandbox seeds them: their own ids, no events. */
export async function seedProject(
  tx: Tx,
  organizationId: string,
  project: Omit<Project, 'object' | 'unitTypes'> & { unitTypes: (Schemas['UnitTypeCreate'] & { id: string })[] },
) {
  await tx.query(
    `insert into projects (id, organization_id, name, address, district, tenure, status)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing`,
    [
      project.id,
      organizationId,
      project.name,
      project.address ?? null,
      project.district,
      project.tenure,
      project.status,
    ],
  );
  for (const u of project.unitTypes)
    await tx.query(
      `insert into unit_types (id, organization_id, project_id, name, bedrooms, floor_area_sqm, units)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing`,
      [u.id, organizationId, project.id, u.name, u.bedrooms, u.floorAreaSqm, u.units],
    );
}

export type ProjectStore = ReturnType<typeof createProjectStore>;
