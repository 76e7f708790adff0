/**
 * The one shape of an MCP tool, public or private, and the one place its scope is checked: the HTTP
 * layer asks `access` to choose between 401 and 403, and the server asks it again before a call.
 */
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { EstimateEngine } from '../../core/estimates/engine.js';
import type { McpScope } from '../../core/grants/scopes.js';
import type { WidgetKeyAdmin } from '../../core/keys/widget-key-admin.js';
import type { Caller } from './caller.js';
import type { CreateWidgetKeyTool } from './create-widget-key.js';
import type { IdempotencyStore } from '../../core/idempotency/idempotency-store.js';
import type { WebhookService } from '../../core/webhooks/webhook-service.js';
import type { Inventory } from '../../core/inventory/inventory.js';
import type { PendingActions } from '../../core/organizations/pending-actions.js';

/** What the webhook tools act on: the webhook service, the one idempotency store, and the console's pages. */
export interface WebhookArea {
  service: WebhookService;
  idempotency: IdempotencyStore;
  /** A console page's URL from its path under /console/. */
  consoleUrl: (path: string) => string;
}

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

/** What every tool is given: the engine, and for a private tool the person and the organization's keys. */
export interface ToolContext {
  engine: EstimateEngine;
  /** Present for a private tool: the token holds its scope. */
  caller?: Caller;
  keys?: WidgetKeyAdmin;
  createKey?: CreateWidgetKeyTool;
  /** Shows the person a page of the service from inside the client (URL-mode elicitation), where it can. */
  showPage(url: string, message: string, elicitationId: string): Promise<void>;
  webhooks?: WebhookService;
  idempotency?: IdempotencyStore;
  consoleUrl?: (path: string) => string;
  /** A developer's inventory and the writes waiting for the person (the inventory tools). */
  inventory?: InventoryArea;
}

/** What the inventory tools act on: the developer's stores, and the actions a person confirms. */
export interface InventoryArea {
  stores: Inventory;
  actions: PendingActions;
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

export interface McpTool {
  name: string;
  toolset: Toolset;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
  /** The OAuth scope a call needs; a tool without one is public. */
  scope?: McpScope;
  /** What a call counts against, per client and day (given back when it is not answered): valuations, or discovery. */
  meter?: 'mcp_estimate' | 'mcp_discovery';
  run(args: Record<string, unknown>, context: ToolContext): ToolResult | Promise<ToolResult>;
}

/** Whether a call may go ahead: undefined, or what is missing (a sign-in, or the tool's scope). */
export function access(
  tool: Pick<McpTool, 'scope'>,
  auth: Pick<AuthInfo, 'scopes'> | undefined,
): 'sign_in' | 'scope' | undefined {
  if (!tool.scope) return undefined;
  if (!auth) return 'sign_in';
  return auth.scopes.includes(tool.scope) ? undefined : 'scope';
}
