/**
 * Sandbox platform keys: stored as SHA-256 hashes with their organization and scopes
 * (sandbox/platform/keys.json), looked up by the hash of what a request presents. A key itself is
 * never stored, compared as text, or logged; problems name a key by its prefix and last four.
 */
import type { components } from '../../../contract/generated/platform.js';
import { hashSecret } from '../../db/secrets.js';
import { KEY_PREFIXES, SANDBOX_PLATFORM_KEY } from './prefixes.js';

type Scope = components['schemas']['Scope'];
type ProblemCode = components['schemas']['ProblemCode'];

export interface StoredKey {
  /** The key's record id (never the key). */
  id?: string;
  sha256: string;
  prefix: string;
  last4: string;
  organization: string;
  label: string;
  scopes: Scope[];
  /** Valuations already counted today when the sandbox starts (to try the daily limit). */
  valuationsUsedToday?: number;
}

export type Authentication = { key: StoredKey } | { problem: ProblemCode; detail: string };

/** Reads `Authorization: Bearer <key>` as the sandbox must: only svcp_test_ keys it knows. */
export async function authenticate(
  header: string | null,
  findByHash: (sha256: string) => Promise<StoredKey | undefined>,
): Promise<Authentication> {
  if (!header)
    return { problem: 'missing_key', detail: 'Send your sandbox key as "Authorization: Bearer svcp_test_…".' };
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  if (!match)
    return { problem: 'malformed_key', detail: 'The Authorization header must be "Bearer " followed by your key.' };
  const token = match[1];
  if (token.startsWith(KEY_PREFIXES.widgetSandbox) || token.startsWith(KEY_PREFIXES.widgetLive)) {
    return {
      problem: 'widget_key',
      detail:
        'This is a widget key (svce_…). Widget keys identify a website to the widget and never authenticate the Platform API: use a platform key (svcp_test_…).',
    };
  }
  if (token.startsWith(KEY_PREFIXES.platformLive)) {
    return {
      problem: 'live_key_in_sandbox',
      detail:
        'Live keys (svcp_live_…) work only against the live host: sandbox and live are always isolated. Use a svcp_test_ key here.',
    };
  }
  if (!SANDBOX_PLATFORM_KEY.test(token))
    return {
      problem: 'malformed_key',
      detail: 'A sandbox key is svcp_test_ followed by 16 to 64 letters, digits or underscores.',
    };
  const key = await findByHash(hashSecret(token));
  if (!key)
    return {
      problem: 'unknown_key',
      detail: `No sandbox key ends in ${token.slice(-4)}: it was revoked, or never existed. Copy it again from the API Console.`,
    };
  return { key };
}
