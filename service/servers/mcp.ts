/**
 * The MCP endpoint's origin, on loopback: `/mcp` is the endpoint's route table (surfaces/mcp), and
 * OAuth's discovery (RFC 9728, RFC 8414), registration (RFC 7591), authorization, token and
 * revocation are the SDK's own router, which is written for Express.
 */
import type { Server } from 'node:http';
import type { Services } from '../core/services/compose.js';
import { getRequestListener } from '@hono/node-server';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import express from 'express';
import { readableOAuthErrors } from '../surfaces/mcp/oauth-errors.js';
import { MCP_SCOPES } from '../core/grants/scopes.js';
import { createMcpEndpoint, type McpEndpointOptions } from '../surfaces/mcp/endpoint.js';
import { createOAuthProvider } from '../surfaces/mcp/oauth-provider.js';
import { TRUSTED_PROXIES } from '../web/client-address.js';
import { originOf, serveListener } from '../web/serve.js';
import { sharedRateLimitStore } from './shared-rate-limit.js';

export { MAX_BODY_BYTES } from '../surfaces/mcp/endpoint.js';

export interface McpServerOptions {
  /** Where it answers: a server already listening (serve.ts's openServer). */
  server: Server;
  services: Services;
  /** How many MCP sessions are held, and for how long (limits.ts by default). */
  sessionLimits?: McpEndpointOptions['sessionLimits'];
  /** Browser origins allowed to call the endpoint besides its own (a page of the service, say). */
  allowedOrigins?: string[];
  /** Client registrations per address per hour (the SDK's default: 20); a test suite registers more. */
  registrationsPerHour?: number;
}

export function startMcpServer(options: McpServerOptions): { server: Server; url: string } {
  const { services } = options;
  const hostname = '127.0.0.1';
  const port = new URL(originOf(options.server)).port;
  // Where clients reach this origin: behind a balancer, or this port on loopback.
  const origin = services.settings.urls.mcp;
  const url = services.links.mcpEndpoint;
  const allowedHosts = new Set([`${hostname}:${port}`, `localhost:${port}`, new URL(origin).host]);
  const provider = createOAuthProvider({
    store: services.oauth,
    resource: url,
    consentUrl: services.links.consent,
    // Where clients' metadata documents may be fetched from: where webhooks may be sent.
    documents: services.environment.callableHosts,
  });
  const endpoint = createMcpEndpoint({
    url,
    services,
    sessionLimits: options.sessionLimits,
    allowedOrigins: new Set([origin, `http://localhost:${port}`, ...(options.allowedOrigins ?? [])]),
    allowedHosts,
    auth: {
      verify: (token) => provider.verifyAccessToken(token),
      resourceMetadata: getOAuthProtectedResourceMetadataUrl(new URL(url)),
    },
  });
  // The SDK's own limits per address (its windows and counts), kept where every process sees them.
  const sharedLimit = (prefix: string) => ({ store: sharedRateLimitStore(services.rates, prefix) });
  const oauthRoutes = express()
    .set('trust proxy', [...TRUSTED_PROXIES])
    .use(
      readableOAuthErrors,
      // Client ID Metadata Documents beside registration: said in the metadata the SDK's router writes.
      (req: express.Request, res: express.Response, next: express.NextFunction) => {
        if (req.path === '/.well-known/oauth-authorization-server') {
          const send = res.json.bind(res);
          res.json = (body: Record<string, unknown>) => send({ ...body, client_id_metadata_document_supported: true });
        }
        next();
      },
      mcpAuthRouter({
        provider,
        issuerUrl: new URL(origin),
        scopesSupported: [...MCP_SCOPES],
        resourceServerUrl: new URL(url),
        resourceName: `Service Valuations (${services.settings.environment})`,
        clientRegistrationOptions: {
          rateLimit: {
            windowMs: 3_600_000,
            limit: options.registrationsPerHour ?? 20,
            ...sharedLimit('oauth:register'),
          },
        },
        authorizationOptions: { rateLimit: sharedLimit('oauth:authorize') },
        tokenOptions: { rateLimit: sharedLimit('oauth:token') },
        revocationOptions: { rateLimit: sharedLimit('oauth:revoke') },
      }),
    )
    // Express's own 404 repeats the path, and a key pasted into a URL would come back in the answer.
    .use((_req: express.Request, res: express.Response) => {
      res
        .status(404)
        .set('Cache-Control', 'no-store')
        .json({
          error: 'not_found',
          error_description: `There is nothing at this path. The MCP endpoint is ${url}.`,
        });
    });
  const endpointListener = getRequestListener(endpoint.fetch);

  // OAuth's routes check Host as /mcp does: a page on another name (DNS rebinding) reaches neither.
  const server = serveListener(options.server, (req, res) => {
    const path = new URL(req.url ?? '/', origin).pathname;
    if (path === '/mcp') return endpointListener(req, res);
    if (!allowedHosts.has(req.headers.host ?? '')) {
      res.writeHead(403, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      return res.end(
        JSON.stringify({
          error: 'invalid_request',
          error_description: 'This server answers only for its own host name.',
        }),
      );
    }
    return oauthRoutes(req, res);
  });
  server.on('close', () => endpoint.sessions.closeAll());
  return { server, url };
}
