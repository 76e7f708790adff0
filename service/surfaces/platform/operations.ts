/**
 * The Platform API's operations, one handler per operation of contract/platform.openapi.json, typed
 * against the contract's generated `operations`: a contract operation without a handler here is a
 * type error, not a 500.
 */
import type { Services } from '../../core/services/compose.js';
import { refusalInEnglish } from '../../core/estimates/refusals.js';
import { readHome, readMode } from '../../core/estimates/parameters.js';
import type { components } from '../../../contract/generated/platform.js';
import type { Operation, OperationContext, OperationId } from './operation.js';
import { pageAnswer as page } from './pagination.js';
import { createWebhookOperations } from './webhook-operations.js';
import { createListingOperations } from './listing-operations.js';
import { createInventoryOperations } from './inventory-operations.js';
import { createBatchOperations } from './batch-operations.js';
import { createLeadOperations } from './lead-operations.js';
import { createDatasetOperations } from './dataset-operations.js';
import { createMediaOperations } from './media-operations.js';
import { createDistributionOperations } from './distribution-operations.js';
import { createMortgageOperations } from './mortgage-operations.js';
import { createServiceOrderOperations } from './service-order-operations.js';
import { createDirectoryOperations } from './directory-operations.js';

type Schemas = components['schemas'];

export function createOperations(services: Services): Record<OperationId, Operation> {
  const { engine, estimates, webhooks, listings, readiness, inventory } = services;
  const { environment: policy } = services;
  const environment = policy.name;
  // What only the sandbox has: live's data are real, so nothing resets them and no event is made up.
  const sandboxOnly =
    (what: string, operation: Operation): Operation =>
    (ctx) =>
      policy.makesUpData ? operation(ctx) : { problem: 'sandbox_only', detail: policy.sandboxOnly(what) };
  const webhookOperations = createWebhookOperations(webhooks);
  // A product's operations answer only an organization that holds it (GET /products), whatever the key's scopes.
  const ofProduct = <Id extends string>(
    product: Schemas['ProductKind'],
    name: string,
    operations: Record<Id, Operation>,
  ): Record<Id, Operation> =>
    Object.fromEntries(
      Object.entries<Operation>(operations).map(([id, operation]) => [
        id,
        (ctx: OperationContext) =>
          ctx.org.organization.products.includes(product)
            ? operation(ctx)
            : {
                problem: 'product_not_held' as const,
                detail: `${name} belong to agencies; ${ctx.org.organization.name} is a ${ctx.org.organization.kind.replace('_', ' ')} and does not hold them. GET /products lists what it holds.`,
              },
      ]),
    ) as Record<Id, Operation>;

  return {
    ...webhookOperations,
    sendWebhookTestEvent: sandboxOnly('A test event (webhook.test)', webhookOperations.sendWebhookTestEvent),
    ...createListingOperations(listings),
    ...createInventoryOperations(inventory),
    ...createBatchOperations(inventory),
    ...createLeadOperations(inventory),
    ...createDatasetOperations(engine, services.datasetImports, services.freshness),
    ...createMediaOperations(listings, inventory),
    ...createDistributionOperations(listings),
    ...createDirectoryOperations(services.directory),
    ...ofProduct(
      'mortgage_journeys',
      'Mortgage journeys',
      createMortgageOperations(services.mortgages, engine, estimates),
    ),
    ...ofProduct('service_operations', 'Service orders', createServiceOrderOperations(services.serviceOrders)),
    getCurrentOrganization: async ({ key, org }) => ({
      body: {
        ...org.organization,
        environment,
        scopes: key.scopes,
        onboarding: await readiness.of(org.organization.id),
      },
    }),
    resetSandboxData: sandboxOnly('A reset', async ({ key }) => ({ body: await listings.reset(key.organization) })),
    listProducts: (ctx) => page(ctx.org.products, ctx),
    getCurrentAgent: ({ org }) =>
      org.agent
        ? { body: org.agent }
        : {
            problem: 'not_found',
            detail:
              org.organization.kind === 'agency'
                ? `${org.organization.name} has no active agent yet, so the key acts for none: add one with POST /agents.`
                : `${org.organization.name} is not an agency, so the key acts for no agent.`,
          },
    listDeveloperProjects: (ctx) =>
      ctx.org.organization.kind === 'developer'
        ? page(ctx.org.projects, ctx)
        : { problem: 'not_found', detail: `${ctx.org.organization.name} is not a developer, so it has no projects.` },
    searchProperties: ({ params }) => ({ body: engine.searchPage(String(params.q).trim()) }),
    getValuation: async ({ key, params }) => {
      const refused = (parameter: string, detail: string) => ({
        problem: 'invalid_request' as const,
        detail: `${parameter}: ${detail}`,
        extra: { errors: [{ parameter, detail }] },
      });
      const read = readMode(params.mode);
      if ('problem' in read) return refused('mode', read.problem);
      const asked = readHome(params);
      if ('problem' in asked) return refused(asked.parameter, asked.problem);
      const answer = await estimates({
        propertyId: String(params.propertyId),
        mode: read.mode,
        home: asked.home,
        count: { kind: 'platform_estimate', subject: key.id ?? key.sha256, startsAt: key.valuationsUsedToday },
      });
      if (!('problem' in answer)) return { body: answer.estimate };
      if (answer.problem === 'invalid_home') return refused(answer.parameter, answer.detail);
      if (answer.problem === 'quota_exceeded')
        return {
          problem: 'quota_exceeded',
          detail: `This key has used its ${answer.limit.toLocaleString('en')} valuations for today; the limit resets at ${answer.resetAt}. The API is for building an interface, not for bulk collection.`,
          extra: { resetAt: answer.resetAt },
          headers: { 'Retry-After': String(answer.retryAfter) },
        };
      return answer.problem === 'not_found'
        ? {
            problem: 'not_found',
            detail: `No property has the id ${params.propertyId}. Find ids with GET /valuations/properties?q=…`,
          }
        : { problem: 'no_comparables', detail: refusalInEnglish(answer.reason, read.mode, answer.property) };
    },
  };
}
