/**
 * The webhook event catalogue, read from the Platform API contract's `webhooks` object: the types an
 * endpoint can subscribe to, and each one's example payload (what a test event carries). Changes the
 * audit log records that are not in the catalogue (a denied AI app, say) are never delivered.
 */
import platform from '../../../contract/platform.openapi.json' with { type: 'json' };
import type { components } from '../../../contract/generated/platform.js';

export type WebhookEventType = components['schemas']['WebhookEventType'];

export const EVENT_TYPES = platform.components.schemas.WebhookEventType.enum as WebhookEventType[];

export const isEventType = (type: string): type is WebhookEventType => (EVENT_TYPES as string[]).includes(type);

type ExampleEvent = { type: string; timestamp: string; data: { target: string; detail: Record<string, unknown> } };
const schemas = platform.components.schemas as unknown as Record<string, { examples?: ExampleEvent[] }>;

/** The catalogue's example of an event of `type`: a test event's target and detail. */
export function exampleOf(type: WebhookEventType): ExampleEvent['data'] {
  const example = schemas[`WebhookEvent_${type.replace('.', '_')}`]?.examples?.[0];
  if (!example) throw new Error(`The contract has no example of ${type}.`);
  return example.data;
}
