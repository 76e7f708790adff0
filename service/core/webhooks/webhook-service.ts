/**
 * The webhook area as the surfaces use it (Platform API, console, MCP): endpoints, the delivery log,
 * test events and replays, over one database, one secret box and one address policy.
 */
import type { Database } from '../../db/database.js';
import type { AddressPolicy } from './address-guard.js';
import { createDeliveries } from './deliveries.js';
import { createDeliveryLog } from './delivery-log.js';
import { createWebhookEndpoints } from './endpoint-store.js';
import type { SecretBox } from './secret-box.js';
import { HTTPS_OR_HTTP, type SchemeRule } from './endpoint-url.js';

export interface WebhookServiceOptions {
  policy: AddressPolicy;
  /** The schemes a receiver may use (the environment's policy: https only in live). */
  schemes?: SchemeRule;
  clock?: () => Date;
}

export function createWebhookService(db: Database, box: SecretBox, options: WebhookServiceOptions) {
  const clock = options.clock ?? (() => new Date());
  const endpoints = createWebhookEndpoints(db, box, clock);
  const deliveries = createDeliveries(db);
  const log = createDeliveryLog(db);
  return {
    endpoints,
    deliveries,
    log,
    policy: options.policy,
    schemes: options.schemes ?? HTTPS_OR_HTTP,
    clock,
    /**
     * One delivery of the organization's sent again, as the console, the API and an AI app's confirmed
     * request all do: refused when it is not theirs, its endpoint is disabled, or an attempt is in flight.
     */
    async replay(
      organizationId: string,
      id: string,
    ): Promise<
      { queued: true; endpointId: string } | { refused: 'not_found' | 'disabled' | 'sending'; endpointId?: string }
    > {
      const delivery = await log.get(organizationId, id);
      if (!delivery) return { refused: 'not_found' };
      const { endpointId } = delivery;
      if ((await endpoints.get(organizationId, endpointId))?.status !== 'enabled')
        return { refused: 'disabled', endpointId };
      const replay = await deliveries.replay(id, clock());
      return 'refused' in replay ? { refused: replay.refused, endpointId } : { queued: true, endpointId };
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
