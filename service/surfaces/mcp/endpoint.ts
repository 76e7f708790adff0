/**
 * The MCP endpoint over Streamable HTTP at `/mcp` as a route table: the SDK's web-standard transport,
 * one session per client (`Mcp-Session-Id`, bounded: sessions.ts), `Origin` and `Host` checked on every request
 * (DNS-rebinding protection), bodies read here so that an oversized or malformed one gets the right
 * JSON-RPC error, and a token's access to a tool checked before the call reaches the server.
 */
import { randomUUID } from 'node:crypto';
import { clientAddress } from '../../web/client-address.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { Hono } from 'hono';
import { readJsonBody } from '../../web/json-body.js';
import { createMcpServer, TOOLS } from './server.js';
import type { Services } from '../../core/services/compose.js';
import { createSessionTable } from './sessions.js';
import { access } from './tool.js';
import { logFailure, newRequestId } from '../../web/log-failure.js';

export const MAX_BODY_BYTES = 1_000_000;

export interface McpEndpointOptions {
  url: string;
  services: Services;
  allowedOrigins: Set<string>;
  allowedHosts: Set<string>;
  /** OAuth: checks a bearer token, and says where a client learns how to get one. */
  auth: {
    verify(token: string): Promise<AuthInfo>;
    resourceMetadata: string;
  };
  /** How many sessions are held, and for how long (limits.ts by default). */
  sessionLimits?: Parameters<typeof createSessionTable>[0];
}

const jsonRpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

export function createMcpEndpoint(options: McpEndpointOptions) {
  const { url, auth, services } = options;
  const sessions = createSessionTable<WebStandardStreamableHTTPServerTransport>(options.sessionLimits);
  // Sessions live in the database, so that any process serves any session.
  const store = services.mcpSessions;

  /** A transport and server for one session; `id` is its Mcp-Session-Id, `client` who counts against limits. */
  async function connect(id: string, client: string) {
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      onsessioninitialized: () => sessions.add(id, transport, client),
    });
    transport.onclose = () => sessions.remove(id);
    const server = createMcpServer({ services, client });
    await server.connect(transport);
    return transport;
  }

  /** A session another process opened: its client's initialize is replayed here, its answer discarded. */
  async function resume(id: string, stored: { address: string; initialize: Record<string, unknown> }) {
    const transport = await connect(id, stored.address);
    const post = (message: object) =>
      transport.handleRequest(
        new Request(url, {
          method: 'POST',
          headers: { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' },
          body: JSON.stringify(message),
        }),
        { parsedBody: message },
      );
    await (await post({ jsonrpc: '2.0', id: 0, method: 'initialize', params: stored.initialize })).text();
    await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return transport;
  }

  /** The session's transport in this process, made from the database's row when another process opened it. */
  async function sessionFor(id: string) {
    const stored = await store.touch(id);
    if (!stored) {
      void sessions.get(id)?.close();
      return undefined;
    }
    return sessions.get(id) ?? (await resume(id, stored));
  }

  /** 401 with a challenge pointing at the resource's metadata (RFC 9728), or 403 naming the scope (RFC 6750). */
  const challenge = (status: 401 | 403, message: string, error?: string, scope?: string) =>
    jsonRpcError(status, -32001, message, {
      'WWW-Authenticate': `Bearer${error ? ` error="${error}", error_description="${message.replaceAll('"', "'")}",` : ''}${scope ? ` scope="${scope}",` : ''} resource_metadata="${auth.resourceMetadata}"`,
    });

  const app = new Hono();
  app.all('/mcp', async (c) => {
    if (!options.allowedHosts.has(c.req.header('host') ?? ''))
      return jsonRpcError(403, -32600, 'This endpoint answers only for its own host name.');
    const requestOrigin = c.req.header('origin');
    if (requestOrigin !== undefined && !options.allowedOrigins.has(requestOrigin)) {
      return jsonRpcError(403, -32600, `Requests from the origin ${requestOrigin.slice(0, 100)} are not allowed.`);
    }
    const sessionId = c.req.header('mcp-session-id');
    const existing = sessionId !== undefined ? await sessionFor(sessionId) : undefined;
    if (sessionId !== undefined && !existing)
      return jsonRpcError(404, -32001, 'Session not found: initialize a new session.');

    let body: unknown;
    if (c.req.method === 'POST') {
      const read = await readJsonBody(c.req.raw, MAX_BODY_BYTES);
      if ('problem' in read && read.problem === 'payload_too_large')
        return jsonRpcError(413, -32600, `The request body is over ${MAX_BODY_BYTES.toLocaleString('en')} bytes.`);
      if ('problem' in read && read.problem === 'unsupported_media_type')
        return jsonRpcError(415, -32600, 'Send JSON-RPC as Content-Type: application/json.');
      if ('problem' in read) return jsonRpcError(400, -32700, 'Parse error: the body is not JSON.');
      body = read.body;
    }

    // A token, when sent, must be valid and issued for this endpoint; private tools need one with their scope.
    let authInfo: AuthInfo | undefined;
    const bearer = /^Bearer (\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (bearer) {
      authInfo = await auth.verify(bearer).catch(() => undefined);
      if (!authInfo)
        return challenge(
          401,
          'The access token is not valid: it expired, was revoked, or never existed.',
          'invalid_token',
        );
      if (authInfo.resource?.href !== url)
        return challenge(401, `The access token was issued for another resource, not ${url}.`, 'invalid_token');
    }
    const call = body as { method?: string; params?: { name?: string } } | undefined;
    const tool = call?.method === 'tools/call' ? TOOLS.find((t) => t.name === call.params?.name) : undefined;
    const missing = tool && access(tool, authInfo);
    if (missing === 'sign_in')
      // The tool's scope in the challenge: a stock client asks for it, not every scope the server supports.
      return challenge(
        401,
        `${tool!.name} needs sign-in: authorize with OAuth (see the resource metadata).`,
        undefined,
        tool!.scope,
      );
    if (missing === 'scope')
      // The scopes to ask for next: what the token holds and the one it lacks, so a client stepping up keeps both.
      return challenge(
        403,
        `${tool!.name} needs the scope ${tool!.scope}.`,
        'insufficient_scope',
        [...new Set([...(authInfo?.scopes ?? []), tool!.scope])].join(' '),
      );

    if (existing) {
      const response = await existing.handleRequest(c.req.raw, { parsedBody: body, authInfo });
      if (c.req.method === 'DELETE') {
        sessions.remove(sessionId!);
        await store.end(sessionId!);
      }
      return response;
    }
    if (c.req.method !== 'POST' || !isInitializeRequest(body)) {
      return jsonRpcError(
        400,
        -32600,
        'Start with an initialize request; later requests carry the Mcp-Session-Id it returns.',
      );
    }
    const client = clientAddress(c);
    const admission = sessions.admit(client);
    if (!admission.admitted)
      return jsonRpcError(admission.status, -32000, admission.reason, { 'Retry-After': String(admission.retryAfter) });
    const id = randomUUID();
    if (!(await store.open(id, client, (body as { params: unknown }).params))) {
      admission.settle();
      const reason = `This address has ${sessions.limits.perAddress} open sessions, the most one client may hold: end one (DELETE with its Mcp-Session-Id) or let one sit idle.`;
      return jsonRpcError(429, -32000, reason, { 'Retry-After': '60' });
    }
    try {
      const transport = await connect(id, client);
      return await transport.handleRequest(c.req.raw, { parsedBody: body, authInfo });
    } finally {
      admission.settle(); // the session is in the table by now, or was never opened
    }
  });
  app.all('*', () => jsonRpcError(404, -32601, `The MCP endpoint is ${url}.`));
  app.onError((error) => {
    const requestId = newRequestId();
    logFailure('mcp', requestId, error);
    return jsonRpcError(
      500,
      -32603,
      `Something went wrong on our side. Quote request id ${requestId} when asking for help.`,
    );
  });
  return Object.assign(app, { sessions });
}
