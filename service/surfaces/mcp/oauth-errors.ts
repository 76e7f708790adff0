/**
 * OAuth's `error_description` in sentences. The SDK's handlers describe a malformed request with
 * their schema library's issue list, JSON-encoded into the redirect or the body; a developer reading
 * it in a URL gets a validator dump. This middleware rewords such a description, in both places,
 * before it leaves, and leaves every other answer alone.
 */
import type { NextFunction, Request, Response } from 'express';

interface Issue {
  path?: (string | number)[];
  message?: string;
}

/** What each authorization parameter must be, said once. */
const EXPECTED: Record<string, string> = {
  code_challenge_method: 'Only S256 is supported as code_challenge_method (PKCE); plain is refused.',
  code_challenge: 'code_challenge is required: the S256 challenge of a PKCE verifier (43 base64url characters).',
  response_type: 'response_type must be code.',
  client_id: 'client_id is required: the id dynamic registration gave the client.',
  redirect_uri: 'redirect_uri must be one of the URLs the client registered.',
  scope: 'scope must be a space-separated list of the scopes the server supports.',
  resource: 'resource must be the URL of this MCP endpoint.',
};

/** One sentence per issue, or the description unchanged when it is not an issue list. */
export function readableDescription(description: string): string {
  let issues: Issue[];
  try {
    issues = JSON.parse(description) as Issue[];
  } catch {
    return description;
  }
  if (!Array.isArray(issues) || issues.length === 0) return description;
  const sentences = issues.map((issue) => {
    const field = String(issue.path?.[0] ?? '');
    return EXPECTED[field] ?? `${field || 'The request'}: ${issue.message ?? 'invalid'}.`;
  });
  return [...new Set(sentences)].join(' ');
}

export function readableOAuthErrors(_request: Request, response: Response, next: NextFunction) {
  const redirect = response.redirect.bind(response) as (status: number, url: string) => void;
  response.redirect = ((status: number | string, url?: string) => {
    const [code, target] = typeof status === 'number' ? [status, url!] : [302, status];
    if (!URL.canParse(target)) return redirect(code, target);
    const location = new URL(target);
    const description = location.searchParams.get('error_description');
    if (description) location.searchParams.set('error_description', readableDescription(description));
    redirect(code, location.href);
  }) as Response['redirect'];
  const json = response.json.bind(response);
  response.json = ((body: unknown) => {
    const described = body as { error_description?: unknown } | null;
    if (described && typeof described.error_description === 'string')
      return json({ ...described, error_description: readableDescription(described.error_description) });
    return json(body);
  }) as Response['json'];
  next();
}
