/**
 * What a person's role in an organization lets them give an AI app: an owner any MCP scope; a
 * developer (who builds the integration) the reads and the webhooks, not publishing widget keys to
 * websites; an agent only the organization's own description. Checked on the consent page and again
 * when the consent is given, so a changed form cannot pass it.
 */
import { MCP_SCOPES, type McpScope } from './scopes.js';

export type Role = 'owner' | 'developer' | 'agent';

export const ROLE_SCOPES: Record<Role, readonly McpScope[]> = {
  owner: MCP_SCOPES,
  developer: ['organizations.read', 'inventory.read', 'widget_keys.read', 'webhooks.read', 'webhooks.write'],
  agent: ['organizations.read'],
};

/** The scopes asked for that the role may not give (an unknown role may give none). */
export const scopesBeyondRole = (role: string, scopes: readonly string[]) =>
  scopes.filter((s) => !(ROLE_SCOPES[role as Role] ?? []).includes(s as McpScope));
