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

export interface WebhookServiceOptions {
  policy: AddressPolicy;
  environment?: 'sandbox' | 'live';
  clock?: () => Date;
}

export function createWebhookService(db: Database, box: SecretBox, options: WebhookServiceOptions) {
  const clock = options.clock ?? (() => new Date());
  return {
    endpoints: createWebhookEndpoints(db, box, clock),
    deliveries: createDeliveries(db),
    log: createDeliveryLog(db),
    policy: options.policy,
    environment: options.environment ?? 'sandbox',
    clock,
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
