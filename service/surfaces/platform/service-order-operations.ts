/**
 * The Platform API's service operations (contract tag Service operations): service orders for the
 * agency's listed homes, on their store, moved along the contract's state machine.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { OrderStatus, OrderStep, ServiceOrderStore } from '../../core/service-orders/service-order-store.js';
import { refused, unprocessable } from './answers.js';
import type { Answer, Operation, OperationContext } from './operation.js';
import { pageAnswer as page } from './pagination.js';

type Schemas = components['schemas'];
type OrderOperation =
  | 'listServiceOrders'
  | 'requestServiceOrder'
  | 'getServiceOrder'
  | 'scheduleServiceOrder'
  | 'startServiceOrder'
  | 'completeServiceOrder'
  | 'cancelServiceOrder';

const noOrder = (id: unknown): Answer => ({
  problem: 'not_found',
  detail: `No service order ${String(id)} belongs to this agency. List them with GET /service-orders.`,
});
const VERBS: Record<OrderStep['to'], string> = {
  scheduled: 'be scheduled',
  in_progress: 'start',
  completed: 'complete',
  cancelled: 'be cancelled',
};

export function createServiceOrderOperations(orders: ServiceOrderStore): Record<OrderOperation, Operation> {
  const org = (ctx: OperationContext) => ctx.key.organization;
  const moved = async (ctx: OperationContext, step: OrderStep): Promise<Answer> => {
    const outcome = await orders.move(org(ctx), String(ctx.params.orderId), step);
    if (!outcome) return noOrder(ctx.params.orderId);
    if ('refused' in outcome) return refused(outcome, VERBS[step.to]);
    return 'errors' in outcome ? unprocessable(outcome.errors) : { body: outcome.order };
  };
  return {
    listServiceOrders: async (ctx) =>
      page(
        await orders.list(org(ctx), {
          status: ctx.params.status as OrderStatus | undefined,
          listingId: ctx.params.listingId as string | undefined,
        }),
        ctx,
      ),
    requestServiceOrder: async (ctx) => {
      const outcome = await orders.request(org(ctx), ctx.body as Schemas['ServiceOrderCreate']);
      return 'order' in outcome ? { status: 201, body: outcome.order } : unprocessable(outcome.errors);
    },
    getServiceOrder: async (ctx) => {
      const order = await orders.get(org(ctx), String(ctx.params.orderId));
      return order ? { body: order } : noOrder(ctx.params.orderId);
    },
    scheduleServiceOrder: (ctx) =>
      moved(ctx, { to: 'scheduled', schedule: ctx.body as Schemas['ServiceOrderSchedule'] }),
    startServiceOrder: (ctx) => moved(ctx, { to: 'in_progress' }),
    completeServiceOrder: (ctx) =>
      moved(ctx, { to: 'completed', report: (ctx.body as Schemas['ServiceOrderComplete']).report }),
    cancelServiceOrder: (ctx) =>
      moved(ctx, { to: 'cancelled', reason: (ctx.body as Schemas['ServiceOrderCancel']).reason }),
  };
}
