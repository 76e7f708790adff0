/**
 * The MCP endpoint's inventory tools: a developer's inventory read in the workspace the person
 * connected the app for, and only there. A token for any other workspace (an agency, a partner site)
 * is told so, and where to connect the app instead.
 */
import { ORGANIZATIONS } from '../../sandbox/organizations.js';
import { schemaOf } from './tools.js';
import { type McpTool, READ_ONLY } from './tool.js';

export const INVENTORY_TOOLS: McpTool[] = [
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
    async run(args, { caller, inventory }) {
      const workspace = ORGANIZATIONS[caller!.organizationId]!.organization;
      if (workspace.kind !== 'developer')
        return {
          error: `This app is connected for ${workspace.name}, which is ${workspace.kind === 'agency' ? 'an agency' : 'a partner site'}: inventory belongs to a developer's workspace. Connect the app again and choose the developer's workspace on the consent page.`,
        };
      const batches = await inventory!.stores.batches.list(workspace.id, {
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

/** What a showflat booking an app asks for says to the person, and the booking once made. */
const BOOK_INPUT = {
  type: 'object',
  required: ['projectId', 'startsAt', 'visitorName', 'idempotencyKey'],
  additionalProperties: false,
  properties: {
    projectId: { type: 'string', pattern: '^proj_[a-z0-9]{4,32}$' },
    startsAt: {
      type: 'string',
      description: 'A half-hour slot from 10:00 to 17:30 Singapore time, ISO 8601 (such as 2026-12-05T02:00:00Z).',
    },
    visitorName: { type: 'string', minLength: 1, maxLength: 100 },
    idempotencyKey: { type: 'string', minLength: 8, maxLength: 100, description: 'Reuse it to learn the outcome.' },
  },
};

INVENTORY_TOOLS.push({
  name: 'book_showflat_slot',
  toolset: 'inventory',
  title: 'Book a showflat visit',
  description:
    "Asks to book a showflat slot of one of the developer's projects. Nothing is booked until the person confirms on the service's page (confirmUrl, within 15 minutes); call again with the same idempotencyKey to learn the outcome. Needs sign-in with inventory.write, in a developer's workspace.",
  scope: 'inventory.write',
  inputSchema: BOOK_INPUT,
  outputSchema: {
    type: 'object',
    required: ['status', 'actionId'],
    properties: {
      status: { type: 'string', enum: ['awaiting_confirmation', 'booked', 'declined', 'failed', 'expired'] },
      actionId: { type: 'string' },
      expiresAt: { type: 'string' },
      confirmUrl: { type: 'string' },
      preview: { type: 'object' },
      booking: schemaOf('ShowflatBooking'),
      reason: { type: 'string' },
    },
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, { caller, inventory, consoleUrl, showPage }) {
    const workspace = ORGANIZATIONS[caller!.organizationId]!;
    if (workspace.organization.kind !== 'developer')
      return {
        error: `This app is connected for ${workspace.organization.name}, which is not a developer: showflats belong to a developer's workspace.`,
      };
    const project = workspace.projects.find((p) => p.id === args.projectId);
    if (!project) return { error: `${workspace.organization.name} has no project ${String(args.projectId)}.` };
    const { idempotencyKey, ...input } = args as Record<string, string>;
    const action = await inventory!.actions.open(caller!, 'book_showflat_slot', idempotencyKey!, input);
    if (action === 'mismatch')
      return { error: 'This idempotencyKey was already used with other arguments: use a new key for another booking.' };
    const confirmUrl = consoleUrl!(`mcp/actions/${action.id}`);
    const preview = { project: project.name, startsAt: input.startsAt, visitor: input.visitorName };
    const base = { actionId: action.id, expiresAt: action.expiresAt };
    switch (action.status) {
      case 'confirmed':
        return {
          structured: { status: 'booked', ...base, booking: action.result },
          text: `Booked: ${project.name} showflat at ${input.startsAt} for ${input.visitorName} (${String(action.result!.id)}).`,
        };
      case 'declined':
      case 'expired':
        return {
          structured: { status: action.status, ...base },
          text: `Not booked: the person ${action.status === 'declined' ? 'declined' : 'did not confirm in time'}.`,
        };
      case 'failed':
        return {
          structured: { status: 'failed', ...base, reason: String(action.result?.reason) },
          text: `Not booked: ${String(action.result?.reason)}`,
        };
    }
    await showPage(confirmUrl, `Confirm the showflat visit at ${project.name} on the service's page.`, action.id);
    return {
      structured: { status: 'awaiting_confirmation', ...base, confirmUrl, preview },
      text: `Nothing is booked yet. Ask the person to confirm at ${confirmUrl} before ${action.expiresAt}; then call again with the same idempotencyKey.`,
    };
  },
});
