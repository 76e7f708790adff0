/**
 * Standard Webhooks signing (standardwebhooks.com): a delivery carries `webhook-id` (the same on every
 * retry and replay), `webhook-timestamp` (seconds) and `webhook-signature`, a space-separated list of
 * `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under each secret in force, so a receiver keeps
 * verifying while a rotated secret's 24 hours run out. A secret is `whsec_` + base64 of 32 random bytes.
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

export const newWebhookSecret = () => `${PREFIX}${randomBytes(32).toString('base64')}`;

export interface SignedDelivery {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The headers of a delivery of `body`, signed with every secret given (newest first). */
export function signDelivery(id: string, at: Date, body: string, secrets: string[]): SignedDelivery {
  if (secrets.length === 0) throw new Error('A delivery needs at least one secret to sign with.');
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signatures = secrets.map((secret) => {
    if (!secret.startsWith(PREFIX)) throw new Error('A webhook secret starts with whsec_.');
    const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
    return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
  });
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
}
