/**
 * The MCP registry's entry for the remote server (Streamable HTTP), its address a variable: each
 * deployment (the sandbox, live, one of your own) names its own host. Checked against the registry's
 * published schema (contract/mcp/server.schema.json) by scripts/adapters/adapters.test.ts.
 */
import { MCP_SERVER_VERSION } from '../../service/surfaces/mcp/server.js';

export const SERVER_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json';

export function mcpServerJson(live: { url: string }) {
  const liveHost = new URL(live.url).host.replace(/^api\./, 'mcp.');
  return {
    $schema: SERVER_SCHEMA_URL,
    name: 'example.service/valuations',
    title: 'Service Valuations',
    description: 'Singapore home valuations with comparable sales, market trends and mortgage affordability.',
    version: MCP_SERVER_VERSION,
    websiteUrl: `https://${liveHost.replace(/^mcp\./, '')}/`,
    remotes: [
      {
        type: 'streamable-http',
        url: 'https://{mcp_host}/mcp',
        variables: {
          mcp_host: {
            description: `The MCP host of the deployment to use: ${liveHost} for live, or the sandbox's (MCP_PUBLIC_ORIGIN). Sign in with OAuth when the client asks.`,
            isRequired: true,
            default: liveHost,
          },
        },
      },
    ],
  };
}
