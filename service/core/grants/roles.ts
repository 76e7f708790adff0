/**
 * One role model: what a person's role in an organization lets them do, in the one scope vocabulary.
 * The API Console reads it for every change, platform-key creation gives no key beyond the maker's
 * role, the consent page gives an AI app no more than it allows, and a confirmed write is checked
 * against it again when the person confirms.
 *
 * - An owner may do anything.
 * - An engineer (who builds the integration) reads everything and runs the webhooks, but does not
 *   publish widget keys to websites, change listings, inventory or leads, or ask to go live.
 * - An agent may read the organization's own description.
 */
import { MCP_SCOPES, type McpScope, PLATFORM_SCOPES, type Scope, SCOPE_DESCRIPTIONS } from './scopes.js';

export type Role = 'owner' | 'engineer' | 'agent';
export const ROLES: Role[] = ['owner', 'engineer', 'agent'];

const ALL_SCOPES = Object.keys(SCOPE_DESCRIPTIONS) as Scope[];

export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  owner: ALL_SCOPES,
  engineer: [...ALL_SCOPES.filter((scope) => scope.endsWith('.read')), 'webhooks.write'],
  agent: ['organizations.read'],
};

/** Whether the role may do what `scope` names (an unknown role, or none, may do nothing). */
export const roleMay = (role: string | undefined, scope: Scope) => (ROLE_SCOPES[role as Role] ?? []).includes(scope);

/** The scopes asked for that the role may not give (an unknown role may give none). */
export const scopesBeyondRole = (role: string | undefined, scopes: readonly string[]) =>
  scopes.filter((s) => !roleMay(role, s as Scope));

/** The MCP scopes a role may give an AI app. */
export const mcpScopesOf = (role: string | undefined): McpScope[] => MCP_SCOPES.filter((s) => roleMay(role, s));

/** The Platform API scopes a role may put on a key. */
export const platformScopesOf = (role: string | undefined) => PLATFORM_SCOPES.filter((s) => roleMay(role, s));

/** "an owner", "an engineer", "an agent": a role read aloud (every role begins with a vowel). */
export const aRole = (role: string | undefined) => (role ? `an ${role}` : 'a non-member');
