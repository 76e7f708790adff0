/**
 * The MCP endpoint's webhook tools. `list_webhook_deliveries` reads the organization's deliveries
 * and how each went. `replay_webhook_delivery` asks for one to be sent again (same webhook-id, fresh
 * signature). It is consequential, so it follows create_widget_key's owned handoff: the person
 * replays it on the delivery's page of the console (a client never answers its own confirmation;
 * URL-mode elicitation only opens the page), and an idempotency key (the service's one store) lets
 * the client call again to learn the outcome; the same key with another delivery is refused.
 */
import { createHash } from 'node:crypto';
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
      "Asks for one delivery to be sent again to its endpoint (same webhook-id and payload, fresh signature). The person replays it on the service's own page (confirmUrl); nothing is sent before that. Needs sign-in with webhooks.write and an idempotencyKey: call again with the same key to learn the outcome.",
    scope: 'webhooks.write',
    inputSchema: {
      type: 'object',
      required: ['deliveryId', 'idempotencyKey'],
      additionalProperties: false,
      properties: {
        deliveryId: { type: 'string', pattern: '^msg_[a-z0-9]{8,40}$' },
        idempotencyKey: { type: 'string', minLength: 8, maxLength: 100, description: 'Unique per intended replay.' },
      },
    },
    outputSchema: {
      type: 'object',
      required: ['status', 'deliveryId'],
      properties: {
        status: { type: 'string', enum: ['awaiting_confirmation', 'replayed'] },
        deliveryId: { type: 'string' },
        confirmUrl: {
          type: 'string',
          description: 'With awaiting_confirmation: the page where the person replays it.',
        },
        outcome: { type: 'string', description: 'With replayed: how the replayed attempt went.' },
      },
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    async run(args, { services, caller, showPage }) {
      const { webhooks, idempotency } = services;
      const deliveryId = String(args.deliveryId);
      const delivery = await webhooks.log.get(caller.organizationId, deliveryId);
      if (!delivery)
        return {
          error: `No delivery ${deliveryId} belongs to your organization: list them with list_webhook_deliveries.`,
        };
      const scope = `mcp:${caller.userId}`;
      const key = String(args.idempotencyKey);
      const fingerprint = createHash('sha256').update(`replay ${deliveryId}`).digest('hex');
      const begun = await idempotency.begin(scope, key, fingerprint);
      if (begun.state === 'mismatch')
        return { error: 'This idempotencyKey was already used for another delivery: use a new key.' };
      if (begun.state === 'running')
        return { error: 'The first call with this idempotencyKey is still running: call again.' };
      let askedAt: string;
      if (begun.state === 'replay') askedAt = (JSON.parse(begun.response.body) as { askedAt: string }).askedAt;
      else {
        askedAt = webhooks.clock().toISOString();
        await idempotency.finish(scope, key, { status: 200, headers: {}, body: JSON.stringify({ askedAt }) });
      }
      // Replayed once the person has pressed Replay on the page since the request: a manual attempt after it.
      const replayed = (delivery.attempts ?? []).find((a) => a.trigger === 'manual' && a.attemptedAt >= askedAt);
      if (replayed) {
        const outcome = replayed.response ? `answered ${replayed.response.status}` : `no answer: ${replayed.error}`;
        return {
          structured: { status: 'replayed', deliveryId, outcome },
          text: `Replayed ${deliveryId}: the endpoint ${outcome}.`,
        };
      }
      const confirmUrl = services.links.consolePage(`webhooks/deliveries/${deliveryId}`);
      if (begun.state === 'new')
        await showPage(confirmUrl, `Replay ${delivery.eventType} delivery ${deliveryId} on its page.`, `replay-${key}`);
      return {
        structured: { status: 'awaiting_confirmation', deliveryId, confirmUrl },
        text: `Ask the person to open ${confirmUrl} and press Replay; then call again with the same idempotencyKey.`,
      };
    },
  },
];
