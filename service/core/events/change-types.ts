/**
 * The changes the service records, typed from the contract: a webhook event's `detail` is the shape
 * the contract's `webhooks` catalogue publishes for it (contract/generated, made from the contract on
 * every build), so recording a change in another shape is a type error, not a surprise for a receiver.
 * A few changes go to the audit log only: no webhook announces them.
 */
import type { components } from '../../../contract/generated/platform.js';

type Schemas = components['schemas'];
type WebhookEvent = Schemas[Extract<keyof Schemas, `WebhookEvent_${string}`>];

/** A change a webhook announces: `resource.event`. */
export type EventType = Schemas['WebhookEventType'];

/** Changes kept in the audit log alone: a receiver hears of none of them. */
export type AuditOnlyAction =
  | 'webhook_endpoint.created'
  | 'webhook_endpoint.updated'
  | 'webhook_endpoint.deleted'
  | 'webhook_endpoint.secret_rotated'
  | 'membership.removed'
  | 'organization.created'
  | 'membership.role_changed'
  | 'invitation.created'
  | 'invitation.revoked'
  | 'invitation.accepted'
  | 'sandbox.reset'
  | 'ai_app.denied'
  | `integration_review.${Schemas['IntegrationReviewStatus']}`;

export type ChangeAction = EventType | AuditOnlyAction;

/** What a change carries beside its target: the contract's `data.detail` for an event. */
export type DetailOf<A extends ChangeAction> = A extends EventType
  ? Extract<WebhookEvent, { type: A }>['data']['detail']
  : Record<string, unknown>;

/** One change as a value, its detail checked against its action (a state machine's move says which it records). */
export type Change = {
  [A in ChangeAction]: { action: A } & (Record<never, never> extends DetailOf<A>
    ? { detail?: DetailOf<A> }
    : { detail: DetailOf<A> });
}[ChangeAction];
