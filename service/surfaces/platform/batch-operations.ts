/**
 * The Platform API's inventory batches and price lists (contract tag Developers), on their stores:
 * a batch released, held, released again or sold along its contract's `x-transitions`; a project's
 * price list published as numbered versions and read as they apply on a day.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { BatchStatus } from '../../core/inventory/batch-store.js';
import { refused, unprocessable } from './answers.js';
import type { Inventory } from '../../core/inventory/inventory.js';
import { developerOnly } from './inventory-operations.js';
import type { Answer, Operation, OperationContext } from './operation.js';
import { pageAnswer as page } from './pagination.js';

type Schemas = components['schemas'];
type BatchOperation =
  | 'listInventoryBatches'
  | 'releaseInventoryBatch'
  | 'getInventoryBatch'
  | 'changeInventoryBatchStatus'
  | 'listPriceLists'
  | 'publishPriceList'
  | 'getPriceList';

const noBatch = (id: unknown): Answer => ({
  problem: 'not_found',
  detail: `No inventory batch ${String(id)} belongs to this developer. List them with GET /developers/current/inventory-batches.`,
});
const projectOf = (ctx: OperationContext, id: unknown) => ctx.org.projects.find((p) => p.id === id);
const noProject = (id: unknown): Answer => ({
  problem: 'not_found',
  detail: `No project ${String(id)} belongs to this developer. List them with GET /developers/current/projects.`,
});

export function createBatchOperations(area: Inventory): Record<BatchOperation, Operation> {
  const org = (ctx: OperationContext) => ctx.key.organization;
  const developer = (operation: Parameters<typeof developerOnly>[0]) => developerOnly(operation, area);
  /** A price-list operation on the path's project, or not found. */
  const onProject = (
    operation: (ctx: OperationContext, area: Inventory, project: Schemas['Project']) => Promise<Answer>,
  ) =>
    developer((ctx, inventory) => {
      const project = projectOf(ctx, ctx.params.projectId);
      return project ? operation(ctx, inventory, project) : Promise.resolve(noProject(ctx.params.projectId));
    });

  return {
    listInventoryBatches: developer(async (ctx, { batches }) =>
      page(
        await batches.list(org(ctx), {
          projectId: ctx.params.projectId as string | undefined,
          status: ctx.params.status as BatchStatus | undefined,
        }),
        ctx,
      ),
    ),
    releaseInventoryBatch: developer(async (ctx, { batches }) => {
      const input = ctx.body as Schemas['InventoryBatchCreate'];
      const outcome = await batches.release(org(ctx), projectOf(ctx, input.projectId), input);
      return 'batch' in outcome ? { status: 201, body: outcome.batch } : unprocessable(outcome.errors);
    }),
    getInventoryBatch: developer(async (ctx, { batches }) => {
      const batch = await batches.get(org(ctx), String(ctx.params.batchId));
      return batch ? { body: batch } : noBatch(ctx.params.batchId);
    }),
    changeInventoryBatchStatus: developer(async (ctx, { batches }) => {
      const { status } = ctx.body as Schemas['InventoryBatchStatusChange'];
      const outcome = await batches.move(org(ctx), String(ctx.params.batchId), status);
      if (!outcome) return noBatch(ctx.params.batchId);
      return 'refused' in outcome ? refused(outcome, `become ${status}`) : { body: outcome.batch };
    }),
    listPriceLists: onProject(async (ctx, { priceLists }, project) =>
      page(await priceLists.list(org(ctx), project, ctx.params.effectiveOn as string | undefined), ctx),
    ),
    publishPriceList: onProject(async (ctx, { priceLists }, project) => {
      const outcome = await priceLists.publish(org(ctx), project, ctx.body as Schemas['PriceListCreate']);
      return 'priceList' in outcome ? { status: 201, body: outcome.priceList } : unprocessable(outcome.errors);
    }),
    getPriceList: onProject(async (ctx, { priceLists }, project) => {
      const priceList = await priceLists.get(org(ctx), project, String(ctx.params.priceListId));
      return priceList
        ? { body: priceList }
        : {
            problem: 'not_found',
            detail: `${project.name} has no price list ${String(ctx.params.priceListId)}. List its versions with GET /developers/current/projects/${project.id}/price-lists.`,
          };
    }),
  };
}
