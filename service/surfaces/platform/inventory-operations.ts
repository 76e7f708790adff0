/**
 * The Platform API's developer inventory (contract tag Developers): showflat slots and bookings of
 * the developer's projects, and the guard every developer operation goes through. Projects are the
 * sandbox's fixtures; batches and price lists are in batch-operations.ts, leads in lead-operations.ts.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Inventory } from '../../core/inventory/inventory.js';
import type { BookingStatus, ShowflatStore } from '../../core/inventory/showflat-store.js';
import { onlyFor, unprocessable, withArticle } from './answers.js';
import type { Answer, Operation, OperationContext } from './operation.js';
import { pageAnswer as page } from './pagination.js';

type Schemas = components['schemas'];
type InventoryOperation =
  | 'listShowflatSlots'
  | 'listShowflatBookings'
  | 'bookShowflatSlot'
  | 'getShowflatBooking'
  | 'cancelShowflatBooking'
  | 'markShowflatAttended'
  | 'markShowflatNoShow';

const noBooking = (id: unknown): Answer => ({
  problem: 'not_found',
  detail: `No showflat booking ${String(id)} belongs to this developer. List them with GET /developers/current/showflat-bookings.`,
});

/** An operation only a developer has, on the database's inventory; others are told why not. */
export const developerOnly = (
  operation: (ctx: OperationContext, area: Inventory) => Promise<Answer>,
  area: Inventory,
): Operation => onlyFor('developer', 'projects or inventory', area)(operation);

export function createInventoryOperations(area: Inventory): Record<InventoryOperation, Operation> {
  const org = (ctx: OperationContext) => ctx.key.organization;
  const showflatsOnly = (operation: (ctx: OperationContext, store: ShowflatStore) => Promise<Answer>) =>
    developerOnly((ctx, { showflats }) => operation(ctx, showflats), area);
  const move = (to: BookingStatus, verb: string) =>
    showflatsOnly(async (ctx, store) => {
      const outcome = await store.move(org(ctx), String(ctx.params.bookingId), to);
      if (!outcome) return noBooking(ctx.params.bookingId);
      if ('booking' in outcome) return { body: outcome.booking };
      const { from, allowed } = outcome.refused;
      return {
        problem: 'transition_not_allowed',
        detail: allowed.length
          ? `${withArticle(from)} booking cannot ${verb}; it may become ${allowed.join(', ')}.`
          : `${withArticle(from)} booking is final: it cannot ${verb}.`,
        extra: { allowedTransitions: allowed },
      };
    });

  return {
    listShowflatSlots: showflatsOnly(async (ctx, store) => {
      const project = ctx.org.projects.find((p) => p.id === ctx.params.projectId);
      if (!project)
        return {
          problem: 'not_found',
          detail: `No project ${String(ctx.params.projectId)} belongs to this developer.`,
        };
      const date = String(ctx.params.date);
      return {
        body: { object: 'showflat_slots', projectId: project.id, date, slots: await store.slots(project.id, date) },
      };
    }),
    listShowflatBookings: showflatsOnly(async (ctx, store) =>
      page(await store.list(org(ctx), ctx.params.projectId as string | undefined), ctx),
    ),
    bookShowflatSlot: showflatsOnly(async (ctx, store) => {
      const input = ctx.body as Schemas['ShowflatBookingCreate'];
      const outcome = await store.book(
        org(ctx),
        ctx.org.projects.find((p) => p.id === input.projectId),
        input,
      );
      if ('booking' in outcome) return { status: 201, body: outcome.booking };
      if ('errors' in outcome) return unprocessable(outcome.errors);
      if ('slotTaken' in outcome)
        return {
          problem: 'slot_taken',
          detail: 'That showflat slot is booked: choose another (GET …/showflat-slots?date=… shows the free ones).',
        };
      return {
        problem: 'showflat_closed',
        detail: `The project is ${outcome.closed}: only projects in preview or launched take showflat visitors.`,
      };
    }),
    getShowflatBooking: showflatsOnly(async (ctx, store) => {
      const booking = await store.get(org(ctx), String(ctx.params.bookingId));
      return booking ? { body: booking } : noBooking(ctx.params.bookingId);
    }),
    cancelShowflatBooking: move('cancelled', 'be cancelled'),
    markShowflatAttended: move('attended', 'be marked attended'),
    markShowflatNoShow: move('no_show', 'be marked a no-show'),
  };
}
