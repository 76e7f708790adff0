/**
 * A developer's projects and unit types as rows, read the one way every store of them reads: a unit
 * type with what batches hold of it (sold units, every unit they name), a project with its active
 * unit types, and a project refused once final.
 */
import { TRANSITIONS } from '../state-machines/transitions.js';
import type { components } from '../../../contract/generated/platform.js';
import type { Tx } from '../events/record-change.js';

type Schemas = components['schemas'];
export type Project = Schemas['Project'];
export type UnitType = Schemas['UnitType'];
export type ProjectStatus = Schemas['ProjectStatus'];
export const PROJECT_TRANSITIONS = TRANSITIONS.ProjectStatus;
const FINAL: ProjectStatus[] = ['completed', 'withdrawn'];

export interface ProjectRow {
  id: string;
  name: string;
  address: string | null;
  district: number;
  tenure: Project['tenure'];
  status: ProjectStatus;
  created_at: Date;
  updated_at: Date;
}
export interface UnitRow {
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
export const UNIT_SELECT = `select u.*,
  coalesce((select sum(b.units) from inventory_batches b where b.project_id = u.project_id and b.unit_type = u.name
    and b.status = 'sold'), 0)::int as sold,
  coalesce((select sum(b.units) from inventory_batches b where b.project_id = u.project_id and b.unit_type = u.name), 0)::int
    as batched from unit_types u`;
const iso = (at: Date) => new Date(at).toISOString();
export const toUnitType = (row: UnitRow): UnitType => ({
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
export const toProject = (row: ProjectRow, units: UnitRow[]): Project => ({
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
    .map(toUnitType)
    .map(({ id, name, bedrooms, floorAreaSqm, units, available }) => ({
      id,
      name,
      bedrooms,
      floorAreaSqm,
      units,
      available,
    })),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** A move or change refused because the project is final. */
export type Final = { refused: { from: ProjectStatus; allowed: ProjectStatus[] } };
export const finalRefusal = (row: ProjectRow): Final | undefined =>
  FINAL.includes(row.status) ? { refused: { from: row.status, allowed: [] } } : undefined;

/** One of the organization's projects, locked for the transaction's change when asked. */
export const projectRow = async (q: Tx, organizationId: string, id: string, lock = false) =>
  (
    await q.query<ProjectRow>(
      `select * from projects where organization_id = $1 and id = $2${lock ? ' for update' : ''}`,
      [organizationId, id],
    )
  )[0];

/** One of the organization's projects with its active unit types. */
export const readProject = async (q: Tx, organizationId: string, id: string) => {
  const row = await projectRow(q, organizationId, id);
  return row && toProject(row, await q.query<UnitRow>(`${UNIT_SELECT} where u.project_id = $1 order by u.id`, [id]));
};

/** One unit type of one of the organization's projects. */
export const unitRow = async (q: Tx, organizationId: string, projectId: string, id: string) =>
  (
    await q.query<UnitRow>(`${UNIT_SELECT} where u.organization_id = $1 and u.project_id = $2 and u.id = $3`, [
      organizationId,
      projectId,
      id,
    ])
  )[0];
