/**
 * The operator key that seals webhook secrets (secret-box.ts). Given in WEBHOOK_SECRETS_KEY (32 bytes
 * in base64), as it must be when several processes share a PostgreSQL database; for the embedded
 * database, made once and kept beside its data folder (readable by its owner only), or, for a
 * database in memory, made for the process.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function loadSecretsKey(options: { value?: string; databaseUrl?: string; dataDir: string }): Buffer {
  if (options.value) {
    const key = Buffer.from(options.value, 'base64');
    if (key.length !== 32)
      throw new Error('WEBHOOK_SECRETS_KEY must be 32 bytes in base64: make one with `openssl rand -base64 32`.');
    return key;
  }
  if (options.databaseUrl)
    throw new Error(
      'WEBHOOK_SECRETS_KEY is needed with DATABASE_URL, the same in every process: make one with `openssl rand -base64 32`.',
    );
  if (options.dataDir.startsWith('memory://')) return randomBytes(32);
  const file = join(dirname(options.dataDir), 'webhook-secrets.key');
  // A fresh clone has no .data/ yet: the key is the first thing written there.
  mkdirSync(dirname(file), { recursive: true });
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}
