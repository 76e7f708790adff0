/**
 * The service's MCP server: the official SDK's low-level Server, so each tool's schemas are the
 * contracts' JSON Schemas rather than a second description of them. Every tool has one shape
 * (tool.ts): checked for access, its arguments validated, metered, run with one context.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { EstimateEngine } from '../../core/estimates/engine.js';
import type { DailyMeter } from '../../core/metering/daily-meter.js';
import { DAILY_LIMITS } from '../../core/metering/limits.js';
import { utcDay } from '../../core/metering/utc-day.js';
import type { WidgetKeyAdmin } from '../../core/keys/widget-key-admin.js';
import type { CreateWidgetKeyTool } from './create-widget-key.js';
import { PRIVATE_TOOLS } from './private-tools.js';
import type { Caller } from './caller.js';
import { access, type McpTool, type ToolContext, type ToolResult, type WebhookArea } from './tool.js';
import { WEBHOOK_TOOLS } from './webhook-tools.js';
import { PUBLIC_TOOLS, problemInArguments } from './tools.js';
import { DISCOVERY_TOOLS } from './discovery-tools.js';
import { INVENTORY_TOOLS } from './inventory-tools.js';
import type { InventoryArea } from './tool.js';
import { leftOut, selectionOf } from './tool-selection.js';

export interface McpContext {
  engine: EstimateEngine;
  meter: DailyMeter;
  /** Who counts against the daily limit: the client's network address while it is not signed in. */
  client: string;
  /** With OAuth: the organization's keys and the consequential write (the HTTP layer has checked the token). */
  keys?: WidgetKeyAdmin;
  createKey?: CreateWidgetKeyTool;
  webhookArea?: WebhookArea;
  inventory?: InventoryArea;
}

const answer = (result: Exclude<ToolResult, { error: string }>): CallToolResult => ({
  content: [{ type: 'text', text: result.text }],
  structuredContent: result.structured,
});
const failure = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/** The tools this endpoint offers: the public ones, and the private ones where it signs people in. */
export const toolsFor = (context: Pick<McpContext, 'keys' | 'createKey' | 'webhookArea' | 'inventory'>): McpTool[] =>
  context.keys && context.createKey
    ? [
        ...PUBLIC_TOOLS,
        ...DISCOVERY_TOOLS,
        ...PRIVATE_TOOLS,
        ...(context.webhookArea ? WEBHOOK_TOOLS : []),
        ...(context.inventory ? INVENTORY_TOOLS : []),
      ]
    : [...PUBLIC_TOOLS, ...DISCOVERY_TOOLS];

export function createMcpServer(context: McpContext): Server {
  const tools = toolsFor(context);
  const server = new Server(
    { name: 'service-valuations-sandbox', title: 'Service Valuations (sandbox)', version: '1.0.0' },
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

    const day = utcDay(context.engine.now());
    if (tool.meter && (await context.meter.take(tool.meter, context.client, day)) === undefined) {
      const limit = DAILY_LIMITS[tool.meter].toLocaleString('en');
      const what = tool.meter === 'mcp_estimate' ? 'valuations' : 'market and finance answers';
      return failure(
        `This client has used its ${limit} ${what} for today; the limit resets at 00:00 UTC. Bulk collection is not allowed.`,
      );
    }
    // Points the person at the service's confirmation page from inside the client (URL-mode elicitation),
    // where the client supports it, on this call's own stream. Its answer is not awaited: it only says
    // whether the page was opened (the decision is made on the page), and it may reach another process.
    const showPage = async (url: string, message: string, elicitationId: string) => {
      if (!server.getClientCapabilities()?.elicitation?.url) return;
      void server
        .elicitInput({ mode: 'url', url, message, elicitationId }, { relatedRequestId: extra.requestId })
        .catch(() => undefined);
    };
    const toolContext: ToolContext = {
      engine: context.engine,
      caller: tool.scope ? (extra.authInfo?.extra as Caller | undefined) : undefined,
      keys: context.keys,
      createKey: context.createKey,
      showPage,
      webhooks: context.webhookArea?.service,
      idempotency: context.webhookArea?.idempotency,
      consoleUrl: context.webhookArea?.consoleUrl,
      inventory: context.inventory,
    };
    const result = await tool.run(args, toolContext);
    if ('error' in result) {
      if (tool.meter) await context.meter.giveBack(tool.meter, context.client, day); // Only answered calls count.
      return failure(result.error);
    }
    return answer(result);
  });

  return server;
}
