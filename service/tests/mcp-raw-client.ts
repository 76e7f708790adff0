/**
 * The MCP endpoint spoken to as plain JSON-RPC over HTTP, the way a test needs to see status codes and
 * headers: one request in a session of its own (initialize, initialized, the request, then the session
 * ended at once, as an address holds at most 20; mcp-sessions.test.ts), and the result of an answer.
 */
type Result = { isError?: boolean; structuredContent?: Record<string, unknown>; content: { text: string }[] };

export function rawMcpClient(endpointOf: () => string) {
  const rpc = (message: object, accessToken?: string, sessionId?: string, headers: Record<string, string> = {}) =>
    fetch(endpointOf(), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
        ...(sessionId ? { 'Mcp-Session-Id': sessionId } : {}),
        ...headers,
      },
      body: JSON.stringify(message),
    });

  /** `message` in a session of its own; the initialize answer instead when that is refused (401, 429…). */
  async function inSession(message: object, accessToken?: string, headers: Record<string, string> = {}) {
    const init = await rpc(
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      },
      accessToken,
      undefined,
      headers,
    );
    if (init.status !== 200) return init;
    await init.text();
    const sessionId = init.headers.get('mcp-session-id') ?? undefined;
    await rpc({ jsonrpc: '2.0', method: 'notifications/initialized' }, accessToken, sessionId, headers);
    const answer = await rpc(message, accessToken, sessionId, headers);
    const body = await answer.text();
    await fetch(endpointOf(), {
      method: 'DELETE',
      headers: { ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}), 'Mcp-Session-Id': sessionId! },
    });
    return new Response(body, { status: answer.status, headers: answer.headers });
  }

  /** The JSON-RPC result in an answer sent as JSON or as a server-sent event. */
  async function resultOf(response: Response): Promise<Result> {
    const text = await response.text();
    const json = text.trimStart().startsWith('{') ? text : /^data: (.*)$/m.exec(text)![1]!;
    return JSON.parse(json).result;
  }

  return {
    rpc,
    resultOf,
    /** A tool call, as a client makes it. */
    callTool: (name: string, accessToken?: string, args: Record<string, unknown> = {}) =>
      inSession({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, accessToken),
    /** The names tools/list gives a token (and the client's headers). */
    async toolNames(accessToken?: string, headers: Record<string, string> = {}) {
      const listed = (await resultOf(
        await inSession({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, accessToken, headers),
      )) as unknown as { tools: { name: string }[] };
      return listed.tools.map((t) => t.name);
    },
  };
}
