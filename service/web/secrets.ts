/**
 * The secrets the service shows once (webhook signing secrets, platform keys, OAuth tokens and codes)
 * and how to take them out of an answer that is kept: an idempotent write's first answer is stored to
 * be replayed, and a secret must never be stored in plaintext ("the database alone cannot sign").
 * Widget keys are publishable (pages carry them), so they stay.
 */
const SECRET_SHAPED =
  /\b(?:whsec_[A-Za-z0-9+/=]{16,}|svcp_(?:test|live)_[A-Za-z0-9_]{8,}|mcp(?:at|rt|ac)_[A-Za-z0-9_-]{8,})/g;

/** What a replay shows where a secret was. */
export const SHOWN_ONCE = '[shown once, never kept]';

export const holdsSecret = (text: string) => new RegExp(SECRET_SHAPED.source).test(text);

/**
 * An answer's body as it may be kept: in JSON, a value that is a secret becomes null (a value that only
 * quotes one has it replaced); in any other text, each secret is replaced.
 */
export function withoutSecrets(body: string, contentType: string | null): string {
  if (!holdsSecret(body)) return body;
  if (/json/i.test(contentType ?? '')) {
    try {
      return JSON.stringify(
        JSON.parse(body, (_name, value: unknown) => (typeof value === 'string' ? clean(value) : value)),
      );
    } catch {
      // Not JSON after all: replace as text.
    }
  }
  return body.replace(SECRET_SHAPED, SHOWN_ONCE);
}

function clean(value: string): string | null {
  if (!holdsSecret(value)) return value;
  return value.replace(SECRET_SHAPED, '').trim() === '' ? null : value.replace(SECRET_SHAPED, SHOWN_ONCE);
}
