/**
 * The MCP endpoint's inventory tools: a developer's inventory read in the workspace the person
 * connected the app for, and only there. A token for any other workspace (an agency, a partner site)
 * is told so, and where to connect the app instead.
 */
import { schemaOf } from './tools.js';
import { type PrivateTool, READ_ONLY } from './tool.js';
import { WRITE_KINDS } from '../../core/writes/write-kinds.js';
import { askThePerson } from './ask-the-person.js';
import { IDEMPOTENCY_KEY, unfinishedWrite, writeStatus } from './write-answer.js';

export const INVENTORY_TOOLS: PrivateTool[] = [
  {
    name: 'list_inventory_batches',
    toolset: 'inventory',
    title: 'Your inventory batches',
    description:
      "The developer's inventory batches (units released, held or sold), optionally of one project. Works in a developer's workspace; needs sign-in with the scope inventory.read.",
    scope: 'inventory.read',
    inputSchema: {
      type: 'object',
      properties: { projectId: { type: 'string', pattern: '^proj_[a-z0-9]{4,32}$' } },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['workspace', 'data'],
      properties: { workspace: { type: 'string' }, data: { type: 'array', items: schemaOf('InventoryBatch') } },
    },
    annotations: READ_ONLY,
    async run(args, { services, caller }) {
      const record = await services.directory.recordOf(caller.organizationId);
      if (!record) return { error: 'The organization this app was connected for no longer exists.' };
      const workspace = record.organization;
      if (workspace.kind !== 'developer')
        return {
          error: `This app is connected for ${workspace.name}, which is ${workspace.kind === 'agency' ? 'an agency' : 'a partner site'}: inventory belongs to a developer's workspace. Connect the app again and choose the developer's workspace on the consent page.`,
        };
      const batches = await services.inventory.batches.list(workspace.id, {
        projectId: args.projectId as string | undefined,
      });
      const lines = batches.map(
        (b) => `- ${b.id} ${b.name}: ${b.units} × ${b.unitType} in ${b.projectId}, ${b.status}`,
      );
      return {
        structured: { workspace: workspace.id, data: batches },
        text: [`${workspace.name}: ${batches.length} inventory batches.`, ...lines].join('\n'),
      };
    },
  },
];

/**
 * A write in a developer's workspace that waits for the person: the call returns a preview, an
 * action id, its expiry and the service's page; nothing changes until the person confirms there, and
 * the next call with the same idempotencyKey learns what happened.
 */
function confirmedWrite(tool: {
  name: 'book_showflat_slot' | 'submit_lead' | 'request_viewing' | 'create_project' | 'add_agent';
  title: string;
  description: string;
  scope: 'inventory.write' | 'leads.write' | 'viewings.write' | 'developers.write' | 'agents.write';
  properties: Record<string, unknown>;
  required: string[];
  done: (result: Record<string, unknown>) => string;
}): PrivateTool {
  const kind = WRITE_KINDS[tool.name];
  return {
    name: tool.name,
    toolset: kind.workspace === 'agency' ? 'listings' : 'inventory',
    title: tool.title,
    description: `${tool.description} Nothing changes until the person confirms on the service's page (confirmUrl, within 15 minutes); call again with the same idempotencyKey to learn the outcome. Needs sign-in with ${tool.scope}, in ${kind.workspace === 'agency' ? "an agency's" : "a developer's"} workspace.`,
    scope: tool.scope,
    inputSchema: {
      type: 'object',
      required: [...tool.required, 'idempotencyKey'],
      additionalProperties: false,
      properties: { ...tool.properties, idempotencyKey: IDEMPOTENCY_KEY },
    },
    outputSchema: {
      type: 'object',
      required: ['status', 'actionId'],
      properties: {
        status: writeStatus({ done: 'confirmed and done: result holds what was made' }),
        actionId: { type: 'string' },
        expiresAt: { type: 'string' },
        confirmUrl: { type: 'string' },
        preview: { type: 'object', additionalProperties: { type: 'string' } },
        result: { type: 'object' },
        reason: { type: 'string' },
      },
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run(args, context) {
      const workspace = await context.services.directory.recordOf(context.caller.organizationId);
      if (!workspace) return { error: 'The organization this app was connected for no longer exists.' };
      if (workspace.organization.kind !== kind.workspace)
        return {
          error: `This app is connected for ${workspace.organization.name}, which is not ${kind.workspace === 'agency' ? 'an agency' : 'a developer'}: this belongs to ${kind.workspace === 'agency' ? "an agency's" : "a developer's"} workspace.`,
        };
      if (
        kind.workspace === 'developer' &&
        'projectId' in args &&
        !workspace.projects.some((p) => p.id === args.projectId)
      )
        return { error: `${workspace.organization.name} has no project ${String(args.projectId)}.` };
      const { idempotencyKey, ...input } = args as Record<string, string | number>;
      const asked = await askThePerson(context, tool.name, String(idempotencyKey), input);
      if ('error' in asked) return asked;
      const { action, confirmUrl } = asked;
      const about = { actionId: action.id, expiresAt: action.expiresAt };
      if (action.status === 'confirmed')
        return { structured: { status: 'done', ...about, result: action.result }, text: tool.done(action.result!) };
      const preview =
        action.status === 'pending'
          ? Object.fromEntries(await context.services.writes.facts(kind, input, workspace.organization.id))
          : undefined;
      return unfinishedWrite(action, confirmUrl, { notDone: 'Not done', about, waiting: { preview } })!;
    },
  };
}

const PROJECT_ID = { type: 'string', pattern: '^proj_[a-z0-9]{4,32}$' };

INVENTORY_TOOLS.push(
  confirmedWrite({
    name: 'book_showflat_slot',
    title: 'Book a showflat visit',
    description: "Asks to book a half-hour showflat slot of one of the developer's projects.",
    scope: 'inventory.write',
    properties: {
      projectId: PROJECT_ID,
      startsAt: {
        type: 'string',
        description: 'A half-hour slot from 10:00 to 17:30 Singapore time, ISO 8601 (such as 2026-12-05T02:00:00Z).',
      },
      visitorName: { type: 'string', minLength: 1, maxLength: 100 },
    },
    required: ['projectId', 'startsAt', 'visitorName'],
    done: (booking) => `Booked: showflat booking ${String(booking.id)} at ${String(booking.startsAt)}.`,
  }),
  confirmedWrite({
    name: 'submit_lead',
    title: 'Pass on a buyer’s enquiry',
    description:
      "Asks to take in a buyer's enquiry about one of the developer's projects; once confirmed it is routed by the developer's rules to a sales team.",
    scope: 'leads.write',
    properties: {
      projectId: PROJECT_ID,
      unitType: { type: 'string', minLength: 1, maxLength: 40 },
      budget: { type: 'integer', minimum: 0, maximum: 100000000 },
      contactName: { type: 'string', minLength: 1, maxLength: 100 },
      contactEmail: { type: 'string', maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' },
    },
    required: ['projectId', 'contactName', 'contactEmail'],
    done: (lead) =>
      lead.routedTo
        ? `Lead ${String(lead.id)} taken in and routed to ${String((lead.routedTo as { team: string }).team)}.`
        : `Lead ${String(lead.id)} taken in; no rule matched it, so it waits unrouted.`,
  }),
  confirmedWrite({
    name: 'request_viewing',
    title: 'Request a viewing of a listing',
    description:
      "Asks to request a viewing of one of the agency's listings, on a quarter hour, 1 hour to 90 days ahead.",
    scope: 'viewings.write',
    properties: {
      listingId: { type: 'string', pattern: '^lst_[a-z0-9]{4,32}$' },
      startsAt: { type: 'string', description: 'ISO 8601, on a quarter hour (such as 2026-12-05T02:00:00Z).' },
      durationMinutes: { type: 'integer', enum: [15, 30, 45, 60] },
      attendeeName: { type: 'string', minLength: 1, maxLength: 100 },
    },
    required: ['listingId', 'startsAt', 'attendeeName'],
    done: (viewing) => `Viewing ${String(viewing.id)} requested for ${String(viewing.startsAt)}.`,
  }),
  confirmedWrite({
    name: 'create_project',
    title: 'Add a project',
    description:
      "Asks to add a project to the developer's, planned (its unit types and launch follow in the console or the API).",
    scope: 'developers.write',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      address: { type: 'string', minLength: 1, maxLength: 200 },
      district: { type: 'integer', minimum: 1, maximum: 28 },
      tenure: { type: 'string', enum: ['freehold', '99-year leasehold', '999-year leasehold'] },
    },
    required: ['name', 'district', 'tenure'],
    done: (project) => `Project ${String(project.id)} added, planned: ${String(project.name)}.`,
  }),
  confirmedWrite({
    name: 'add_agent',
    title: 'Add an agent',
    description:
      'Asks to add a salesperson to the agency, with their CEA registration number (R, six digits, a letter).',
    scope: 'agents.write',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      ceaNumber: { type: 'string', pattern: '^R[0-9]{6}[A-Z]$' },
      email: { type: 'string', maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' },
    },
    required: ['name', 'ceaNumber'],
    done: (agent) => `Agent ${String(agent.id)} added: ${String(agent.name)} (${String(agent.ceaNumber)}).`,
  }),
);
