/**
 * The MCP endpoint's webhook tools. `list_webhook_deliveries` reads the organization's deliveries
 * and how each went. `replay_webhook_delivery` asks for one to be sent again (same webhook-id, fresh
 * signature): a write an AI app asks for, as every other (ask-the-person.ts), which the person
 * confirms on the service's page; the same idempotency key with another delivery is refused.
 */
import { askThePerson } from './ask-the-person.js';
import { IDEMPOTENCY_KEY, unfinishedWrite, writeStatus } from './write-answer.js';
import { type PrivateTool, READ_ONLY } from './tool.js';

export const WEBHOOK_TOOLS: PrivateTool[] = [
  {
    name: 'list_webhook_deliveries',
    toolset: 'webhooks',
    title: 'Your webhook deliveries',
    description:
      "The organization's latest webhook deliveries, newest first, with each one's state and last outcome. Needs sign-in with webhooks.read.",
    scope: 'webhooks.read',
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        endpointId: { type: 'string', pattern: '^we_[a-z0-9]{4,32}$', description: 'Only this endpoint’s.' },
        status: { type: 'string', enum: ['pending', 'sending', 'succeeded', 'failed'] },
        limit: { type: 'integer', minimum: 1, maximum: 20, default: 10 },
      },
    },
    outputSchema: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'endpointId', 'eventType', 'status', 'attemptCount', 'createdAt'],
            properties: {
              id: { type: 'string' },
              endpointId: { type: 'string' },
              eventType: { type: 'string' },
              status: { type: 'string' },
              attemptCount: { type: 'integer' },
              createdAt: { type: 'string' },
            },
          },
        },
      },
    },
    annotations: READ_ONLY,
    async run(args, { services, caller }) {
      const page = await services.webhooks.log.list(caller.organizationId, {
        endpointId: args.endpointId as string | undefined,
        status: args.status as 'pending' | undefined,
        limit: Number(args.limit ?? 10),
      });
      const data = (page?.data ?? []).map(({ id, endpointId, eventType, status, attemptCount, createdAt }) => ({
        id,
        endpointId,
        eventType,
        status,
        attemptCount,
        createdAt,
      }));
      return {
        structured: { data },
        text:
          data
            .map((d) => `- ${d.id}: ${d.eventType}, ${d.status} after ${d.attemptCount} attempt(s), ${d.createdAt}`)
            .join('\n') || 'No deliveries yet.',
      };
    },
  },
  {
    name: 'replay_webhook_delivery',
    toolset: 'webhooks',
    title: 'Send a webhook delivery again',
    description:
      "Asks for one delivery to be sent again to its endpoint (same webhook-id and payload, fresh signature). The person confirms on the service's own page (confirmUrl, within 15 minutes); nothing is sent before that. Needs sign-in with webhooks.write and an idempotencyKey: call again with the same key to learn the outcome.",
    scope: 'webhooks.write',
    inputSchema: {
      type: 'object',
      required: ['deliveryId', 'idempotencyKey'],
      additionalProperties: false,
      properties: {
        deliveryId: { type: 'string', pattern: '^msg_[a-z0-9]{8,40}$' },
        idempotencyKey: IDEMPOTENCY_KEY,
      },
    },
    outputSchema: {
      type: 'object',
      required: ['status', 'deliveryId'],
      properties: {
        status: writeStatus({
          queued: 'confirmed, and the attempt not made yet (call again in a few seconds)',
          replayed: 'sent again: outcome says how it went',
        }),
        deliveryId: { type: 'string' },
        confirmUrl: {
          type: 'string',
          description: 'With awaiting_confirmation: the page where the person confirms the replay.',
        },
        outcome: { type: 'string', description: 'With replayed: how the replayed attempt went.' },
        reason: { type: 'string', description: 'With failed: why nothing was sent.' },
      },
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    async run(args, context) {
      const { webhooks } = context.services;
      const organizationId = context.caller.organizationId;
      const deliveryId = String(args.deliveryId);
      const delivery = await webhooks.log.get(organizationId, deliveryId);
      if (!delivery)
        return {
          error: `No delivery ${deliveryId} belongs to your organization: list them with list_webhook_deliveries.`,
        };
      // What never changes of the delivery: a retry with the same key is the same request whatever was edited since.
      const asked = await askThePerson(context, 'replay_webhook_delivery', String(args.idempotencyKey), {
        deliveryId,
        eventType: delivery.eventType,
        endpointId: delivery.endpointId,
      });
      if ('error' in asked) return asked;
      const { action, confirmUrl } = asked;
      const unfinished = unfinishedWrite(action, confirmUrl, { notDone: 'Not replayed', about: { deliveryId } });
      if (unfinished) return unfinished;
      // Confirmed: the replayed attempt is the manual one made since the person confirmed.
      const since = String(action.result?.replayedAt);
      const replayed = (delivery.attempts ?? []).find((a) => a.trigger === 'manual' && a.attemptedAt >= since);
      if (!replayed)
        return {
          structured: { status: 'queued', deliveryId },
          text: `Replay confirmed: ${deliveryId} is queued. Call again in a few seconds to learn how it went.`,
        };
      const outcome = replayed.response ? `answered ${replayed.response.status}` : `no answer: ${replayed.error}`;
      return {
        structured: { status: 'replayed', deliveryId, outcome },
        text: `Replayed ${deliveryId}: the endpoint ${outcome}.`,
      };
    },
  },
];
