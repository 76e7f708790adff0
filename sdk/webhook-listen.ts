/**
 * `webhooks listen --forward-to <url>`, as `stripe listen` does for Stripe: registers a temporary
 * endpoint at a receiver this command opens on loopback, passes each delivery on to the developer's
 * URL with its body and signature headers untouched (so their code verifies it as it will in
 * production, with the secret printed at the start), answers the sandbox with the forward's status
 * (so a failure is retried), and deletes the endpoint when stopped.
 */
import { createServer, type Server } from 'node:http';
import type { components } from '../contract/generated/platform.js';
import type { PlatformClient } from './client.js';
import { PlatformError } from './client.js';

const PASSED_ON = ['content-type', 'user-agent', 'webhook-id', 'webhook-timestamp', 'webhook-signature'];

export interface ListenOptions {
  client: PlatformClient;
  forwardTo: string;
  events?: components['schemas']['WebhookEventType'][];
  out: (text: string) => void;
  signal: AbortSignal;
  /** Called once the endpoint is registered and deliveries can arrive (tests wait on it). */
  onReady?: (endpointId: string) => void;
}

export async function listen({ client, forwardTo, events = [], out, signal, onReady }: ListenOptions): Promise<number> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      const headers = Object.fromEntries(
        PASSED_ON.flatMap((name) => (request.headers[name] ? [[name, String(request.headers[name])]] : [])),
      );
      let type = '?';
      try {
        type = JSON.parse(body.toString('utf8')).type;
      } catch {
        // Passed on as it came; the developer's code decides.
      }
      try {
        const forwarded = await fetch(forwardTo, {
          method: 'POST',
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
        await forwarded.body?.cancel();
        out(`${new Date().toISOString()}  ${type}  ${headers['webhook-id']}  → ${forwarded.status}`);
        response.writeHead(forwarded.status >= 200 && forwarded.status < 300 ? 200 : 502).end();
      } catch (error) {
        out(
          `${new Date().toISOString()}  ${type}  ${headers['webhook-id']}  → not delivered to ${forwardTo}: ${(error as Error).message}`,
        );
        response.writeHead(502).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  let endpoint: { id: string; secret: string | null };
  try {
    endpoint = await client.webhooks.endpoints.create({
      url,
      description: 'service-valuation webhooks listen',
      events,
    });
  } catch (error) {
    server.close();
    if (
      error instanceof PlatformError &&
      error.code === 'invalid_request' &&
      /reserved address/.test(error.problem.detail)
    )
      throw new Error(
        'the sandbox does not send to this machine: start it with WEBHOOK_ALLOW_HOSTS=127.0.0.1 (docs/integrators.md, "Webhooks on your machine")',
        { cause: error },
      );
    throw error;
  }
  // A retried create answers secret: null (a secret is shown once, never kept): a new one then.
  const secret = endpoint.secret ?? (await client.webhooks.endpoints.rotateSecret(endpoint.id)).secret;
  out(
    `Ready: forwarding ${events.length ? events.join(', ') : 'every event'} to ${forwardTo} (endpoint ${endpoint.id}).`,
  );
  out(`Verify with this session's signing secret: ${secret}`);
  out('Send one: service webhooks test ' + endpoint.id + ' --type widget_key.created. Stop with Ctrl+C.');
  onReady?.(endpoint.id);
  await new Promise<void>((resolve) =>
    signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true }),
  );
  await client.webhooks.endpoints.delete(endpoint.id).catch(() => undefined);
  server.closeAllConnections();
  server.close();
  out(`Stopped; endpoint ${endpoint.id} deleted.`);
  return 0;
}
