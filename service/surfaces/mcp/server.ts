/**
 * The service's MCP server: the official SDK's low-level Server, so each tool's schemas are the
 * contracts' JSON Schemas rather than a second description of them. Every tool has one shape
 * (tool.ts): checked for access, its arguments validated, metered, run with one context.
 */
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { DAILY_LIMITS } from '../../core/metering/limits.js';
import { countAnswered } from '../../core/metering/count-answered.js';
import { PRIVATE_TOOLS } from './private-tools.js';
import type { AppActor } from '../../core/events/record-change.js';
import { access, type McpTool, type ToolResult } from './tool.js';
import type { Services } from '../../core/services/compose.js';
import { WEBHOOK_TOOLS } from './webhook-tools.js';
import { PUBLIC_TOOLS, problemInArguments } from './tools.js';
import { DISCOVERY_TOOLS } from './discovery-tools.js';
import { INVENTORY_TOOLS } from './inventory-tools.js';
import { leftOut, selectionOf } from './tool-selection.js';
import { logFailure, newRequestId } from '../../web/log-failure.js';

export interface McpContext {
  services: Services;
  /** Who counts against the daily limit: the client's network address while it is not signed in. */
  client: string;
}

const answer = (result: Exclude<ToolResult, { error: string }>): CallToolResult => ({
  content: [{ type: 'text', text: result.text }],
  structuredContent: result.structured,
});
const failure = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/** Every tool the endpoint offers: the public ones, and the private ones a signed-in person's token may call. */
export const TOOLS: McpTool[] = [
  ...PUBLIC_TOOLS,
  ...DISCOVERY_TOOLS,
  ...PRIVATE_TOOLS,
  ...WEBHOOK_TOOLS,
  ...INVENTORY_TOOLS,
];

/** The person a checked token acts for (oauth-provider.ts keeps them in the token's `extra`). */
function callerOf(auth: AuthInfo | undefined, toolName: string): AppActor {
  const caller = auth?.extra as AppActor | undefined;
  if (!caller?.userId) throw new McpError(ErrorCode.InvalidRequest, `${toolName} needs sign-in.`);
  return caller;
}

/** The MCP server's version, as its initialize answer and its registry entry (contract/mcp/server.json) give it. */
export const MCP_SERVER_VERSION = '1.0.0';

export function createMcpServer({ services, client }: McpContext): Server {
  const tools = TOOLS;
  const server = new Server(
    {
      name: `service-valuations-${services.settings.environment}`,
      title: `Service Valuations (${services.settings.environment})`,
      version: MCP_SERVER_VERSION,
    },
    {
      capabilities: { tools: {} },
      instructions:
        'Singapore property valuations and public discovery. Find a home with search_properties, then call get_valuation with its id for a sale or rent estimate. For a town: area_transactions and price_trend; for a loan: mortgage_affordability; for the service: service_offerings and property_news. Keep the attribution, the disclaimer and the source line with anything you show.',
    },
  );

  /** The client's read-only and toolset choice on this request, or an error naming what is wrong. */
  const selected = (headers: Record<string, string | string[] | undefined> | undefined) => {
    const selection = selectionOf(headers);
    if ('problem' in selection) throw new McpError(ErrorCode.InvalidRequest, selection.problem);
    return selection;
  };

  server.setRequestHandler(ListToolsRequestSchema, async (_request, extra) => {
    const selection = selected(extra.requestInfo?.headers);
    const visible = tools.filter((tool) => !leftOut(tool, selection, extra.authInfo));
    return {
      tools: visible.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
        name,
        title,
        description,
        inputSchema: inputSchema as { type: 'object' },
        outputSchema: outputSchema as { type: 'object' },
        annotations,
      })),
    };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = request.params.arguments ?? {};
    const tool = tools.find((t) => t.name === request.params.name);
    if (!tool)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool: ${request.params.name}. Call tools/list for the tools there are.`,
      );
    if (access(tool, extra.authInfo))
      throw new McpError(ErrorCode.InvalidRequest, `${tool.name} needs sign-in with ${tool.scope}.`);
    const why = leftOut(tool, selected(extra.requestInfo?.headers), extra.authInfo);
    if (why) throw new McpError(ErrorCode.InvalidRequest, `${tool.name} is not available here: ${why}.`);
    const problem = problemInArguments(tool, args);
    if (problem) return failure(`The arguments do not fit ${tool.name}: ${problem}.`);

    // Points the person at the service's confirmation page from inside the client (URL-mode elicitation),
    // where the client supports it, on this call's own stream. Its answer is not awaited: it only says
    // whether the page was opened (the decision is made on the page), and it may reach another process.
    const showPage = async (url: string, message: string, elicitationId: string) => {
      if (!server.getClientCapabilities()?.elicitation?.url) return;
      void server
        .elicitInput({ mode: 'url', url, message, elicitationId }, { relatedRequestId: extra.requestId })
        .catch(() => undefined);
    };
    const run = async () => {
      try {
        return await (tool.scope
          ? tool.run(args, { services, client, showPage, caller: callerOf(extra.authInfo, tool.name) })
          : tool.run(args, { services, client, showPage }));
      } catch (error) {
        if (error instanceof McpError) throw error;
        const requestId = newRequestId();
        logFailure(`mcp ${tool.name}`, requestId, error);
        throw new McpError(
          ErrorCode.InternalError,
          `${tool.name} failed on our side. Quote request id ${requestId} when asking for help.`,
        );
      }
    };
    // A discovery answer counts against the client's day under the one rule: only answered calls count.
    const counted = tool.meter
      ? await countAnswered(
          services.meter,
          services.now(),
          { kind: tool.meter, subject: client },
          run,
          (r) => !('error' in r),
        )
      : { result: await run() };
    if ('spent' in counted)
      return failure(
        `This client has used its ${DAILY_LIMITS.mcp_discovery.toLocaleString('en')} market and finance answers for today; the limit resets at 00:00 UTC. Bulk collection is not allowed.`,
      );
    return 'error' in counted.result ? failure(counted.result.error) : answer(counted.result);
  });

  return server;
}
