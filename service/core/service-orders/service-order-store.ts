/**
 * Service operations: the work an agency arranges for a home it lists (an inspection, a repair,
 * cleaning, photography, a key handover, a move), each a service order moved along the contract's
 * `x-transitions` of ServiceOrderStatus with its audit entry and `service_order.*` event. An event
 * names the listing, the kind and the window, never the provider's phone.
 */
import { TRANSITIONS } from '../state-machines/transitions.js';
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { newTimeOrderedId } from '../../db/ids.js';
import { ownedRow, roomInOrganization } from '../../db/organization-rows.js';
import { moveAlong } from '../events/move-along.js';
import { recordChange, serviceActor } from '../events/record-change.js';
import { SLOT_WINDOW } from '../listings/viewing-store.js';

type Schemas = components['schemas'];
export type ServiceOrder = Schemas['ServiceOrder'];
export type OrderStatus = Schemas['ServiceOrderStatus'];
export const ORDER_TRANSITIONS = TRANSITIONS.ServiceOrderStatus;
/** Most orders one agency keeps; the longest window one may hold. */
export const MAX_ORDERS = 1000;
const LONGEST_WINDOW_MS = 12 * 3_600_000;
const INSTANT = 'must be a date and time with its offset (ISO 8601, e.g. 2026-12-15T10:00:00+08:00)';
/** A date and time that names its offset (`Z` or `±hh:mm`): without one, a server would read it in its own zone. */
const instantOf = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? undefined : at;
};
/** Text a person typed, refused when nothing is left once trimmed. */
export const blank = (text: string | undefined) => text !== undefined && text.trim() === '';

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
    const [start, end] = [instantOf(startsAt), instantOf(endsAt)];
    const errors: FieldError[] = [];
    const onQuarter = (at: Date) => !(at.getUTCMinutes() % 15 || at.getUTCSeconds() || at.getUTCMilliseconds());
    if (!start) errors.push({ parameter: 'body.startsAt', detail: INSTANT });
    else if (!onQuarter(start))
      errors.push({ parameter: 'body.startsAt', detail: 'must be on a quarter hour (00, 15, 30 or 45 minutes)' });
    else if (start.getTime() - now().getTime() < SLOT_WINDOW.earliestMs)
      errors.push({ parameter: 'body.startsAt', detail: 'must be at least 1 hour from now' });
    else if (start.getTime() - now().getTime() > SLOT_WINDOW.latestMs)
      errors.push({ parameter: 'body.startsAt', detail: 'must be at most 90 days from now' });
    if (!end) errors.push({ parameter: 'body.endsAt', detail: INSTANT });
    else if (!onQuarter(end))
      errors.push({ parameter: 'body.endsAt', detail: 'must be on a quarter hour (00, 15, 30 or 45 minutes)' });
    else if (start && end.getTime() <= start.getTime())
      errors.push({ parameter: 'body.endsAt', detail: 'must come after startsAt' });
    else if (start && end.getTime() - start.getTime() > LONGEST_WINDOW_MS)
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
      if (blank(input.notes)) return { errors: [{ parameter: 'body.notes', detail: 'must hold more than spaces' }] };
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
      const errors =
        step.to === 'scheduled'
          ? [
              ...problemsInWindow(step.schedule),
              ...(blank(step.schedule.provider.name)
                ? [{ parameter: 'body.provider.name', detail: 'must hold more than spaces' }]
                : []),
            ]
          : step.to === 'completed' && blank(step.report)
            ? [{ parameter: 'body.report', detail: 'must hold more than spaces' }]
            : step.to === 'cancelled' && blank(step.reason)
              ? [{ parameter: 'body.reason', detail: 'must hold more than spaces' }]
              : [];
      if (errors.length) return { errors };
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
            step.to === 'scheduled' ? instantOf(step.schedule.startsAt)!.toISOString() : undefined,
          ),
        }),
      });
      if (!outcome) return undefined;
      return 'refused' in outcome ? outcome : { order: toOrder(outcome.moved) };
    },
  };
}

export type ServiceOrderStore = ReturnType<typeof createServiceOrderStore>;
