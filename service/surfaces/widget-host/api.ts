/**
 * The widget host's `/v1` API as one route table over host.ts: the Node server mounts it beside the
 * built files, and MSW calls its `fetch` in the page (sandbox/in-page-host.ts), so both transports share one router.
 */
import { type Context, Hono } from 'hono';
import type { WidgetHost } from './host.js';

export interface ApiTransport {
  /** The visitor's network address, as the transport saw it (none in a page under MSW). */
  addressOf?(c: Context): string | undefined;
  /** The page's origin when the request carries no `Origin` header (MSW cannot set that header). */
  defaultOrigin?: string;
}

export function widgetHostApi(host: WidgetHost, transport: ApiTransport = {}) {
  return new Hono().all('/v1/*', async (c) => {
    const answer = await host.handle({
      method: c.req.method,
      url: new URL(c.req.url),
      origin: c.req.header('origin') ?? transport.defaultOrigin ?? null,
      fetchSite: c.req.header('sec-fetch-site') ?? null,
      clientAddress: transport.addressOf?.(c),
    });
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    return new Response(answer.body === null ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: answer.headers,
    });
  });
}
