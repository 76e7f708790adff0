/**
 * The MCP endpoint over Streamable HTTP (the SDK's transport) at `/mcp`, bound to loopback: one
 * session per client (`Mcp-Session-Id`), `Origin` and `Host` checked on every request (DNS-rebinding
 * protection), bodies read here so that an oversized or malformed one gets the right JSON-RPC error.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import express from 'express';
import type { WidgetKeyAdmin } from '../core/keys/widget-key-admin.js';
import type { EstimateEngine } from '../core/estimates/engine.js';
import { createOAuthProvider } from '../surfaces/mcp/oauth-provider.js';
import type { OAuthStore } from '../core/grants/oauth-store.js';
import { MCP_SCOPES } from '../core/grants/scopes.js';
import type { CreateWidgetKeyTool } from '../surfaces/mcp/create-widget-key.js';
import { createMcpServer, toolsFor } from '../surfaces/mcp/server.js';
import { access } from '../surfaces/mcp/tool.js';
import type { DailyMeter } from '../core/metering/daily-meter.js';
import { memoryMeter } from '../core/metering/memory-meter.js';

export const MAX_BODY_BYTES = 1_000_000;

export interface McpServerOptions {
  port: number;
  engine: EstimateEngine;
  meter?: DailyMeter;
  /** Browser origins allowed to call the endpoint besides its own (a page of the service, say). */
  allowedOrigins?: string[];
  /** OAuth for the private tools: where it is kept, the organization's keys, and the console's consent page. */
  oauth?: { store: OAuthStore; keys: WidgetKeyAdmin; consentUrl: (requestId: string) => string; createKey: CreateWidgetKeyTool };
}

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startMcpServer(options: McpServerOptions): Promise<{ server: Server; url: string }> {
  const hostname = '127.0.0.1';
  const origin = `http://${hostname}:${options.port}`;
  const url = `${origin}/mcp`;
  const allowedOrigins = new Set([origin, `http://localhost:${options.port}`, ...(options.allowedOrigins ?? [])]);
  const allowedHosts = new Set([`${hostname}:${options.port}`, `localhost:${options.port}`]);
  const meter = options.meter ?? memoryMeter();
  const tools = toolsFor({ keys: options.oauth?.keys, createKey: options.oauth?.createKey });
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const resourceMetadata = getOAuthProtectedResourceMetadataUrl(new URL(url));
  const provider = options.oauth && createOAuthProvider({ store: options.oauth.store, resource: url, consentUrl: options.oauth.consentUrl });
  // Discovery (RFC 9728, RFC 8414), registration (RFC 7591), authorization, token and revocation: the SDK's router.
  const oauthRoutes = provider
    ? express().use(
        mcpAuthRouter({
          provider,
          issuerUrl: new URL(origin),
          scopesSupported: [...MCP_SCOPES],
          resourceServerUrl: new URL(url),
          resourceName: 'Service Valuations (sandbox)',
        }),
      )
    : undefined;

  /** 401 with a challenge pointing at the resource's metadata (RFC 9728), or 403 naming the scope (RFC 6750). */
  const challenge = (res: ServerResponse, status: 401 | 403, message: string, error?: string, scope?: string) =>
    jsonRpcError(res, status, -32001, message, {
      'WWW-Authenticate': `Bearer${error ? ` error="${error}", error_description="${message.replaceAll('"', "'")}",` : ''}${scope ? ` scope="${scope}",` : ''} resource_metadata="${resourceMetadata}"`,
    });

  const server = createServer(async (req, res) => {
    try {
      const path = new URL(req.url ?? '/', origin).pathname;
      if (path !== '/mcp' && oauthRoutes) return oauthRoutes(req, res);
      if (path !== '/mcp') return jsonRpcError(res, 404, -32601, `The MCP endpoint is ${url}.`);
      if (!allowedHosts.has(req.headers.host ?? '')) return jsonRpcError(res, 403, -32600, 'This endpoint answers only for its own host name.');
      const requestOrigin = req.headers.origin;
      if (requestOrigin !== undefined && !allowedOrigins.has(requestOrigin)) {
        return jsonRpcError(res, 403, -32600, `Requests from the origin ${requestOrigin.slice(0, 100)} are not allowed.`);
      }
      const sessionId = req.headers['mcp-session-id'];
      const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
      if (sessionId !== undefined && !existing) return jsonRpcError(res, 404, -32001, 'Session not found: initialize a new session.');

      let body: unknown;
      if (req.method === 'POST') {
        const text = Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES ? undefined : await readBody(req);
        if (text === undefined) return jsonRpcError(res, 413, -32600, `The request body is over ${MAX_BODY_BYTES.toLocaleString('en')} bytes.`);
        try {
          body = JSON.parse(text);
        } catch {
          return jsonRpcError(res, 400, -32700, 'Parse error: the body is not JSON.');
        }
      }

      // A token, when sent, must be valid and issued for this endpoint; private tools need one with their scope.
      let auth: AuthInfo | undefined;
      const bearer = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (bearer && provider) {
        auth = await provider.verifyAccessToken(bearer).catch(() => undefined);
        if (!auth) return challenge(res, 401, 'The access token is not valid: it expired, was revoked, or never existed.', 'invalid_token');
        if (auth.resource?.href !== url) return challenge(res, 401, `The access token was issued for another resource, not ${url}.`, 'invalid_token');
      }
      const called = (body as { method?: string; params?: { name?: string } } | undefined)?.method === 'tools/call' ? (body as { params?: { name?: string } }).params?.name : undefined;
      const tool = tools.find((t) => t.name === called);
      const missing = tool && access(tool, auth);
      if (missing === 'sign_in') return challenge(res, 401, `${tool!.name} needs sign-in: authorize with OAuth (see the resource metadata).`);
      if (missing === 'scope') return challenge(res, 403, `${tool!.name} needs the scope ${tool!.scope}.`, 'insufficient_scope', tool!.scope);
      (req as IncomingMessage & { auth?: AuthInfo }).auth = auth;

      if (existing) {
        await existing.handleRequest(req, res, body);
        if (req.method === 'DELETE') sessions.delete(sessionId as string);
        return;
      }
      if (req.method !== 'POST' || !isInitializeRequest(body)) {
        return jsonRpcError(res, 400, -32600, 'Start with an initialize request; later requests carry the Mcp-Session-Id it returns.');
      }
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      const mcp = createMcpServer({
        engine: options.engine,
        meter,
        client: req.socket.remoteAddress ?? 'unknown',
        keys: options.oauth?.keys,
        createKey: options.oauth?.createKey,
      });
      await mcp.connect(transport);
      await transport.handleRequest(req, res, body);
    } catch (error) {
      console.error('[sandbox mcp] request failed:', error instanceof Error ? error.message : 'unknown error');
      if (!res.headersSent) jsonRpcError(res, 500, -32603, 'Internal error.');
      else res.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, hostname, resolve);
  });
  return { server, url };
}
