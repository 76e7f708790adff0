/**
 * The Platform API's operations, one handler per operation of contract/platform.openapi.json, typed
 * against the contract's generated `operations`: a contract operation without a handler here is a
 * type error, not a 500.
 */
import type { Services } from '../../core/services/compose.js';
import { readMode } from '../../core/estimates/parameters.js';
import { DAILY_LIMITS } from '../../core/metering/limits.js';
import { nextUtcMidnight, secondsToUtcMidnight, utcDay } from '../../core/metering/utc-day.js';
import type { Operation, OperationId } from './operation.js';
import { pageAnswer as page } from './pagination.js';
import { createWebhookOperations } from './webhook-operations.js';
import { createListingOperations } from './listing-operations.js';
import { createInventoryOperations } from './inventory-operations.js';
import { createBatchOperations } from './batch-operations.js';
import { createLeadOperations } from './lead-operations.js';
import { createDatasetOperations } from './dataset-operations.js';
import { createMediaOperations } from './media-operations.js';
import { createDistributionOperations } from './distribution-operations.js';

export function createOperations(services: Services): Record<OperationId, Operation> {
  const { engine, meter, webhooks, listings, readiness, inventory } = services;
  const VALUATIONS_PER_DAY = DAILY_LIMITS.platform_estimate;

  return {
    ...createWebhookOperations(webhooks),
    ...createListingOperations(listings),
    ...createInventoryOperations(inventory),
    ...createBatchOperations(inventory),
    ...createLeadOperations(inventory),
    ...createDatasetOperations(engine),
    ...createMediaOperations(listings, inventory),
    ...createDistributionOperations(listings),
    getCurrentOrganization: async ({ key, org }) => ({
      body: {
        ...org.organization,
        environment: 'sandbox',
        scopes: key.scopes,
        onboarding: await readiness.of(org.organization.id),
      },
    }),
    resetSandboxData: async ({ key }) => ({ body: await listings.reset(key.organization) }),
    listProducts: (ctx) => page(ctx.org.products, ctx),
    getCurrentAgent: ({ org }) =>
      org.agent
        ? { body: org.agent }
        : { problem: 'not_found', detail: `${org.organization.name} is not an agency, so the key acts for no agent.` },
    listDeveloperProjects: (ctx) =>
      ctx.org.organization.kind === 'developer'
        ? page(ctx.org.projects, ctx)
        : { problem: 'not_found', detail: `${ctx.org.organization.name} is not a developer, so it has no projects.` },
    searchProperties: ({ params }) => ({ body: engine.searchPage(String(params.q).trim()) }),
    getValuation: async ({ key, params }) => {
      const read = readMode(params.mode);
      if ('problem' in read)
        return {
          problem: 'invalid_request',
          detail: `mode: ${read.problem}`,
          extra: { errors: [{ parameter: 'mode', detail: read.problem }] },
        };
      // Counted before it is worked out, in one step, so concurrent requests cannot pass the limit together.
      const day = utcDay(engine.now());
      const subject = key.id ?? key.sha256;
      if ((await meter.take('platform_estimate', subject, day, key.valuationsUsedToday)) === undefined) {
        const resetAt = nextUtcMidnight(engine.now()).toISOString();
        return {
          problem: 'quota_exceeded',
          detail: `This key has used its ${VALUATIONS_PER_DAY.toLocaleString('en')} valuations for today; the limit resets at ${resetAt}. The API is for building an interface, not for bulk collection.`,
          extra: { resetAt },
          headers: { 'Retry-After': String(secondsToUtcMidnight(engine.now())) },
        };
      }
      const outcome = engine.estimate(String(params.propertyId), read.mode);
      if ('problem' in outcome) {
        await meter.giveBack('platform_estimate', subject, day); // Only answered valuations count.
        return outcome.problem === 'not_found'
          ? {
              problem: 'not_found',
              detail: `No property has the id ${params.propertyId}. Find ids with GET /valuations/properties?q=…`,
            }
          : { problem: 'no_comparables', detail: 'Too few comparable transactions nearby to estimate this property.' };
      }
      return { body: outcome.estimate };
    },
  };
}
