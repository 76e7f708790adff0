/**
 * The Platform API's webhook operations (contract tag Webhooks), on the webhook service: endpoints,
 * their secrets, the delivery log, test events and replays. Writes go through the API's
 * Idempotency-Key handling like every other write (api.ts).
 */
import type { components } from '../../../contract/generated/platform.js';
import { serviceActor } from '../../core/events/record-change.js';
import { MAX_ENDPOINTS } from '../../core/webhooks/endpoint-store.js';
import { checkEndpointUrl } from '../../core/webhooks/endpoint-url.js';
import type { WebhookService } from '../../core/webhooks/webhook-service.js';
import type { Answer, Operation, OperationContext, OperationId } from './operation.js';
import { cursorProblem, paginate } from './pagination.js';

type Schemas = components['schemas'];
type WebhookOperation =
  | 'listWebhookEndpoints'
  | 'createWebhookEndpoint'
  | 'getWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'rotateWebhookSecret'
  | 'sendWebhookTestEvent'
  | 'replayWebhookDeliveries'
  | 'listWebhookDeliveries'
  | 'getWebhookDelivery'
  | 'replayWebhookDelivery';

/** Most days one bulk replay may cover. */
export const MAX_REPLAY_DAYS = 7;

const badUrl = (detail: string): Answer => ({
  problem: 'invalid_request',
  detail: `url ${detail}.`,
  extra: { errors: [{ parameter: 'body.url', detail }] },
});
const noEndpoint = (id: unknown): Answer => ({
  problem: 'not_found',
  detail: `No webhook endpoint ${String(id)} belongs to this organization. List them with GET /webhooks/endpoints.`,
});
const disabled = (id: string): Answer => ({
  problem: 'endpoint_disabled',
  detail: `The endpoint ${id} is disabled: enable it with PATCH /webhooks/endpoints/${id} {"enabled": true} first.`,
});

export function createWebhookOperations(webhooks: WebhookService): Record<WebhookOperation, Operation> {
  const org = (ctx: OperationContext) => ctx.key.organization;
  const withWebhooks =
    (operation: (ctx: OperationContext, service: WebhookService) => Promise<Answer>): Operation =>
    (ctx) =>
      operation(ctx, webhooks);

  /** The endpoint, when it belongs to the caller and is enabled; the answer saying why not otherwise. */
  const enabledEndpoint = async (
    ctx: OperationContext,
    service: WebhookService,
    id: string,
  ): Promise<{ endpoint: Schemas['WebhookEndpoint'] } | { refused: Answer }> => {
    const endpoint = await service.endpoints.get(org(ctx), id);
    if (!endpoint) return { refused: noEndpoint(id) };
    return endpoint.status === 'enabled' ? { endpoint } : { refused: disabled(id) };
  };

  return {
    listWebhookEndpoints: withWebhooks(async (ctx, service) => {
      const result = paginate(
        await service.endpoints.list(org(ctx)),
        Number(ctx.params.limit ?? 20),
        ctx.params.cursor as string | undefined,
      );
      return result ? { body: result } : cursorProblem;
    }),

    createWebhookEndpoint: withWebhooks(async (ctx, service) => {
      const body = ctx.body as Schemas['WebhookEndpointCreate'];
      const checked = checkEndpointUrl(body.url, service.policy, service.schemes);
      if ('problem' in checked) return badUrl(checked.problem);
      const created = await service.endpoints.create(
        { organizationId: org(ctx), url: checked.url, description: body.description, eventTypes: body.events },
        serviceActor(org(ctx)),
      );
      if (!created)
        return {
          problem: 'invalid_request',
          detail: `This organization has its most endpoints (${MAX_ENDPOINTS}): delete one, or subscribe one to more event types.`,
        };
      return { status: 201, body: created };
    }),

    getWebhookEndpoint: withWebhooks(async (ctx, service) => {
      const endpoint = await service.endpoints.get(org(ctx), String(ctx.params.endpointId));
      return endpoint ? { body: endpoint } : noEndpoint(ctx.params.endpointId);
    }),

    updateWebhookEndpoint: withWebhooks(async (ctx, service) => {
      const change = ctx.body as Schemas['WebhookEndpointUpdate'];
      if (change.url !== undefined) {
        const checked = checkEndpointUrl(change.url, service.policy, service.schemes);
        if ('problem' in checked) return badUrl(checked.problem);
        change.url = checked.url;
      }
      const endpoint = await service.endpoints.update(serviceActor(org(ctx)), String(ctx.params.endpointId), change);
      return endpoint ? { body: endpoint } : noEndpoint(ctx.params.endpointId);
    }),

    deleteWebhookEndpoint: withWebhooks(async (ctx, service) => {
      const id = String(ctx.params.endpointId);
      return (await service.endpoints.remove(serviceActor(org(ctx)), id))
        ? { body: { object: 'webhook_endpoint', id, deleted: true } }
        : noEndpoint(id);
    }),

    rotateWebhookSecret: withWebhooks(async (ctx, service) => {
      const rotated = await service.endpoints.rotate(serviceActor(org(ctx)), String(ctx.params.endpointId));
      return rotated ? { body: rotated } : noEndpoint(ctx.params.endpointId);
    }),

    sendWebhookTestEvent: withWebhooks(async (ctx, service) => {
      const found = await enabledEndpoint(ctx, service, String(ctx.params.endpointId));
      if ('refused' in found) return found.refused;
      const { endpoint } = found;
      const { type } = ctx.body as Schemas['WebhookTestEventCreate'];
      const id = await service.deliveries.queueTest(endpoint.id, type, service.clock());
      return { status: 202, body: await service.log.get(org(ctx), id) };
    }),

    replayWebhookDeliveries: withWebhooks(async (ctx, service) => {
      const found = await enabledEndpoint(ctx, service, String(ctx.params.endpointId));
      if ('refused' in found) return found.refused;
      const { endpoint } = found;
      const { since, until } = ctx.body as Schemas['WebhookReplayCreate'];
      const [from, to] = [new Date(since), new Date(until)];
      const problem = (parameter: string, detail: string): Answer => ({
        problem: 'invalid_request',
        detail: `${parameter}: ${detail}.`,
        extra: { errors: [{ parameter, detail }] },
      });
      if (Number.isNaN(from.getTime()))
        return problem('body.since', 'must be a date and time, such as 2026-11-23T00:00:00Z');
      if (Number.isNaN(to.getTime()))
        return problem('body.until', 'must be a date and time, such as 2026-11-24T00:00:00Z');
      if (to <= from) return problem('body.until', 'must be after since');
      if (to.getTime() - from.getTime() > MAX_REPLAY_DAYS * 86_400_000)
        return problem(
          'body.until',
          `must be at most ${MAX_REPLAY_DAYS} days after since: replay a longer outage in parts`,
        );
      const count = await service.deliveries.replayFailed(endpoint.id, from, to, service.clock());
      return {
        status: 202,
        body: {
          object: 'webhook_replay',
          endpointId: endpoint.id,
          since: from.toISOString(),
          until: to.toISOString(),
          count,
        },
      };
    }),

    listWebhookDeliveries: withWebhooks(async (ctx, service) => {
      const page = await service.log.list(org(ctx), {
        endpointId: ctx.params.endpointId as string | undefined,
        status: ctx.params.status as Schemas['WebhookDelivery']['status'] | undefined,
        limit: Number(ctx.params.limit ?? 20),
        cursor: ctx.params.cursor as string | undefined,
      });
      return page ? { body: page } : cursorProblem;
    }),

    getWebhookDelivery: withWebhooks(async (ctx, service) => {
      const delivery = await service.log.get(org(ctx), String(ctx.params.deliveryId));
      return delivery
        ? { body: delivery }
        : {
            problem: 'not_found',
            detail: `No delivery ${String(ctx.params.deliveryId)} belongs to this organization.`,
          };
    }),

    replayWebhookDelivery: withWebhooks(async (ctx, service) => {
      const id = String(ctx.params.deliveryId);
      const replay = await service.replay(org(ctx), id);
      if (!('refused' in replay)) return { status: 202, body: await service.log.get(org(ctx), id) };
      if (replay.refused === 'disabled') return disabled(replay.endpointId!);
      return replay.refused === 'sending'
        ? {
            problem: 'delivery_in_flight',
            detail: `An attempt of ${id} is being sent now, so nothing was queued. Retry in a few seconds (an attempt takes at most 15 s), or read the delivery to see how it went.`,
          }
        : { problem: 'not_found', detail: `No delivery ${id} belongs to this organization.` };
    }),
  } satisfies Partial<Record<OperationId, Operation>>;
}
