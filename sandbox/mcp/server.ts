/**
 * The service's MCP server: the official SDK's low-level Server, so each tool's schemas are the
 * contracts' JSON Schemas rather than a second description of them.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { CREATE_WIDGET_KEY, type CreateArgs, type CreateWidgetKeyTool } from './create-widget-key.js';
import type { ConsoleStore } from '../console/store.js';
import type { EstimateEngine } from '../engine.js';
import { PRIVATE_TOOLS } from './private-tools.js';
import { PUBLIC_TOOLS, problemInArguments } from './tools.js';
import { type DailyCounter, MCP_VALUATIONS_PER_DAY } from './usage.js';

export interface McpContext {
  engine: EstimateEngine;
  usage: DailyCounter;
  /** Who counts against the daily limit: the client's network address while it is not signed in. */
  client: string;
  /** The organization's keys, for the private tools (the HTTP layer has checked the token and its scope). */
  store?: ConsoleStore;
  /** The consequential write, with its confirmation and idempotency. */
  createKey?: CreateWidgetKeyTool;
}

export function createMcpServer(context: McpContext): Server {
  const server = new Server(
    { name: 'service-valuations-sandbox', title: 'Service Valuations (sandbox)', version: '1.0.0' },
    {
      capabilities: { tools: {} },
      instructions:
        'Singapore property valuations. Find a home with search_properties, then call get_valuation with its id for a sale or rent estimate. Keep the attribution and the disclaimer with any estimate you show.',
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...PUBLIC_TOOLS, ...(context.store ? PRIVATE_TOOLS : []), ...(context.createKey ? [CREATE_WIDGET_KEY] : [])].map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema: inputSchema as { type: 'object' },
      outputSchema: outputSchema as { type: 'object' },
      annotations,
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    if (context.createKey && request.params.name === CREATE_WIDGET_KEY.name) {
      const caller = extra.authInfo?.extra as { userId: string; organizationId: string } | undefined;
      if (!caller || !extra.authInfo?.scopes.includes(CREATE_WIDGET_KEY.scope)) throw new McpError(ErrorCode.InvalidRequest, `${CREATE_WIDGET_KEY.name} needs sign-in with ${CREATE_WIDGET_KEY.scope}.`);
      const args = request.params.arguments ?? {};
      const problem = problemInArguments(CREATE_WIDGET_KEY, args);
      if (problem) return { isError: true, content: [{ type: 'text' as const, text: `The arguments do not fit ${CREATE_WIDGET_KEY.name}: ${problem}.` }] };
      // Asks in the client where it can (elicitation); otherwise the service's own page asks (undefined).
      const confirm = async (message: string) => {
        if (!server.getClientCapabilities()?.elicitation) return undefined;
        const answer = await server.elicitInput({
          message,
          requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Create this widget key' } }, required: ['confirm'] },
        });
        return answer.action === 'accept' && answer.content?.confirm === true;
      };
      const result = await context.createKey.run(caller, args as unknown as CreateArgs, confirm);
      if ('error' in result) return { isError: true, content: [{ type: 'text' as const, text: result.error }] };
      return { content: [{ type: 'text' as const, text: result.text }], structuredContent: result.structured };
    }
    const privateTool = context.store ? PRIVATE_TOOLS.find((t) => t.name === request.params.name) : undefined;
    if (privateTool) {
      const caller = extra.authInfo?.extra as { userId: string; organizationId: string } | undefined;
      // The HTTP layer answers 401 or 403 before a call gets here without a token holding the scope.
      if (!caller || !extra.authInfo?.scopes.includes(privateTool.scope)) throw new McpError(ErrorCode.InvalidRequest, `${privateTool.name} needs sign-in with ${privateTool.scope}.`);
      const result = await privateTool.run(context.store!, caller);
      return { content: [{ type: 'text' as const, text: result.text }], structuredContent: result.structured };
    }
    const tool = PUBLIC_TOOLS.find((t) => t.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. Call tools/list for the tools there are.`);
    const args = request.params.arguments ?? {};
    const problem = problemInArguments(tool, args);
    if (problem) return { isError: true, content: [{ type: 'text' as const, text: `The arguments do not fit ${tool.name}: ${problem}.` }] };
    if (tool.countsAsValuation) {
      const day = context.engine.now().toISOString().slice(0, 10);
      if ((await context.usage.take(context.client, day, MCP_VALUATIONS_PER_DAY)) === undefined) {
        return {
          isError: true,
          content: [{ type: 'text' as const, text: `This client has used its ${MCP_VALUATIONS_PER_DAY.toLocaleString('en')} valuations for today; the limit resets at 00:00 UTC. Bulk collection is not allowed.` }],
        };
      }
    }
    const result = tool.run(context.engine, args);
    if ('error' in result) return { isError: true, content: [{ type: 'text' as const, text: result.error }] };
    return { content: [{ type: 'text' as const, text: result.text }], structuredContent: result.structured };
  });

  return server;
}
