/**
 * The one shape of an MCP tool, public or private, and the one place its scope is checked: the HTTP
 * layer asks `access` to choose between 401 and 403, and the server asks it again before a call.
 */
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { McpScope } from '../../core/grants/scopes.js';
import type { Services } from '../../core/services/compose.js';
import type { AppActor } from '../../core/events/record-change.js';

export type JsonSchema = Record<string, unknown>;
export type ToolAnnotations = {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
};
export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

export type ToolResult = { structured: Record<string, unknown>; text: string } | { error: string };

/** What every tool is given: the service's parts, and a way to show the person a page of the service. */
export interface ToolContext {
  services: Services;
  /** Who counts against the daily limits: the client's network address. */
  client: string;
  /** Shows the person a page of the service from inside the client (URL-mode elicitation), where it can. */
  showPage(url: string, message: string, elicitationId: string): Promise<void>;
}

/** A private tool's context: also the person its token acts for (the HTTP layer has checked its scope). */
export interface SignedInContext extends ToolContext {
  caller: AppActor;
}

/** Groups a client may ask for alone (`X-MCP-Toolsets`), as the GitHub MCP server offers. */
export const TOOLSETS = [
  'valuations',
  'market',
  'finance',
  'service',
  'organization',
  'widget_keys',
  'webhooks',
  'inventory',
  'listings',
] as const;
export type Toolset = (typeof TOOLSETS)[number];

interface ToolShape {
  name: string;
  toolset: Toolset;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
  /** Discovery answers count against their own daily limit per client (given back when not answered). */
  meter?: 'mcp_discovery';
}

/** A tool anyone may call. */
export interface PublicTool extends ToolShape {
  scope?: undefined;
  run(args: Record<string, unknown>, context: ToolContext): ToolResult | Promise<ToolResult>;
}

/** A tool for a signed-in person whose token holds `scope`. */
export interface PrivateTool extends ToolShape {
  scope: McpScope;
  run(args: Record<string, unknown>, context: SignedInContext): ToolResult | Promise<ToolResult>;
}

export type McpTool = PublicTool | PrivateTool;

/** Whether a call may go ahead: undefined, or what is missing (a sign-in, or the tool's scope). */
export function access(
  tool: Pick<McpTool, 'scope'>,
  auth: Pick<AuthInfo, 'scopes'> | undefined,
): 'sign_in' | 'scope' | undefined {
  if (!tool.scope) return undefined;
  if (!auth) return 'sign_in';
  return auth.scopes.includes(tool.scope) ? undefined : 'scope';
}
