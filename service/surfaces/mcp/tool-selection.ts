/**
 * Which tools a request may see and call. With a token, only those it can call (as the GitHub MCP
 * server lists them); without one, the public tools and the private ones, whose descriptions say they
 * need sign-in, so a person learns there is more. A client may also ask, on any request, for read-only
 * tools (`X-MCP-Readonly: true`) or some toolsets (`X-MCP-Toolsets: market,finance`): read per request,
 * so a session keeps working on whichever process serves it.
 */
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { access, type McpTool, TOOLSETS, type Toolset } from './tool.js';

export interface Selection {
  readOnly: boolean;
  toolsets?: Toolset[];
}

/** The client's choice from a request's headers, or what is wrong with it. */
export function selectionOf(
  headers: Record<string, string | string[] | undefined> = {},
): Selection | { problem: string } {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const readOnly = header('x-mcp-readonly')?.trim().toLowerCase();
  if (readOnly !== undefined && readOnly !== 'true' && readOnly !== 'false')
    return { problem: 'X-MCP-Readonly is true or false' };
  const asked = header('x-mcp-toolsets')
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const unknown = asked?.filter((t) => !(TOOLSETS as readonly string[]).includes(t));
  if (unknown?.length)
    return { problem: `X-MCP-Toolsets names ${unknown.join(', ')}; the toolsets are ${TOOLSETS.join(', ')}` };
  return { readOnly: readOnly === 'true', toolsets: asked?.length ? (asked as Toolset[]) : undefined };
}

/** Why a tool is left out for this request, or undefined when it is in. */
export function leftOut(tool: McpTool, selection: Selection, auth: AuthInfo | undefined): string | undefined {
  if (auth && access(tool, auth)) return `the token does not hold ${tool.scope}`;
  if (selection.readOnly && !tool.annotations.readOnlyHint) return 'this client asked for read-only tools';
  if (selection.toolsets && !selection.toolsets.includes(tool.toolset))
    return `this client asked only for the toolsets ${selection.toolsets.join(', ')}`;
  return undefined;
}
