/**
 * A project's unit types, which its batches, price lists and leads name: added while the project is
 * not final (at most 50 a project, a name unique among its active ones), changed, archived
 * (final; its batches stay) or deleted when no batch names it. One that batches name keeps its name
 * and no fewer units than they hold. Each change is a `unit_type.*` event.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { newTimeOrderedId } from '../../db/ids.js';
import { roomUnderCap } from '../../db/locks.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { recordChange, serviceActor, type Tx } from '../events/record-change.js';
import { blankFields, type FieldError } from './fields.js';
import {
  type Final,
  finalRefusal,
  projectRow,
  type ProjectRow,
  toUnitType,
  type UnitType,
  unitRow,
} from './project-rows.js';

type Schemas = components['schemas'];
export const MAX_UNIT_TYPES = 50;

const unitDetail = (u: UnitType, status = u.status) => ({
  projectId: u.projectId,
  name: u.name,
  units: u.units,
  status,
});
const NAME_TAKEN: FieldError = { parameter: 'body.name', detail: 'is already one of this project’s unit types' };

export function createUnitTypeStore(db: Database, now = () => new Date()) {
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
          if (!room) return { errors: [{ parameter: 'body', detail: `a project keeps at most $50 unit types` }] };
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
