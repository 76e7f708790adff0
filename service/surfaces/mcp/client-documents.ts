/**
 * OAuth Client ID Metadata Documents (the MCP authorization specification, 2025-11-25): a client
 * whose `client_id` is an https URL is described by the JSON document at that URL, fetched here
 * through the same address guard, time limit and size limit as webhooks (a document on a private
 * address is refused), checked (its `client_id` is its own URL, redirect URIs and shown URLs as a
 * registration's, a public client with no secret), and kept for an hour. Plain http only for a host
 * the operator allows (a developer's machine), as for webhooks.
 */
import { problemInClientUrls } from '../../core/grants/client-metadata.js';
import type { OAuthStore } from '../../core/grants/oauth-store.js';
import type { AddressPolicy } from '../../core/webhooks/address-guard.js';
import { guardedRequest } from '../../core/webhooks/transport.js';

const KEPT_MS = 3_600_000;
const TIMEOUT_MS = 5000;

/** Whether a client_id names a metadata document: an https URL with a path, no fragment, no credentials. */
export function isDocumentClientId(clientId: string, policy: AddressPolicy): boolean {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && policy.allowHosts.has(url.hostname));
  return secure && url.pathname !== '/' && !url.hash && !url.username && !url.password;
}

export function createClientDocuments(store: OAuthStore, policy: AddressPolicy, now = () => Date.now()) {
  return {
    /** The client a document describes, fetched or kept; undefined when it cannot be used (the SDK then answers invalid_client). */
    async resolve(clientId: string): Promise<Record<string, unknown> | undefined> {
      const kept = (await store.getClient(clientId)) as (Record<string, unknown> & { fetched_at?: number }) | undefined;
      if (kept?.fetched_at && now() - kept.fetched_at < KEPT_MS) return kept;
      const answer = await guardedRequest('GET', clientId, { Accept: 'application/json' }, '', {
        timeoutMs: TIMEOUT_MS,
        policy,
      });
      if ('error' in answer || answer.status !== 200 || answer.truncated) return undefined;
      let document: Record<string, unknown>;
      try {
        document = JSON.parse(answer.body) as Record<string, unknown>;
      } catch {
        return undefined;
      }
      if (!document || typeof document !== 'object' || document.client_id !== clientId) return undefined;
      if (problemInClientUrls(document)) return undefined;
      const method = document.token_endpoint_auth_method ?? 'none';
      if (method !== 'none' || 'client_secret' in document) return undefined; // public clients only: a document is public
      const client = {
        client_id: clientId,
        client_name:
          typeof document.client_name === 'string' ? document.client_name.slice(0, 100) : new URL(clientId).host,
        redirect_uris: document.redirect_uris,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        ...(typeof document.client_uri === 'string' ? { client_uri: document.client_uri } : {}),
        ...(typeof document.logo_uri === 'string' ? { logo_uri: document.logo_uri } : {}),
        fetched_at: now(),
      };
      await store.rememberClient(client);
      return client;
    },
  };
}
