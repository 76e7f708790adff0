/**
 * One move of a resource along its contract's state machine (`x-transitions`), in one transaction:
 * the row locked, the move checked against where it stands, the status and `updated_at` written, and
 * the change recorded (audit entry and event). Stores whose moves have no side effects share it.
 */
import type { Database } from '../../db/database.js';
import { recordChange, serviceActor } from './record-change.js';

export interface Move<S extends string, R extends { status: S }> {
  /** A table with `id`, `organization_id`, `status` and `updated_at`. */
  table: 'showflat_bookings' | 'inventory_batches';
  organizationId: string;
  id: string;
  to: S;
  transitions: Record<S, S[]>;
  at: Date;
  /** The event recorded for the move, from the row before it. */
  event(before: R): { type: string; detail: Record<string, unknown> };
}

export async function moveAlong<S extends string, R extends { status: S }>(
  db: Database,
  move: Move<S, R>,
): Promise<{ moved: R } | { refused: { from: S; allowed: S[] } } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<R>(`select * from ${move.table} where organization_id = $1 and id = $2 for update`, [
      move.organizationId,
      move.id,
    ]);
    if (!row) return undefined;
    const allowed = move.transitions[row.status];
    if (!allowed.includes(move.to)) return { refused: { from: row.status, allowed } };
    const [moved] = await tx.query<R>(
      `update ${move.table} set status = $3, updated_at = $4 where organization_id = $1 and id = $2 returning *`,
      [move.organizationId, move.id, move.to, move.at],
    );
    const { type, detail } = move.event(row);
    await recordChange(tx, serviceActor(move.organizationId), type, move.id, detail);
    return { moved: moved! };
  });
}
