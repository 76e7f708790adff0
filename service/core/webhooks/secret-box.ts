/**
 * Webhook secrets at rest. A secret must be readable to sign with, so it cannot be kept as a hash like
 * the API keys: it is sealed with AES-256-GCM under a key the database never holds (an operator's
 * `WEBHOOK_SECRETS_KEY`, 32 bytes in base64), each with its own random nonce, and the endpoint's id as
 * associated data, so a sealed secret copied onto another endpoint's row does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new Error('The webhook secrets key is 32 bytes (base64 in WEBHOOK_SECRETS_KEY).');
  return {
    seal(secret: string, endpointId: string): string {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(Buffer.from(endpointId));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [
        VERSION,
        nonce.toString('base64'),
        sealed.toString('base64'),
        cipher.getAuthTag().toString('base64'),
      ].join('.');
    },
    /** The secret, or an error when the sealed text was changed, belongs to another endpoint or another key. */
    open(sealed: string, endpointId: string): string {
      const [version, nonce, body, tag] = sealed.split('.');
      if (version !== VERSION || !nonce || !body || !tag) throw new Error('Not a sealed webhook secret.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64'))
        .setAAD(Buffer.from(endpointId))
        .setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
