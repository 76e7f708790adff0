/**
 * The writes an AI app may ask for in a developer's or an agency's workspace, each waiting for the person on the
 * service's page: what the page shows them, and what confirming does, once, as them. The tools
 * (inventory-tools.ts) and the console's page (given these by the composition root) share this one
 * description of each write.
 */
import type { Inventory } from '../../core/inventory/inventory.js';
import type { ViewingStore } from '../../core/listings/viewing-store.js';
import type { Actor } from '../../core/events/record-change.js';
import type { PendingAction } from '../../core/organizations/pending-actions.js';
import { ORGANIZATIONS } from '../../sandbox/organizations.js';

/** What the writes act on: a developer's inventory, and an agency's viewings. */
export interface WriteStores {
  inventory: Inventory;
  viewings: ViewingStore;
}

export interface WriteKind {
  /** The kind of workspace the write belongs to. */
  workspace: 'developer' | 'agency';
  /** What the person's role must allow, when the app asks and again when they confirm. */
  scope: 'viewings.write' | 'inventory.write' | 'leads.write';
  /** The page's heading, and its two buttons. */
  title: string;
  confirm: string;
  decline: string;
  /** What the person reads before confirming: label and value. */
  facts(input: Record<string, string | number>, organizationId: string): [string, string][];
  /** Does the write as the person; the result the app learns, or why it could not be done. */
  perform(
    stores: WriteStores,
    actor: Actor,
    input: Record<string, string | number>,
  ): Promise<{ result: Record<string, unknown> } | { failed: string }>;
}

const projectOf = (organizationId: string, projectId: unknown) =>
  ORGANIZATIONS[organizationId]?.projects.find((p) => p.id === projectId);
const projectName = (organizationId: string, projectId: unknown) =>
  projectOf(organizationId, projectId)?.name ?? String(projectId);
const singaporeTime = (iso: unknown) =>
  `${new Intl.DateTimeFormat('en-SG', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Asia/Singapore' }).format(new Date(String(iso)))} (Singapore)`;
const fieldProblems = (errors: { parameter: string; detail: string }[]) =>
  errors.map((e) => `${e.parameter.replace('body.', '')} ${e.detail}`).join('; ');

export const WRITE_KINDS: Record<'book_showflat_slot' | 'submit_lead' | 'request_viewing', WriteKind> = {
  request_viewing: {
    workspace: 'agency',
    scope: 'viewings.write',
    title: 'Confirm a viewing request',
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
    confirm: 'Book the visit',
    decline: 'Do not book it',
    facts: (input, org) => [
      ['Project', projectName(org, input.projectId)],
      ['When', singaporeTime(input.startsAt)],
      ['Visitor', String(input.visitorName)],
    ],
    async perform(stores, actor, input) {
      const project = projectOf(actor.organizationId, input.projectId);
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
    confirm: 'Take in the lead',
    decline: 'Do not take it in',
    facts: (input, org) => [
      ['Project', projectName(org, input.projectId)],
      ['Buyer', `${String(input.contactName)} <${String(input.contactEmail)}>`],
      ...(input.unitType ? ([['Unit type', String(input.unitType)]] as [string, string][]) : []),
      ...(input.budget !== undefined
        ? ([['Budget', `S$${Number(input.budget).toLocaleString('en-SG')}`]] as [string, string][])
        : []),
    ],
    async perform(stores, actor, input) {
      const project = projectOf(actor.organizationId, input.projectId);
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
};

/** What the console's page needs of the writes: how to show one, and how to do it. */
export const pendingWrites = (stores: WriteStores) => ({
  describe: (action: PendingAction) => {
    const kind = WRITE_KINDS[action.kind as keyof typeof WRITE_KINDS];
    return {
      title: kind.title,
      scope: kind.scope,
      confirm: kind.confirm,
      decline: kind.decline,
      facts: kind.facts(action.input as Record<string, string | number>, action.organizationId),
    };
  },
  perform: (action: PendingAction, actor: Actor) =>
    WRITE_KINDS[action.kind as keyof typeof WRITE_KINDS].perform(
      stores,
      actor,
      action.input as Record<string, string | number>,
    ),
});

export type PendingWrites = ReturnType<typeof pendingWrites>;
