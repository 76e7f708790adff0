/**
 * One webhook request on Node's own http and https clients, so the sender controls what fetch hides:
 * the address connected to (refused when reserved, whatever the name resolved to), a hard limit on the
 * whole exchange (a slow or never-ending receiver is cut at the timeout), and the answer's body kept to
 * its first 4 KB (a huge one is cut, the rest never read). Redirects are never followed.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type AddressPolicy, guardedLookup, refusedLiteral } from './address-guard.js';

export const RESPONSE_BODY_LIMIT = 4096;

export interface WebhookResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  durationMs: number;
}
export type WebhookExchange = WebhookResponse | { error: string; durationMs: number };

const flatten = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
  );

export function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; policy: AddressPolicy },
): Promise<WebhookExchange> {
  return guardedRequest('POST', target, headers, body, options);
}

/**
 * A request to an address a third party gave (a webhook endpoint, an OAuth client's metadata document),
 * with the same guard, time limit and body limit.
 */
export function guardedRequest(
  method: 'GET' | 'POST',
  target: string,
  headers: Record<string, string>,
  body: string,
  { timeoutMs, policy }: { timeoutMs: number; policy: AddressPolicy },
): Promise<WebhookExchange> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const url = new URL(target);
    const refused = refusedLiteral(url.hostname, policy);
    if (refused) return resolve({ error: `refused: ${refused}`, durationMs: 0 });
    let settled = false;
    // Once the answer's status has come, a body that never ends is cut at the timeout, not counted as no answer.
    let cutShort: (() => void) | undefined;
    const finish = (outcome: WebhookExchange) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(outcome);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method,
        headers: method === 'POST' ? { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } : headers,
        lookup: guardedLookup(policy) as never,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = (truncated: boolean) =>
          finish({
            status: response.statusCode ?? 0,
            headers: flatten(response.headers),
            body: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'),
            truncated,
            durationMs: elapsed(),
          });
        cutShort = () => done(true);
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size > RESPONSE_BODY_LIMIT) done(true);
        });
        response.on('end', () => done(false));
        response.on('error', () => done(true));
      },
    );
    const timer = setTimeout(
      () => (cutShort ?? (() => finish({ error: `no answer within ${timeoutMs / 1000} s`, durationMs: elapsed() })))(),
      timeoutMs,
    );
    req.on('error', (error) =>
      finish({
        error: error.name === 'ForbiddenAddress' ? `refused: ${error.message}` : error.message || 'connection failed',
        durationMs: elapsed(),
      }),
    );
    req.end(method === 'POST' ? body : undefined);
  });
}
