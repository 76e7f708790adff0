/** The SDK's webhook helpers: endpoints, deliveries, test events and replays, each write with an Idempotency-Key. */
import type { Client } from 'openapi-fetch';
import type { components, paths } from '../contract/generated/platform.js';

type Schemas = components['schemas'];
type Unwrap = <T>(request: Promise<{ data?: T; error?: unknown; response: Response }>) => Promise<T>;

/** A fresh key per call: a retry inside the client resends the same request with the same key. */
const once = (idempotencyKey?: string) => ({ 'Idempotency-Key': idempotencyKey ?? crypto.randomUUID() });

export function webhookOperations(api: Client<paths>, unwrap: Unwrap) {
  const endpoint = (endpointId: string) => ({ path: { endpointId } });
  return {
    endpoints: {
      list: (query: { limit?: number; cursor?: string } = {}) =>
        unwrap(api.GET('/webhooks/endpoints', { params: { query } })),
      get: (endpointId: string) =>
        unwrap(api.GET('/webhooks/endpoints/{endpointId}', { params: endpoint(endpointId) })),
      create: (body: Schemas['WebhookEndpointCreate'], idempotencyKey?: string) =>
        unwrap(api.POST('/webhooks/endpoints', { body, headers: once(idempotencyKey) })),
      update: (endpointId: string, body: Schemas['WebhookEndpointUpdate'], idempotencyKey?: string) =>
        unwrap(
          api.PATCH('/webhooks/endpoints/{endpointId}', {
            params: endpoint(endpointId),
            body,
            headers: once(idempotencyKey),
          }),
        ),
      delete: (endpointId: string, idempotencyKey?: string) =>
        unwrap(
          api.DELETE('/webhooks/endpoints/{endpointId}', {
            params: endpoint(endpointId),
            headers: once(idempotencyKey),
          }),
        ),
      rotateSecret: (endpointId: string, idempotencyKey?: string) =>
        unwrap(
          api.POST('/webhooks/endpoints/{endpointId}/rotate-secret', {
            params: endpoint(endpointId),
            headers: once(idempotencyKey),
          }),
        ),
      sendTestEvent: (endpointId: string, type: Schemas['WebhookEventType'], idempotencyKey?: string) =>
        unwrap(
          api.POST('/webhooks/endpoints/{endpointId}/test-events', {
            params: endpoint(endpointId),
            body: { type },
            headers: once(idempotencyKey),
          }),
        ),
      replayFailed: (endpointId: string, window: Schemas['WebhookReplayCreate'], idempotencyKey?: string) =>
        unwrap(
          api.POST('/webhooks/endpoints/{endpointId}/replays', {
            params: endpoint(endpointId),
            body: window,
            headers: once(idempotencyKey),
          }),
        ),
    },
    deliveries: {
      list: (
        query: {
          endpointId?: string;
          status?: Schemas['WebhookDelivery']['status'];
          limit?: number;
          cursor?: string;
        } = {},
      ) => unwrap(api.GET('/webhooks/deliveries', { params: { query } })),
      get: (deliveryId: string) =>
        unwrap(api.GET('/webhooks/deliveries/{deliveryId}', { params: { path: { deliveryId } } })),
      replay: (deliveryId: string, idempotencyKey?: string) =>
        unwrap(
          api.POST('/webhooks/deliveries/{deliveryId}/replay', {
            params: { path: { deliveryId } },
            headers: once(idempotencyKey),
          }),
        ),
    },
  };
}
