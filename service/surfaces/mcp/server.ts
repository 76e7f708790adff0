/**
 * The service's MCP server: the official SDK's low-level Server, so each tool's schemas are the
 * contracts' JSON Schemas rather than a second description of them.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { CallToolRequestSchema, type CallToolResult, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { CREATE_WIDGET_KEY, type CreateArgs, type CreateWidgetKeyTool } from './create-widget-key.js';
import type { ConsoleStore } from '../../core/keys/key-admin.js';
import type { EstimateEngine } from '../../core/estimates/engine.js';
import { type Caller, PRIVATE_TOOLS } from './private-tools.js';
import { PUBLIC_TOOLS, problemInArguments } from './tools.js';
import { type DailyCounter, MCP_VALUATIONS_PER_DAY } from '../../core/metering/daily-meter.js';

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

const answer = (result: { structured: Record<string, unknown>; text: string }): CallToolResult => ({
  content: [{ type: 'text', text: result.text }],
  structuredContent: result.structured,
});
const failure = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/** The signed-in person behind a call to a tool that needs `scope` (the HTTP layer has answered 401 or 403 already). */
function callerWith(extra: { authInfo?: AuthInfo }, tool: { name: string; scope: string }): Caller {
  const caller = extra.authInfo?.extra as Caller | undefined;
  if (!caller || !extra.authInfo?.scopes.includes(tool.scope)) throw new McpError(ErrorCode.InvalidRequest, `${tool.name} needs sign-in with ${tool.scope}.`);
  return caller;
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
    const args = request.params.arguments ?? {};
    const unfit = (tool: { name: string; inputSchema: Record<string, unknown> }) => {
      const problem = problemInArguments(tool, args);
      return problem && failure(`The arguments do not fit ${tool.name}: ${problem}.`);
    };
    if (context.createKey && request.params.name === CREATE_WIDGET_KEY.name) {
      const caller = callerWith(extra, CREATE_WIDGET_KEY);
      const problem = unfit(CREATE_WIDGET_KEY);
      if (problem) return problem;
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
      return 'error' in result ? failure(result.error) : answer(result);
    }
    const privateTool = context.store ? PRIVATE_TOOLS.find((t) => t.name === request.params.name) : undefined;
    if (privateTool) return answer(await privateTool.run(context.store!, callerWith(extra, privateTool)));
    const tool = PUBLIC_TOOLS.find((t) => t.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. Call tools/list for the tools there are.`);
    const problem = unfit(tool);
    if (problem) return problem;
    if (tool.countsAsValuation) {
      const day = context.engine.now().toISOString().slice(0, 10);
      if ((await context.usage.take(context.client, day, MCP_VALUATIONS_PER_DAY)) === undefined) {
        return failure(`This client has used its ${MCP_VALUATIONS_PER_DAY.toLocaleString('en')} valuations for today; the limit resets at 00:00 UTC. Bulk collection is not allowed.`);
      }
    }
    const result = tool.run(context.engine, args);
    return 'error' in result ? failure(result.error) : answer(result);
  });

  return server;
}
