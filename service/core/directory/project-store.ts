/**
 * A developer's projects and their unit types, per environment like listings: a sandbox project is
 * test data, a live one real. A project moves along ProjectStatus's `x-transitions`; a unit type that
 * batches name keeps its name and cannot be deleted, only archived. Each change is a `project.*` or
 * `unit_type.*` event.
 */
import platform from '../../../contract/platform.openapi.json' with { type: 'json' };
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { newTimeOrderedId } from '../../db/ids.js';
import { roomInOrganization } from '../../db/organization-rows.js';
import { roomUnderCap } from '../../db/locks.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { moveAlong } from '../events/move-along.js';
import { recordChange, serviceActor, type Tx } from '../events/record-change.js';
import { blankFields, type FieldError } from './fields.js';

type Schemas = components['schemas'];
export type Project = Schemas['Project'];
export type UnitType = Schemas['UnitType'];
export type ProjectStatus = Schemas['ProjectStatus'];
export const PROJECT_TRANSITIONS = platform.components.schemas.ProjectStatus['x-transitions'] as Record<
  ProjectStatus,
  ProjectStatus[]
>;
export const MAX_PROJECTS = 200;
export const MAX_UNIT_TYPES = 50;
const FINAL: ProjectStatus[] = ['completed', 'withdrawn'];

interface ProjectRow {
  id: string;
  name: string;
  address: string | null;
  district: number;
  tenure: Project['tenure'];
  status: ProjectStatus;
  created_at: Date;
  updated_at: Date;
}
interface UnitRow {
  id: string;
  project_id: string;
  name: string;
  bedrooms: number;
  floor_area_sqm: string | number;
  units: number;
  sold: number;
  batched: number;
  status: Schemas['RecordStatus'];
  created_at: Date;
  updated_at: Date;
}
// What batches hold of a unit type: its sold units, and every unit any batch names.
const UNIT_SELECT = `select u.*,
  coalesce((select sum(b.units) from inventory_batches b where b.project_id = u.project_id and b.unit_type = u.name
    and b.status = 'sold'), 0)::int as sold,
  coalesce((select sum(b.units) from inventory_batches b where b.project_id = u.project_id and b.unit_type = u.name), 0)::int
    as batched from unit_types u`;
const iso = (at: Date) => new Date(at).toISOString();
const toUnitType = (row: UnitRow): UnitType => ({
  object: 'unit_type',
  id: row.id,
  projectId: row.project_id,
  name: row.name,
  bedrooms: row.bedrooms,
  floorAreaSqm: Number(row.floor_area_sqm),
  units: row.units,
  available: Math.max(0, row.units - row.sold),
  status: row.status,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});
const toProject = (row: ProjectRow, units: UnitRow[]): Project => ({
  object: 'project',
  id: row.id,
  name: row.name,
  address: row.address,
  district: row.district,
  tenure: row.tenure,
  status: row.status,
  allowedTransitions: PROJECT_TRANSITIONS[row.status],
  unitTypes: units
    .filter((u) => u.project_id === row.id && u.status === 'active')
    .map((u) => ({
      id: u.id,
      name: u.name,
      bedrooms: u.bedrooms,
      floorAreaSqm: Number(u.floor_area_sqm),
      units: u.units,
      available: Math.max(0, u.units - u.sold),
    })),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});
const unitDetail = (u: UnitType, status = u.status) => ({
  projectId: u.projectId,
  name: u.name,
  units: u.units,
  status,
});
const NAME_TAKEN: FieldError = { parameter: 'body.name', detail: 'is already one of this project’s unit types' };

type Final = { refused: { from: ProjectStatus; allowed: ProjectStatus[] } };

export function createProjectStore(db: Database, now = () => new Date()) {
  const projectRow = async (q: Tx, organizationId: string, id: string, lock = false) =>
    (
      await q.query<ProjectRow>(
        `select * from projects where organization_id = $1 and id = $2${lock ? ' for update' : ''}`,
        [organizationId, id],
      )
    )[0];
  const readProject = async (q: Tx, organizationId: string, id: string) => {
    const row = await projectRow(q, organizationId, id);
    return row && toProject(row, await q.query<UnitRow>(`${UNIT_SELECT} where u.project_id = $1 order by u.id`, [id]));
  };
  const unitRow = async (q: Tx, organizationId: string, projectId: string, id: string) =>
    (
      await q.query<UnitRow>(`${UNIT_SELECT} where u.organization_id = $1 and u.project_id = $2 and u.id = $3`, [
        organizationId,
        projectId,
        id,
      ])
    )[0];
  const finalRefusal = (row: ProjectRow): Final | undefined =>
    FINAL.includes(row.status) ? { refused: { from: row.status, allowed: [] } } : undefined;

  /** A unit-type change under its project's row lock, refused while the project is final. */
  const withOpenProject = <T>(
    organizationId: string,
    projectId: string,
    work: (tx: Tx, project: ProjectRow) => Promise<T>,
  ): Promise<T | Final | undefined> =>
    db.transaction(async (tx) => {
      const project = await projectRow(tx, organizationId, projectId, true);
      if (!project) return undefined;
      return finalRefusal(project) ?? work(tx, project);
    });

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
    async addUnitType(
      organizationId: string,
      projectId: string,
      input: Schemas['UnitTypeCreate'],
      id = newTimeOrderedId('ut'),
    ) {
      const blank = blankFields(input, ['name']);
      if (blank.length) return { errors: blank };
      try {
        return await withOpenProject(organizationId, projectId, async (tx) => {
          const room = await roomUnderCap(tx, {
            kind: 'unitTypesOfProject',
            key: projectId,
            max: MAX_UNIT_TYPES,
            countSql: `select count(*)::int as n from unit_types where project_id = $1`,
            params: [projectId],
          });
          if (!room)
            return { errors: [{ parameter: 'body', detail: `a project keeps at most ${MAX_UNIT_TYPES} unit types` }] };
          const at = now();
          await tx.query(
            `insert into unit_types (id, organization_id, project_id, name, bedrooms, floor_area_sqm, units, created_at, updated_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
            [id, organizationId, projectId, input.name.trim(), input.bedrooms, input.floorAreaSqm, input.units, at],
          );
          const unitType = toUnitType((await unitRow(tx, organizationId, projectId, id))!);
          await recordChange(tx, serviceActor(organizationId), 'unit_type.created', id, unitDetail(unitType));
          return { unitType };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { errors: [NAME_TAKEN] };
        throw error;
      }
    },
    async changeUnitType(organizationId: string, projectId: string, id: string, input: Schemas['UnitTypeUpdate']) {
      const blank = blankFields(input, ['name']);
      if (blank.length) return { errors: blank };
      try {
        return await withOpenProject(organizationId, projectId, async (tx) => {
          const seen = await unitRow(tx, organizationId, projectId, id);
          if (!seen) return undefined;
          if (seen.status === 'archived') return { refused: { from: 'archived' as const, allowed: [] } };
          const errors: FieldError[] = [];
          if (seen.batched && input.name !== undefined && input.name.trim() !== seen.name)
            errors.push({
              parameter: 'body.name',
              detail: 'cannot change: batches name this unit type (archive it and add another)',
            });
          if (input.units !== undefined && input.units < seen.batched)
            errors.push({
              parameter: 'body.units',
              detail: `must be at least ${seen.batched}, the units its batches hold`,
            });
          if (errors.length) return { errors };
          await tx.query(
            `update unit_types set name = coalesce($2, name), bedrooms = coalesce($3, bedrooms),
               floor_area_sqm = coalesce($4, floor_area_sqm), units = coalesce($5, units), updated_at = $6 where id = $1`,
            [
              id,
              input.name?.trim() ?? null,
              input.bedrooms ?? null,
              input.floorAreaSqm ?? null,
              input.units ?? null,
              now(),
            ],
          );
          const unitType = toUnitType((await unitRow(tx, organizationId, projectId, id))!);
          await recordChange(tx, serviceActor(organizationId), 'unit_type.updated', id, unitDetail(unitType));
          return { unitType };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { errors: [NAME_TAKEN] };
        throw error;
      }
    },
    /** Archives a unit type (final; again changes nothing): its batches stay, no new one may name it. */
    async archiveUnitType(organizationId: string, projectId: string, id: string) {
      return db.transaction(async (tx) => {
        const seen = await unitRow(tx, organizationId, projectId, id);
        if (!seen) return undefined;
        if (seen.status === 'active') {
          await tx.query(`update unit_types set status = 'archived', updated_at = $2 where id = $1`, [id, now()]);
          await recordChange(
            tx,
            serviceActor(organizationId),
            'unit_type.archived',
            id,
            unitDetail(toUnitType(seen), 'archived'),
          );
        }
        return { unitType: toUnitType((await unitRow(tx, organizationId, projectId, id))!) };
      });
    },
    /** Deletes a unit type no batch names; one that batches name is refused (archive it instead). */
    async deleteUnitType(organizationId: string, projectId: string, id: string) {
      return withOpenProject(organizationId, projectId, async (tx) => {
        const seen = await unitRow(tx, organizationId, projectId, id);
        if (!seen) return undefined;
        if (seen.batched) return { batched: seen.batched };
        await tx.query('delete from unit_types where id = $1', [id]);
        const unitType = toUnitType(seen);
        await recordChange(tx, serviceActor(organizationId), 'unit_type.deleted', id, unitDetail(unitType));
        return { unitType };
      });
    },
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
