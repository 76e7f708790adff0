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
      const batches = await inventory!.batches.list(workspace.id, { projectId: args.projectId as string | undefined });
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
