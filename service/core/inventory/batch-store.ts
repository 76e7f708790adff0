/**
 * A developer's inventory batches: units of one unit type released to buyers together, then held,
 * released again or sold, as `x-transitions` of the contract's InventoryBatchStatus say. Each release
 * and move is one transaction with its audit entry and `inventory_batch.*` event.
 */
import { TRANSITIONS } from '../state-machines/transitions.js';
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { newTimeOrderedId } from '../../db/ids.js';
import { moveAlong } from '../events/move-along.js';
import { recordChange, serviceActor } from '../events/record-change.js';
import { type FieldError, noSuchProject, problemInUnitType, type Project, SELLING } from './project-checks.js';
import { ownedRow, roomInOrganization } from '../../db/organization-rows.js';

type Schemas = components['schemas'];
export type InventoryBatch = Schemas['InventoryBatch'];
export type BatchStatus = Schemas['InventoryBatchStatus'];
export const BATCH_TRANSITIONS = TRANSITIONS.InventoryBatchStatus;
/** Most batches one developer keeps in the sandbox. */
export const MAX_BATCHES = 500;

interface Row {
  id: string;
  project_id: string;
  name: string;
  unit_type: string;
  units: number;
  status: BatchStatus;
  created_at: Date;
  updated_at: Date;
}
const toBatch = (row: Row): InventoryBatch => ({
  object: 'inventory_batch',
  id: row.id,
  projectId: row.project_id,
  name: row.name,
  unitType: row.unit_type,
  units: row.units,
  status: row.status,
  allowedTransitions: BATCH_TRANSITIONS[row.status],
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});
const detailOf = (row: Row, from?: BatchStatus) => ({
  projectId: row.project_id,
  unitType: row.unit_type,
  units: row.units,
  ...(from && { from }),
});

export function createBatchStore(db: Database, now = () => new Date()) {
  return {
    async list(organizationId: string, filter: { projectId?: string; status?: BatchStatus } = {}) {
      const rows = await db.query<Row>(
        `select * from inventory_batches where organization_id = $1
           and ($2::text is null or project_id = $2) and ($3::text is null or status = $3) order by id`,
        [organizationId, filter.projectId ?? null, filter.status ?? null],
      );
      return rows.map(toBatch);
    },
    async get(organizationId: string, id: string) {
      const row = await ownedRow<Row>(db, 'inventory_batches', organizationId, id);
      return row && toBatch(row);
    },
    async release(
      organizationId: string,
      project: Project | undefined,
      input: Schemas['InventoryBatchCreate'],
    ): Promise<{ batch: InventoryBatch } | { errors: FieldError[] }> {
      if (!project) return { errors: [noSuchProject()] };
      if (!SELLING.includes(project.status))
        return {
          errors: [
            { parameter: 'body.projectId', detail: `${project.name} is ${project.status}: it takes no new batches` },
          ],
        };
      const unitProblem = problemInUnitType(project, input.unitType, 'body.unitType');
      if (unitProblem) return { errors: [unitProblem] };
      return db.transaction(async (tx) => {
        if (!(await roomInOrganization(tx, 'inventory_batches', organizationId, MAX_BATCHES)))
          return { errors: [{ parameter: 'body', detail: `a developer keeps at most ${MAX_BATCHES} batches` }] };
        const at = now();
        const [row] = await tx.query<Row>(
          `insert into inventory_batches (id, organization_id, project_id, name, unit_type, units, status, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, 'released', $7, $7) returning *`,
          [newTimeOrderedId('bat'), organizationId, project.id, input.name.trim(), input.unitType, input.units, at],
        );
        await recordChange(tx, serviceActor(organizationId), 'inventory_batch.released', row!.id, detailOf(row!));
        return { batch: toBatch(row!) };
      });
    },
    async move(organizationId: string, id: string, to: BatchStatus) {
      const outcome = await moveAlong<BatchStatus, Row>(db, {
        table: 'inventory_batches',
        organizationId,
        id,
        to,
        transitions: BATCH_TRANSITIONS,
        at: now(),
        event: (row) => ({ action: `inventory_batch.${to}` as const, detail: detailOf(row, row.status) }),
      });
      return outcome && ('moved' in outcome ? { batch: toBatch(outcome.moved) } : outcome);
    },
  };
}

export type BatchStore = ReturnType<typeof createBatchStore>;
