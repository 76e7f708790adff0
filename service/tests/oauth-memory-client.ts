/**
 * A client of the MCP endpoint's OAuth server, kept in memory: PKCE pairs, and the SDK's
 * OAuthClientProvider interface with the person's consent in place of a browser.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/** What a public client (no secret, PKCE) registers as, by its name and redirect URI. */
export const publicClientMetadata = (clientName: string, redirect: string): OAuthClientMetadata => ({
  client_name: clientName,
  redirect_uris: [redirect],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
});

/** The SDK's OAuth client interface, remembering in memory; the person consents through `person`. */
export function inMemoryProvider(
  person: { consent(authorizationUrl: string): Promise<URL> },
  redirect: string,
): OAuthClientProvider & { codes: Promise<string> } {
  let information: OAuthClientInformationMixed | undefined;
  let tokens: OAuthTokens | undefined;
  let verifier = '';
  let resolveCode!: (code: string) => void;
  let rejectCode!: (error: unknown) => void;
  const codes = new Promise<string>((resolve, reject) => ((resolveCode = resolve), (rejectCode = reject)));
  return {
    codes,
    get redirectUrl() {
      return redirect;
    },
    get clientMetadata() {
      return publicClientMetadata('Test assistant', redirect);
    },
    clientInformation: () => information,
    saveClientInformation: (info) => void (information = info),
    tokens: () => tokens,
    saveTokens: (t) => void (tokens = t),
    async redirectToAuthorization(url) {
      try {
        const back = await person.consent(url.href);
        resolveCode(back.searchParams.get('code')!);
      } catch (error) {
        rejectCode(error);
      }
    },
    saveCodeVerifier: (v) => void (verifier = v),
    codeVerifier: () => verifier,
  };
}

export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
