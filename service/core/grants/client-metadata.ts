/**
 * What a dynamically registered OAuth client may give as its URLs (RFC 7591). The MCP authorization
 * specification: redirect URIs MUST be loopback or https. Its other URLs are shown to people (the
 * consent page links them), so they are https only: never javascript:, data:, file: or plain http.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
const SHOWN_URLS = ['client_uri', 'logo_uri', 'policy_uri', 'tos_uri', 'jwks_uri'] as const;

function parse(text: unknown): URL | undefined {
  if (typeof text !== 'string' || text.length > 2048) return undefined;
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** A redirect URI the service will send codes to: https, or http on a loopback address; no fragment, no credentials. */
export function allowedRedirectUri(text: unknown): boolean {
  const url = parse(text);
  if (!url || url.hash || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

/** The first problem with a registration's URLs, in one sentence, or undefined. */
export function problemInClientUrls(metadata: Record<string, unknown>): string | undefined {
  const redirects = metadata.redirect_uris;
  if (!Array.isArray(redirects) || redirects.length === 0) return 'redirect_uris must list at least one URI.';
  const refused = redirects.find((uri) => !allowedRedirectUri(uri));
  if (refused !== undefined)
    return `Each redirect URI must be https, or http on a loopback address (127.0.0.1, [::1], localhost); ${JSON.stringify(String(refused).slice(0, 100))} is neither.`;
  for (const field of SHOWN_URLS) {
    const value = metadata[field];
    if (value === undefined) continue;
    if (parse(value)?.protocol !== 'https:') return `${field} must be an https URL.`;
  }
  return undefined;
}
