/**
 * Every write an AI app may ask for, each a kind of one pending action (organizations/pending-actions.ts)
 * waiting for the person on the service's page: what the page shows them, and what confirming does,
 * once, as them. MCP's tools and the console's one confirmation page share this one description of each
 * write; adding the next write an app may ask for is adding a kind here.
 */
import type { Actor } from '../events/record-change.js';
import type { PendingAction } from '../organizations/pending-actions.js';
import { DIRECTORY_WRITE_KINDS } from './directory-write-kinds.js';
import { fieldProblems, type Project, type WriteKind, type WriteStores } from './write-kind.js';

const projectName = (project: Project | undefined, projectId: unknown) => project?.name ?? String(projectId);
const singaporeTime = (iso: unknown) =>
  `${new Intl.DateTimeFormat('en-SG', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Asia/Singapore' }).format(new Date(String(iso)))} (Singapore)`;

export type WriteKindName =
  | 'book_showflat_slot'
  | 'submit_lead'
  | 'request_viewing'
  | 'create_widget_key'
  | 'replay_webhook_delivery'
  | keyof typeof DIRECTORY_WRITE_KINDS;

export const WRITE_KINDS: Record<WriteKindName, WriteKind> = {
  request_viewing: {
    workspace: 'agency',
    scope: 'viewings.write',
    title: 'Confirm a viewing request',
    asks: 'to request this viewing',
    refused: 'request viewings',
    confirm: 'Request the viewing',
    decline: 'Do not request it',
    facts: (input) => [
      ['Listing', String(input.listingId)],
      ['When', singaporeTime(input.startsAt)],
      ['Length', `${Number(input.durationMinutes ?? 30)} minutes`],
      ['Attendee', String(input.attendeeName)],
    ],
    async perform(stores, actor, input) {
      const requested = await stores.viewings.request(
        actor.organizationId,
        {
          listingId: String(input.listingId),
          startsAt: String(input.startsAt),
          durationMinutes: Number(input.durationMinutes ?? 30) as 15 | 30 | 45 | 60,
          attendee: { name: String(input.attendeeName) },
        },
        actor,
      );
      if ('viewing' in requested) return { result: requested.viewing as unknown as Record<string, unknown> };
      if ('slotTaken' in requested) return { failed: 'that time overlaps another viewing of the listing.' };
      if ('unavailable' in requested)
        return { failed: `the listing is ${requested.unavailable} and takes no viewings.` };
      return { failed: fieldProblems(requested.errors) };
    },
  },
  book_showflat_slot: {
    workspace: 'developer',
    scope: 'inventory.write',
    title: 'Confirm a showflat visit',
    asks: 'to book this showflat visit',
    refused: 'book showflat visits',
    confirm: 'Book the visit',
    decline: 'Do not book it',
    facts: (input, project) => [
      ['Project', projectName(project, input.projectId)],
      ['When', singaporeTime(input.startsAt)],
      ['Visitor', String(input.visitorName)],
    ],
    async perform(stores, actor, input) {
      const project = await stores.projectOf(actor.organizationId, input.projectId);
      const booked = await stores.inventory.showflats.book(
        actor.organizationId,
        project,
        {
          projectId: String(input.projectId),
          startsAt: String(input.startsAt),
          visitor: { name: String(input.visitorName) },
        },
        actor,
      );
      if ('booking' in booked) return { result: booked.booking as unknown as Record<string, unknown> };
      if ('slotTaken' in booked) return { failed: 'the slot was booked by someone else before you confirmed.' };
      if ('closed' in booked) return { failed: `the project is ${booked.closed} and takes no visitors.` };
      return { failed: fieldProblems(booked.errors) };
    },
  },
  submit_lead: {
    workspace: 'developer',
    scope: 'leads.write',
    title: 'Confirm a lead',
    asks: 'to take in this lead',
    refused: 'take in leads',
    confirm: 'Take in the lead',
    decline: 'Do not take it in',
    facts: (input, project) => [
      ['Project', projectName(project, input.projectId)],
      ['Buyer', `${String(input.contactName)} <${String(input.contactEmail)}>`],
      ...(input.unitType ? ([['Unit type', String(input.unitType)]] as [string, string][]) : []),
      ...(input.budget !== undefined
        ? ([['Budget', `S$${Number(input.budget).toLocaleString('en-SG')}`]] as [string, string][])
        : []),
    ],
    async perform(stores, actor, input) {
      const project = await stores.projectOf(actor.organizationId, input.projectId);
      const received = await stores.inventory.leads.receive(
        actor.organizationId,
        project,
        {
          projectId: String(input.projectId),
          ...(input.unitType ? { unitType: String(input.unitType) } : {}),
          ...(input.budget !== undefined ? { budget: Number(input.budget) } : {}),
          contact: { name: String(input.contactName), email: String(input.contactEmail) },
        },
        actor,
      );
      return 'lead' in received
        ? { result: received.lead as unknown as Record<string, unknown> }
        : { failed: fieldProblems(received.errors) };
    },
  },
  ...DIRECTORY_WRITE_KINDS,
  create_widget_key: {
    workspace: 'any',
    scope: 'widget_keys.write',
    title: 'Confirm a widget key',
    asks: 'to create this widget key',
    refused: 'create widget keys',
    confirm: 'Create the key',
    decline: 'Do not create it',
    facts: (input) => [
      ['Name', String(input.name)],
      ['Websites', String(input.origins).split(',').join(', ')],
    ],
    async perform(stores, actor, input) {
      const origins = (input.origins as unknown as string[]) ?? [];
      const created = await stores.widgetKeys.createWidgetKey(actor, String(input.name), origins);
      return 'id' in created ? { result: { id: created.id } } : { failed: Object.values(created.errors).join(' ') };
    },
    doneAt: (result) => `/console/widget-keys/${String(result.id)}?created=1`,
  },
  replay_webhook_delivery: {
    workspace: 'any',
    scope: 'webhooks.write',
    title: 'Replay a webhook delivery',
    asks: 'to send this webhook delivery again',
    refused: 'replay webhook deliveries',
    confirm: 'Replay',
    decline: 'Do not replay it',
    facts: (input) => [
      ['Delivery', String(input.deliveryId)],
      ['Event', String(input.eventType)],
      ['Endpoint', String(input.endpointId)],
    ],
    async perform(stores, actor, input) {
      const id = String(input.deliveryId);
      const replayedAt = stores.webhooks.clock().toISOString(); // before the attempt it queues
      const replayed = await stores.webhooks.replay(actor.organizationId, id);
      if ('queued' in replayed) return { result: { id, replayedAt } };
      return {
        failed: {
          not_found: 'the delivery is not in this workspace any more.',
          disabled: 'its endpoint is disabled: enable it first, then ask again.',
          sending: 'an attempt of it was being sent at that moment, so nothing was queued: ask again in a few seconds.',
        }[replayed.refused],
      };
    },
  },
};

/** The kind of a pending action (every kind it may have is one of WRITE_KINDS). */
export const kindOf = (action: Pick<PendingAction, 'kind'>): WriteKind => WRITE_KINDS[action.kind as WriteKindName];

/** What the console's one confirmation page needs of the writes: how to show one, and how to do it. */
export function aiWrites(stores: WriteStores) {
  /** What the person reads before confirming a write of `kind` in an organization. */
  const facts = async (kind: WriteKind, input: Record<string, string | number>, organizationId: string) =>
    kind.facts(input, await stores.projectOf(organizationId, input.projectId));
  return {
    facts,
    async describe(action: PendingAction) {
      const kind = kindOf(action);
      return {
        ...kind,
        facts: await facts(kind, action.input as Record<string, string | number>, action.organizationId),
      };
    },
    perform: (action: PendingAction, actor: Actor) =>
      kindOf(action).perform(stores, actor, action.input as Record<string, string | number>),
  };
}

export type AiWrites = ReturnType<typeof aiWrites>;
