/**
 * Platform keys: stored as SHA-256 hashes with their organization and scopes (the sandbox's seeded
 * ones in sandbox/platform-keys.json), looked up by the hash of what a request presents. A key itself is
 * never stored, compared as text, or logged; problems name a key by its prefix and last four.
 */
import type { components } from '../../../contract/generated/platform.js';
import { hashSecret } from '../../db/secrets.js';
import {
  ENVIRONMENT_KEYS,
  KEY_PREFIXES,
  type KeyEnvironment,
  platformKeyPrefix,
  platformKeyShape,
} from './prefixes.js';

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

/**
 * Reads `Authorization: Bearer <key>` as `environment` must: only its own keys (svcp_test_ in the
 * sandbox, svcp_live_ in live), and a key of the other environment named as such, with what to do.
 */
export async function authenticate(
  header: string | null,
  findByHash: (sha256: string) => Promise<StoredKey | undefined>,
  environment: KeyEnvironment = 'sandbox',
): Promise<Authentication> {
  const own = platformKeyPrefix(environment);
  if (!header)
    return { problem: 'missing_key', detail: `Send your ${environment} key as "Authorization: Bearer ${own}…".` };
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  if (!match)
    return { problem: 'malformed_key', detail: 'The Authorization header must be "Bearer " followed by your key.' };
  const token = match[1];
  if (token.startsWith(KEY_PREFIXES.widgetSandbox) || token.startsWith(KEY_PREFIXES.widgetLive)) {
    return {
      problem: 'widget_key',
      detail: `This is a widget key (svce_…). Widget keys identify a website to the widget and never authenticate the Platform API: use a platform key (${own}…).`,
    };
  }
  const foreign = ENVIRONMENT_KEYS[environment].foreignPlatformKey;
  if (token.startsWith(foreign.prefix)) return { problem: foreign.problem, detail: foreign.refusal };
  if (!platformKeyShape(environment).test(token))
    return {
      problem: 'malformed_key',
      detail: `A ${environment} key is ${own} followed by 16 to 64 letters, digits or underscores.`,
    };
  const key = await findByHash(hashSecret(token));
  if (!key)
    return {
      problem: 'unknown_key',
      detail: `No ${environment} key ends in ${token.slice(-4)}: it was revoked, or never existed. Copy it again from the API Console.`,
    };
  return { key };
}
