/**
 * Verifying a webhook delivery, as Standard Webhooks define it: the `webhook-signature` header holds
 * one or more `v1,<base64 HMAC-SHA256>` signatures of `${webhook-id}.${webhook-timestamp}.${body}`
 * under the endpoint's secret (`whsec_` + base64), and the timestamp must be within five minutes.
 *
 * Pass the body exactly as it arrived, as text or bytes, before any JSON parsing: a body parsed and
 * serialised again (Express's `express.json()`, a framework's `request.json()`) changes spacing or
 * key order and never verifies. In Express use `express.raw({ type: 'application/json' })` on the
 * webhook route; in a fetch handler, `await request.text()`. Verify first, then use the event returned.
 *
 * It answers a result, never throws for a bad delivery, so that forgetting `await` fails closed: a
 * Promise has no `verified`, TypeScript refuses `result.verified` on it, and in plain JavaScript it
 * reads as not verified.
 *
 * ```ts
 * const result = await verifyWebhook(await request.text(), request.headers, secret);
 * if (!result.verified) return new Response(result.reason, { status: 400 });
 * handle(result.event);
 * ```
 */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

export interface WebhookEvent<T = Record<string, unknown>> {
  type: string;
  timestamp: string;
  test?: boolean;
  data: T;
}

type Headers = Record<string, string | string[] | undefined> | { get(name: string): string | null };

const header = (headers: Headers, name: string) => {
  const value = typeof headers.get === 'function' ? headers.get(name) : (headers as Record<string, unknown>)[name];
  return Array.isArray(value) ? value[0] : (value ?? undefined);
};

const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** What verifying a delivery found: its event, once its signature is proven, or why it was refused. */
export type WebhookVerification<T = Record<string, unknown>> =
  { verified: true; event: WebhookEvent<T> } | { verified: false; reason: string };

/**
 * Verifies a delivery: `{ verified: true, event }` once its signature is proven, `{ verified: false,
 * reason }` otherwise (answer 400). `toleranceSeconds` (300) bounds how old or early a delivery may be,
 * which stops replays of old ones.
 */
export async function verifyWebhook<T = Record<string, unknown>>(
  body: string | Uint8Array,
  headers: Headers,
  secret: string,
  options: { toleranceSeconds?: number; now?: () => number } = {},
): Promise<WebhookVerification<T>> {
  try {
    return { verified: true, event: await eventOf<T>(body, headers, secret, options) };
  } catch (error) {
    if (error instanceof WebhookVerificationError) return { verified: false, reason: error.message };
    throw error;
  }
}

/** The delivery's event, once its signature is proven; throws WebhookVerificationError otherwise. */
async function eventOf<T>(
  body: string | Uint8Array,
  headers: Headers,
  secret: string,
  { toleranceSeconds = 300, now = () => Date.now() }: { toleranceSeconds?: number; now?: () => number },
): Promise<WebhookEvent<T>> {
  if (typeof body !== 'string' && !(body instanceof Uint8Array))
    throw new WebhookVerificationError(
      'Pass the raw body (a string or bytes), not a parsed object: verify before JSON.parse.',
    );
  if (!secret?.startsWith('whsec_')) throw new WebhookVerificationError('The secret starts with whsec_.');
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature.');
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(now() / 1000 - seconds) > toleranceSeconds)
    throw new WebhookVerificationError(
      'The timestamp is too old or too far ahead: check your clock, or a replayed request.',
    );
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  const key = await crypto.subtle.importKey(
    'raw',
    fromBase64(secret.slice(6)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${text}`);
  for (const candidate of signatures.split(' ')) {
    const [version, signature] = candidate.split(',');
    if (version !== 'v1' || !signature) continue;
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = fromBase64(signature);
    } catch {
      continue;
    }
    // subtle.verify compares in constant time.
    if (await crypto.subtle.verify('HMAC', key, bytes, signed)) {
      try {
        return JSON.parse(text) as WebhookEvent<T>;
      } catch {
        throw new WebhookVerificationError('The signature matches but the body is not JSON.');
      }
    }
  }
  throw new WebhookVerificationError(
    "No signature matches: is this the endpoint's current secret, and the body exactly as received (not parsed and re-serialised)?",
  );
}
