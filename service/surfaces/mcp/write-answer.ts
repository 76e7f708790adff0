/**
 * One answer for every MCP write (ask-the-person.ts): one idempotencyKey schema, and one vocabulary of
 * where an asked-for write stands. Four states are every write's (awaiting_confirmation, declined,
 * expired, failed), answered here the same way; each tool names its finished states (created, done,
 * queued or replayed) and answers only those.
 */
import type { PendingAction } from '../../core/organizations/pending-actions.js';

/** The key a client sends with every write, and sends again to learn the outcome. */
export const IDEMPOTENCY_KEY = {
  type: 'string',
  minLength: 8,
  maxLength: 100,
  description: 'Unique per intended change; send it again, with the same arguments, to learn the outcome.',
} as const;

const UNFINISHED = {
  awaiting_confirmation: 'the person has not confirmed yet: show them confirmUrl, then call again with the same key',
  declined: 'the person declined; nothing changed',
  expired: 'the person did not confirm within 15 minutes; nothing changed',
  failed: 'confirmed, but it could not be done: reason says why',
} as const;

/** The `status` of a write tool's answer: `finished` are the tool's own, with what each means. */
export function writeStatus(finished: Record<string, string>) {
  const meanings = { ...finished, ...UNFINISHED };
  return {
    type: 'string',
    enum: Object.keys(meanings),
    description: Object.entries(meanings)
      .map(([status, meaning]) => `${status}: ${meaning}.`)
      .join(' '),
  };
}

type Answer = { structured: Record<string, unknown>; text: string };

/**
 * The answer for a write not finished (waiting, declined, expired or failed), with `about` in each
 * (the action's id, the delivery's); undefined once it is confirmed, for the tool to answer.
 */
export function unfinishedWrite(
  action: Pick<PendingAction, 'status' | 'result' | 'expiresAt'>,
  confirmUrl: string,
  words: { notDone: string; about?: Record<string, unknown>; waiting?: Record<string, unknown> },
): Answer | undefined {
  const about = words.about ?? {};
  switch (action.status) {
    case 'pending':
      return {
        structured: { status: 'awaiting_confirmation', ...about, confirmUrl, ...words.waiting },
        text: `Nothing is done yet. Ask the person to confirm at ${confirmUrl} before ${action.expiresAt}; then call again with the same idempotencyKey.`,
      };
    case 'declined':
    case 'expired':
      return {
        structured: { status: action.status, ...about },
        text: `${words.notDone}: the person ${action.status === 'declined' ? 'declined' : 'did not confirm in time'}. Ask again with a new idempotencyKey.`,
      };
    case 'failed':
      return {
        structured: { status: 'failed', ...about, reason: String(action.result?.reason) },
        text: `${words.notDone}: ${String(action.result?.reason)}. Ask again with a new idempotencyKey.`,
      };
  }
  return undefined;
}
