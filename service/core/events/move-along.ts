/**
 * One move of a resource along its contract's state machine (`x-transitions`), in one transaction:
 * the row locked, the move checked against where it stands, the status and `updated_at` written, and
 * the change recorded (audit entry and event), then the move's own hook. Every store's moves go through it.
 */
import type { Database } from '../../db/database.js';
import type { Change } from './change-types.js';
import { recordChangeOf, serviceActor, type Tx } from './record-change.js';

export interface Move<S extends string, R> {
  /** A table with `id`, `organization_id` and a status column. */
  table:
    | 'showflat_bookings'
    | 'inventory_batches'
    | 'viewings'
    | 'listings'
    | 'mortgage_journeys'
    | 'service_orders'
    | 'projects';
  /** The status column: `status`, or a listing's `standard_status`. */
  statusColumn?: 'status' | 'standard_status';
  /** The columns stamped with the move's time: `updated_at` by default. */
  stamps?: string[];
  /** What the move records beside its status (a step's figures, a report): column names, never input. */
  set?: Record<string, unknown>;
  organizationId: string;
  id: string;
  to: S;
  transitions: Record<S, S[]>;
  at: Date;
  /** Takes the locks the move needs before its row's, in the order every other writer takes them. */
  lock?(tx: Tx): Promise<void>;
  /** The change recorded for the move, from the row before it. */
  event(before: R): Change;
  /** What else the move does in its transaction once recorded (a listing off the market cancels its viewings). */
  after?(tx: Tx, moved: R, before: R): Promise<void>;
}

export async function moveAlong<S extends string, R>(
  db: Database,
  move: Move<S, R>,
): Promise<{ moved: R } | { refused: { from: S; allowed: S[] } } | undefined> {
  const column = move.statusColumn ?? 'status';
  const stamps = (move.stamps ?? ['updated_at']).map((name) => `${name} = $4`).join(', ');
  const written = Object.entries(move.set ?? {});
  const set = written.map(([name], i) => `, ${name} = $${i + 5}`).join('');
  // An object is a jsonb column's value; a date, text or number goes as it is.
  const values = written.map(([, value]) =>
    value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value,
  );
  return db.transaction(async (tx) => {
    await move.lock?.(tx);
    const [row] = await tx.query<R & Record<string, S>>(
      `select * from ${move.table} where organization_id = $1 and id = $2 for update`,
      [move.organizationId, move.id],
    );
    if (!row) return undefined;
    const from = row[column]!;
    const allowed = move.transitions[from];
    if (!allowed.includes(move.to)) return { refused: { from, allowed } };
    const [moved] = await tx.query<R>(
      `update ${move.table} set ${column} = $3, ${stamps}${set} where organization_id = $1 and id = $2 returning *`,
      [move.organizationId, move.id, move.to, move.at, ...values],
    );
    await recordChangeOf(tx, serviceActor(move.organizationId), move.id, move.event(row));
    await move.after?.(tx, moved!, row);
    return { moved: moved! };
  });
}
