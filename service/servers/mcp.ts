/**
 * The MCP endpoint's origin, on loopback: `/mcp` is the endpoint's route table (surfaces/mcp), and
 * OAuth's discovery (RFC 9728, RFC 8414), registration (RFC 7591), authorization, token and
 * revocation are the SDK's own router, which is written for Express.
 */
import { type AddressPolicy, policyFromEnv } from '../core/webhooks/address-guard.js';
import type { InventoryArea } from '../surfaces/mcp/tool.js';
import type { Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import express from 'express';
import { readableOAuthErrors } from '../surfaces/mcp/oauth-errors.js';
import type { EstimateEngine } from '../core/estimates/engine.js';
import type { OAuthStore } from '../core/grants/oauth-store.js';
import { MCP_SCOPES } from '../core/grants/scopes.js';
import type { WidgetKeyAdmin } from '../core/keys/widget-key-admin.js';
import type { DailyMeter } from '../core/metering/daily-meter.js';
import { memoryMeter } from '../core/metering/memory-meter.js';
import type { CreateWidgetKeyTool } from '../surfaces/mcp/create-widget-key.js';
import { createMcpEndpoint, type McpEndpointOptions } from '../surfaces/mcp/endpoint.js';
import { createOAuthProvider } from '../surfaces/mcp/oauth-provider.js';
import { TRUSTED_PROXIES } from '../web/client-address.js';
import { listenOn } from '../web/serve.js';
import { sharedRateLimitStore } from './shared-rate-limit.js';
import type { RateStore } from '../core/metering/rate-store.js';
import type { McpSessionStore } from '../surfaces/mcp/session-store.js';

import type { WebhookArea } from '../surfaces/mcp/tool.js';

export { MAX_BODY_BYTES } from '../surfaces/mcp/endpoint.js';

export interface McpServerOptions {
  port: number;
  /** Where clients reach this origin when it is behind a balancer; the port on loopback otherwise. */
  publicOrigin?: string;
  engine: EstimateEngine;
  meter?: DailyMeter;
  /** Sessions in the database and OAuth's per-address limits in the shared rate store, for several processes. */
  shared?: { sessions: McpSessionStore; rates: RateStore };
  /** How many MCP sessions are held, and for how long (limits.ts by default). */
  sessionLimits?: McpEndpointOptions['sessionLimits'];
  /** Browser origins allowed to call the endpoint besides its own (a page of the service, say). */
  allowedOrigins?: string[];
  /** OAuth for the private tools: where it is kept, the organization's keys, and the console's consent page. */
  oauth?: {
    store: OAuthStore;
    keys: WidgetKeyAdmin;
    consentUrl: (requestId: string) => string;
    createKey: CreateWidgetKeyTool;
    /** The webhook tools' service, idempotency store and console pages. */
    webhookArea?: WebhookArea;
    /** A developer's inventory, for the inventory tools. */
    inventory?: InventoryArea;
    /** Where clients' metadata documents may be fetched from: the webhooks' address policy by default. */
    clientDocuments?: AddressPolicy;
    /** Client registrations per address per hour (the SDK's default: 20); a test suite registers more. */
    registrationsPerHour?: number;
  };
}

export async function startMcpServer(options: McpServerOptions): Promise<{ server: Server; url: string }> {
  const hostname = '127.0.0.1';
  const origin = options.publicOrigin ?? `http://${hostname}:${options.port}`;
  const url = `${origin}/mcp`;
  const allowedHosts = new Set([`${hostname}:${options.port}`, `localhost:${options.port}`, new URL(origin).host]);
  const provider =
    options.oauth &&
    createOAuthProvider({
      store: options.oauth.store,
      resource: url,
      consentUrl: options.oauth.consentUrl,
      documents: options.oauth.clientDocuments ?? policyFromEnv(),
    });
  const endpoint = createMcpEndpoint({
    url,
    engine: options.engine,
    meter: options.meter ?? memoryMeter(),
    sessionLimits: options.sessionLimits,
    sessionStore: options.shared?.sessions,
    allowedOrigins: new Set([origin, `http://localhost:${options.port}`, ...(options.allowedOrigins ?? [])]),
    allowedHosts,
    auth: provider && {
      verify: (token) => provider.verifyAccessToken(token),
      resourceMetadata: getOAuthProtectedResourceMetadataUrl(new URL(url)),
      keys: options.oauth!.keys,
      createKey: options.oauth!.createKey,
      webhookArea: options.oauth!.webhookArea,
      inventory: options.oauth!.inventory,
    },
  });
  // The SDK's own limits per address (its windows and counts), kept where every process sees them.
  const sharedLimit = (prefix: string) =>
    options.shared ? { store: sharedRateLimitStore(options.shared.rates, prefix) } : {};
  const oauthRoutes =
    provider &&
    express()
      .set('trust proxy', [...TRUSTED_PROXIES])
      .use(
        readableOAuthErrors,
        // Client ID Metadata Documents beside registration: said in the metadata the SDK's router writes.
        (req: express.Request, res: express.Response, next: express.NextFunction) => {
          if (req.path === '/.well-known/oauth-authorization-server') {
            const send = res.json.bind(res);
            res.json = (body: Record<string, unknown>) =>
              send({ ...body, client_id_metadata_document_supported: true });
          }
          next();
        },
        mcpAuthRouter({
          provider,
          issuerUrl: new URL(origin),
          scopesSupported: [...MCP_SCOPES],
          resourceServerUrl: new URL(url),
          resourceName: 'Service Valuations (sandbox)',
          clientRegistrationOptions: {
            rateLimit: {
              windowMs: 3_600_000,
              limit: options.oauth!.registrationsPerHour ?? 20,
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
  const server = await listenOn(
    (req, res) => {
      const path = new URL(req.url ?? '/', origin).pathname;
      if (path === '/mcp' || !oauthRoutes) return endpointListener(req, res);
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
    },
    options.port,
    hostname,
  );
  server.on('close', () => endpoint.sessions.closeAll());
  return { server, url };
}
