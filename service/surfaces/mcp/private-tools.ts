/** The MCP endpoint's private tools: each needs a token with its scope, and acts for the signed-in person's organization. */
import { CREATE_WIDGET_KEY, type CreateArgs, createWidgetKey } from './create-widget-key.js';
import { type PrivateTool, READ_ONLY } from './tool.js';

const NO_ARGUMENTS = { type: 'object', properties: {}, additionalProperties: false };

export const PRIVATE_TOOLS: PrivateTool[] = [
  {
    name: 'get_organization',
    toolset: 'organization',
    title: 'Your organization',
    description:
      "The signed-in person's organization: its id, name, kind and products. Needs sign-in with the scope organizations.read.",
    scope: 'organizations.read',
    inputSchema: NO_ARGUMENTS,
    outputSchema: {
      type: 'object',
      required: ['id', 'name', 'kind', 'products'],
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        kind: { type: 'string' },
        products: { type: 'array', items: { type: 'string' } },
      },
    },
    annotations: READ_ONLY,
    async run(_args, { services, caller }) {
      const record = await services.directory.recordOf(caller.organizationId);
      if (!record) throw new Error(`The organization ${caller.organizationId} no longer exists.`);
      const { id, name, kind, products } = record.organization;
      return { structured: { id, name, kind, products }, text: `${name} (${kind}): ${products.join(', ')}.` };
    },
  },
  {
    name: 'list_widget_keys',
    toolset: 'widget_keys',
    title: 'Your widget keys',
    description:
      "The organization's widget keys (publishable), the websites on each, and today's estimates. Needs sign-in with the scope widget_keys.read.",
    scope: 'widget_keys.read',
    inputSchema: NO_ARGUMENTS,
    outputSchema: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'key', 'origins', 'estimatesToday', 'revoked'],
            properties: {
              id: { type: 'string' },
              name: { type: 'string' },
              key: { type: 'string' },
              origins: { type: 'array', items: { type: 'string' } },
              estimatesToday: { type: 'integer' },
              revoked: { type: 'boolean' },
            },
          },
        },
      },
    },
    annotations: READ_ONLY,
    async run(_args, { services, caller }) {
      const keys = await services.widgetKeyAdmin.widgetKeys(caller);
      const data = keys.map((k) => ({
        id: k.id,
        name: k.name,
        key: k.key,
        origins: k.origins,
        estimatesToday: k.estimatesToday,
        revoked: Boolean(k.revokedAt),
      }));
      return {
        structured: { data },
        text:
          data
            .map(
              (k) => `- ${k.name}: ${k.key} on ${k.origins.join(', ') || 'no website'}${k.revoked ? ' (revoked)' : ''}`,
            )
            .join('\n') || 'No widget keys.',
      };
    },
  },
  {
    ...CREATE_WIDGET_KEY,
    run: (args, context) => createWidgetKey(args as unknown as CreateArgs, context),
  },
];
