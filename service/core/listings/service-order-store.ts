/**
 * Service operations: the work an agency arranges for a home it lists (an inspection, a repair,
 * cleaning, photography, a key handover, a move), each a service order moved along the contract's
 * `x-transitions` of ServiceOrderStatus with its audit entry and `service_order.*` event. An event
 * names the listing, the kind and the window, never the provider's phone.
 */
import platform from '../../../contract/platform.openapi.json' with { type: 'json' };
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { newTimeOrderedId } from '../../db/ids.js';
import { ownedRow, roomInOrganization } from '../../db/organization-rows.js';
import { moveAlong } from '../events/move-along.js';
import { recordChange, serviceActor } from '../events/record-change.js';
import { SLOT_WINDOW } from './viewing-store.js';

type Schemas = components['schemas'];
export type ServiceOrder = Schemas['ServiceOrder'];
export type OrderStatus = Schemas['ServiceOrderStatus'];
export const ORDER_TRANSITIONS = platform.components.schemas.ServiceOrderStatus['x-transitions'] as Record<
  OrderStatus,
  OrderStatus[]
>;
/** Most orders one agency keeps; the longest window one may hold. */
export const MAX_ORDERS = 1000;
const LONGEST_WINDOW_MS = 12 * 3_600_000;

interface FieldError {
  parameter: string;
  detail: string;
}
interface Row {
  id: string;
  listing_id: string;
  kind: Schemas['ServiceOrderKind'];
  status: OrderStatus;
  notes: string | null;
  provider: Schemas['ServiceProvider'] | null;
  starts_at: Date | null;
  ends_at: Date | null;
  report: string | null;
  cancelled_reason: string | null;
  completed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);
const toOrder = (row: Row): ServiceOrder => ({
  object: 'service_order',
  id: row.id,
  listingId: row.listing_id,
  kind: row.kind,
  status: row.status,
  allowedTransitions: ORDER_TRANSITIONS[row.status],
  notes: row.notes,
  provider: row.provider,
  startsAt: iso(row.starts_at),
  endsAt: iso(row.ends_at),
  report: row.report,
  cancelledReason: row.cancelled_reason,
  completedAt: iso(row.completed_at),
  createdAt: iso(row.created_at)!,
  updatedAt: iso(row.updated_at)!,
});
const detailOf = (row: Row, status: OrderStatus, from?: OrderStatus, startsAt?: string) => ({
  listingId: row.listing_id,
  kind: row.kind,
  status,
  ...(from && { from }),
  ...(startsAt && { startsAt }),
});
const EVENT = {
  scheduled: 'scheduled',
  in_progress: 'started',
  completed: 'completed',
  cancelled: 'cancelled',
} as const;

export type OrderStep =
  | { to: 'scheduled'; schedule: Schemas['ServiceOrderSchedule'] }
  | { to: 'in_progress' }
  | { to: 'completed'; report: string }
  | { to: 'cancelled'; reason: string };

export function createServiceOrderStore(db: Database, now = () => new Date()) {
  /** A window's problems, each naming its field, as a provider's calendar would refuse it. */
  function problemsInWindow({ startsAt, endsAt }: Schemas['ServiceOrderSchedule']): FieldError[] {
    const [start, end] = [new Date(startsAt), new Date(endsAt)];
    const onQuarter = (at: Date) => !(at.getUTCMinutes() % 15 || at.getUTCSeconds() || at.getUTCMilliseconds());
    const ahead = start.getTime() - now().getTime();
    const errors: FieldError[] = [];
    if (!onQuarter(start))
      errors.push({ parameter: 'body.startsAt', detail: 'must be on a quarter hour (00, 15, 30 or 45 minutes)' });
    else if (ahead < SLOT_WINDOW.earliestMs)
      errors.push({ parameter: 'body.startsAt', detail: 'must be at least 1 hour from now' });
    else if (ahead > SLOT_WINDOW.latestMs)
      errors.push({ parameter: 'body.startsAt', detail: 'must be at most 90 days from now' });
    const length = end.getTime() - start.getTime();
    if (!onQuarter(end))
      errors.push({ parameter: 'body.endsAt', detail: 'must be on a quarter hour (00, 15, 30 or 45 minutes)' });
    else if (length <= 0) errors.push({ parameter: 'body.endsAt', detail: 'must come after startsAt' });
    else if (length > LONGEST_WINDOW_MS)
      errors.push({ parameter: 'body.endsAt', detail: 'must be at most 12 hours after startsAt' });
    return errors;
  }

  return {
    async list(organizationId: string, filter: { status?: OrderStatus; listingId?: string } = {}) {
      const rows = await db.query<Row>(
        `select * from service_orders where organization_id = $1 and ($2::text is null or status = $2)
           and ($3::text is null or listing_id = $3) order by id`,
        [organizationId, filter.status ?? null, filter.listingId ?? null],
      );
      return rows.map(toOrder);
    },
    async get(organizationId: string, id: string) {
      const row = await ownedRow<Row>(db, 'service_orders', organizationId, id);
      return row && toOrder(row);
    },
    async request(
      organizationId: string,
      input: Schemas['ServiceOrderCreate'],
    ): Promise<{ order: ServiceOrder } | { errors: FieldError[] }> {
      return db.transaction(async (tx) => {
        const listing = await ownedRow(tx, 'listings', organizationId, input.listingId);
        if (!listing)
          return {
            errors: [
              { parameter: 'body.listingId', detail: 'not one of this agency’s listings (GET /listings lists them)' },
            ],
          };
        if (!(await roomInOrganization(tx, 'service_orders', organizationId, MAX_ORDERS)))
          return { errors: [{ parameter: 'body', detail: `an agency keeps at most ${MAX_ORDERS} service orders` }] };
        const at = now();
        const [row] = await tx.query<Row>(
          `insert into service_orders (id, organization_id, listing_id, kind, status, notes, created_at, updated_at)
           values ($1, $2, $3, $4, 'requested', $5, $6, $6) returning *`,
          [newTimeOrderedId('svo'), organizationId, input.listingId, input.kind, input.notes?.trim() || null, at],
        );
        await recordChange(
          tx,
          serviceActor(organizationId),
          'service_order.requested',
          row!.id,
          detailOf(row!, 'requested'),
        );
        return { order: toOrder(row!) };
      });
    },
    async move(
      organizationId: string,
      id: string,
      step: OrderStep,
    ): Promise<
      | { order: ServiceOrder }
      | { errors: FieldError[] }
      | { refused: { from: OrderStatus; allowed: OrderStatus[] } }
      | undefined
    > {
      const seen = await ownedRow<Row>(db, 'service_orders', organizationId, id);
      if (!seen) return undefined;
      const allowed = ORDER_TRANSITIONS[seen.status];
      if (!allowed.includes(step.to)) return { refused: { from: seen.status, allowed } };
      if (step.to === 'scheduled') {
        const errors = problemsInWindow(step.schedule);
        if (errors.length) return { errors };
      }
      const at = now();
      const set =
        step.to === 'scheduled'
          ? {
              provider: step.schedule.provider,
              starts_at: new Date(step.schedule.startsAt),
              ends_at: new Date(step.schedule.endsAt),
            }
          : step.to === 'completed'
            ? { report: step.report.trim(), completed_at: at }
            : step.to === 'cancelled'
              ? { cancelled_reason: step.reason.trim() }
              : {};
      const outcome = await moveAlong<OrderStatus, Row>(db, {
        table: 'service_orders',
        organizationId,
        id,
        to: step.to,
        transitions: ORDER_TRANSITIONS,
        at,
        set,
        event: (before) => ({
          action: `service_order.${EVENT[step.to]}` as const,
          detail: detailOf(
            before,
            step.to,
            before.status,
            step.to === 'scheduled' ? new Date(step.schedule.startsAt).toISOString() : undefined,
          ),
        }),
      });
      if (!outcome) return undefined;
      return 'refused' in outcome ? outcome : { order: toOrder(outcome.moved) };
    },
  };
}

export type ServiceOrderStore = ReturnType<typeof createServiceOrderStore>;
