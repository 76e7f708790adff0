/**
 * Every write an AI app may ask for, each a kind of one pending action (organizations/pending-actions.ts)
 * waiting for the person on the service's page: what the page shows them, and what confirming does,
 * once, as them. MCP's tools and the console's one confirmation page share this one description of each
 * write; adding the next write an app may ask for is adding a kind here.
 */
import type { Inventory } from '../inventory/inventory.js';
import type { ViewingStore } from '../listings/viewing-store.js';
import type { Actor } from '../events/record-change.js';
import type { Scope } from '../grants/scopes.js';
import type { WidgetKeyAdmin } from '../keys/widget-key-admin.js';
import type { WebhookService } from '../webhooks/webhook-service.js';
import type { PendingAction } from '../organizations/pending-actions.js';
import type { Directory } from '../directory/directory.js';
import type { components } from '../../../contract/generated/platform.js';

type Project = components['schemas']['Project'];
/** A developer's project by id, in the environment's directory (core/directory). */
export type ProjectLookup = (organizationId: string, projectId: unknown) => Promise<Project | undefined>;

/** What the writes act on: a developer's inventory, an agency's viewings, the widget keys and webhooks. */
export interface WriteStores {
  inventory: Inventory;
  viewings: ViewingStore;
  widgetKeys: WidgetKeyAdmin;
  webhooks: WebhookService;
  projectOf: ProjectLookup;
  /** An organization's own records: the agents an agency adds, the projects a developer adds. */
  directory: Pick<Directory, 'agents' | 'projects'>;
}

export interface WriteKind {
  /** The kind of workspace the write belongs to: any organization's, or only a developer's or an agency's. */
  workspace: 'developer' | 'agency' | 'any';
  /** What the person's role must allow, when the app asks and again when they confirm. */
  scope: Scope;
  /** The page's heading, what the app asks (after "…, an AI app you connected, asks"), and its two buttons. */
  title: string;
  asks: string;
  /** What a person whose role does not allow it cannot do: "create widget keys". */
  refused: string;
  confirm: string;
  decline: string;
  /** What the person reads before confirming: label and value (the project, for a write about one). */
  facts(input: Record<string, string | number>, project: Project | undefined): [string, string][];
  /** Does the write as the person; the result the app learns, or why it could not be done. */
  perform(
    stores: WriteStores,
    actor: Actor,
    input: Record<string, string | number>,
  ): Promise<{ result: Record<string, unknown> } | { failed: string }>;
  /** The console page the person is taken to once it is done (the key made), instead of the action's own. */
  doneAt?(result: Record<string, unknown>): string;
}

const projectName = (project: Project | undefined, projectId: unknown) => project?.name ?? String(projectId);
const singaporeTime = (iso: unknown) =>
  `${new Intl.DateTimeFormat('en-SG', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Asia/Singapore' }).format(new Date(String(iso)))} (Singapore)`;
const fieldProblems = (errors: { parameter: string; detail: string }[]) =>
  errors.map((e) => `${e.parameter.replace('body.', '')} ${e.detail}`).join('; ');

export type WriteKindName =
  | 'book_showflat_slot'
  | 'submit_lead'
  | 'request_viewing'
  | 'create_widget_key'
  | 'replay_webhook_delivery'
  | 'create_project'
  | 'add_agent';

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
  create_project: {
    workspace: 'developer',
    scope: 'developers.write',
    title: 'Confirm a new project',
    asks: 'to add this project, planned',
    refused: 'add projects',
    confirm: 'Add the project',
    decline: 'Do not add it',
    facts: (input) => [
      ['Project', String(input.name)],
      ['District', String(input.district)],
      ['Tenure', String(input.tenure)],
      ...(input.address ? ([['Address', String(input.address)]] as [string, string][]) : []),
    ],
    async perform(stores, actor, input) {
      const made = await stores.directory.projects.create(actor.organizationId, {
        name: String(input.name),
        district: Number(input.district),
        tenure: input.tenure as Project['tenure'],
        ...(input.address ? { address: String(input.address) } : {}),
      });
      return 'project' in made
        ? { result: made.project as unknown as Record<string, unknown> }
        : { failed: fieldProblems(made.errors) };
    },
  },
  add_agent: {
    workspace: 'agency',
    scope: 'agents.write',
    title: 'Confirm a new agent',
    asks: 'to add this agent to the agency',
    refused: 'add agents',
    confirm: 'Add the agent',
    decline: 'Do not add them',
    facts: (input) => [
      ['Agent', String(input.name)],
      ['CEA registration', String(input.ceaNumber)],
      ...(input.email ? ([['E-mail', String(input.email)]] as [string, string][]) : []),
    ],
    async perform(stores, actor, input) {
      const made = await stores.directory.agents.create(actor.organizationId, {
        name: String(input.name),
        ceaNumber: String(input.ceaNumber),
        role: 'agent',
        ...(input.email ? { email: String(input.email) } : {}),
      });
      return 'agent' in made
        ? { result: made.agent as unknown as Record<string, unknown> }
        : { failed: fieldProblems(made.errors) };
    },
  },
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
