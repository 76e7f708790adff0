/**
 * The MCP endpoint's authorization server, for the official SDK's router (discovery RFC 8414,
 * registration RFC 7591, authorization with PKCE S256 only, token, revocation). Sign-in and consent
 * are pages of the service: `authorize` hands the request to the API Console, which asks the person.
 */
import type { Response } from 'express';
import {
  InvalidClientMetadataError,
  InvalidGrantError,
  InvalidScopeError,
  InvalidTargetError,
  InvalidTokenError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { problemInClientUrls } from '../../core/grants/client-metadata.js';
import type { OAuthStore } from '../../core/grants/oauth-store.js';
import { MCP_SCOPES } from '../../core/grants/scopes.js';
import type { AddressPolicy } from '../../core/webhooks/address-guard.js';
import { createClientDocuments, isDocumentClientId } from './client-documents.js';

export interface ProviderOptions {
  store: OAuthStore;
  /** Where a client's metadata document may be fetched from (the webhooks' address policy). */
  documents?: AddressPolicy;
  /** The MCP endpoint: every token is bound to it (RFC 8707). */
  resource: string;
  /** The console page where the person signs in and consents to request `id`. */
  consentUrl: (id: string) => string;
}

export function createOAuthProvider({ store, resource, consentUrl, documents }: ProviderOptions): OAuthServerProvider {
  const clientDocuments = documents && createClientDocuments(store, documents);
  return {
    clientsStore: {
      getClient: (clientId) =>
        (clientDocuments && isDocumentClientId(clientId, documents!)
          ? clientDocuments.resolve(clientId)
          : store.getClient(clientId)) as Promise<OAuthClientInformationFull | undefined>,
      registerClient(client) {
        const problem = problemInClientUrls(client as unknown as Record<string, unknown>);
        if (problem) throw new InvalidClientMetadataError(problem);
        return store.registerClient(
          client as unknown as Record<string, unknown>,
        ) as unknown as Promise<OAuthClientInformationFull>;
      },
    },
    async authorize(client, params, res: Response) {
      const scopes = params.scopes?.length ? params.scopes : [...MCP_SCOPES];
      const unknown = scopes.filter((s) => !(MCP_SCOPES as readonly string[]).includes(s));
      const redirect = new URL(params.redirectUri);
      if (params.state !== undefined) redirect.searchParams.set('state', params.state);
      // S256 of a verifier of at least 32 random bytes: 43 base64url characters (RFC 7636).
      if (!/^[A-Za-z0-9_-]{43}$/.test(params.codeChallenge)) {
        redirect.searchParams.set('error', 'invalid_request');
        redirect.searchParams.set(
          'error_description',
          'code_challenge must be the S256 challenge of a PKCE verifier (43 base64url characters).',
        );
        return res.redirect(redirect.href);
      }
      if (unknown.length) {
        redirect.searchParams.set('error', 'invalid_scope');
        redirect.searchParams.set('error_description', `Unknown scope: ${unknown.join(' ').slice(0, 100)}`);
        return res.redirect(redirect.href);
      }
      if (params.resource && params.resource.href !== resource) {
        redirect.searchParams.set('error', 'invalid_target');
        redirect.searchParams.set('error_description', `This server issues tokens only for ${resource}.`);
        return res.redirect(redirect.href);
      }
      const id = await store.startAuthorization({
        clientId: client.client_id,
        clientName: client.client_name ?? client.client_id,
        scopes,
        redirectUri: params.redirectUri,
        state: params.state,
        codeChallenge: params.codeChallenge,
        resource,
      });
      res.redirect(consentUrl(id));
    },
    async challengeForAuthorizationCode(client, code) {
      const challenge = await store.codeChallenge(client.client_id, code);
      if (!challenge) throw new InvalidGrantError('The authorization code is not valid for this client.');
      return challenge;
    },
    async exchangeAuthorizationCode(client, code, _verifier, redirectUri, target) {
      if (target && target.href !== resource)
        throw new InvalidTargetError(`This server issues tokens only for ${resource}.`);
      const result = await store.exchangeCode(client.client_id, code, redirectUri, target?.href);
      if (!result.tokens) throw new InvalidGrantError(result.error ?? 'The authorization code is not valid.');
      return result.tokens;
    },
    async exchangeRefreshToken(client, refreshToken, scopes, target) {
      if (target && target.href !== resource)
        throw new InvalidTargetError(`This server issues tokens only for ${resource}.`);
      const result = await store.refresh(client.client_id, refreshToken, scopes, target?.href);
      if (!result.tokens) {
        const message = result.error ?? 'The refresh token is not valid.';
        throw message.includes('scopes') ? new InvalidScopeError(message) : new InvalidGrantError(message);
      }
      return result.tokens;
    },
    async verifyAccessToken(token) {
      const record = await store.verify(token);
      if (!record)
        throw new InvalidTokenError('The access token is not valid: it expired, was revoked, or never existed.');
      return {
        token,
        clientId: record.clientId,
        scopes: record.scopes,
        expiresAt: record.expiresAt,
        resource: new URL(record.resource),
        extra: { userId: record.userId, organizationId: record.organizationId, clientId: record.clientId },
      };
    },
    async revokeToken(client, request) {
      await store.revokeToken(client.client_id, request.token);
    },
  };
}
