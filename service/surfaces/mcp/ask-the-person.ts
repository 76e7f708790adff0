/**
 * The one way an MCP tool writes: it opens (or finds again, by its idempotency key: the one store,
 * organizations/pending-actions.ts) a pending action of its kind, points the person at the service's
 * page where they confirm (a client never answers its own confirmation; URL-mode elicitation only
 * opens the page), and reports where the action stands. The tool only translates that into its answer.
 */
import type { PendingAction } from '../../core/organizations/pending-actions.js';
import { WRITE_KINDS, type WriteKindName } from '../../core/writes/write-kinds.js';
import type { SignedInContext } from './tool.js';

export async function askThePerson(
  { services, caller, showPage }: SignedInContext,
  kind: WriteKindName,
  idempotencyKey: string,
  input: Record<string, unknown>,
): Promise<{ action: PendingAction; confirmUrl: string } | { error: string }> {
  const action = await services.actions.open(caller, kind, idempotencyKey, input);
  if (action === 'mismatch')
    return { error: 'This idempotencyKey was already used with other arguments: use a new key for another request.' };
  const confirmUrl = services.links.actionPage(action.id);
  // The page is pointed at once, when the request is made; a retry only learns where it stands.
  if (action.opened) await showPage(confirmUrl, `${WRITE_KINDS[kind].title} on the service's page.`, action.id);
  return { action, confirmUrl };
}
