/**
 * Documented "magic" queries and suggestion ids that make the sandbox answer with each state
 * a QA engineer must see, the way payment providers publish test cards. Listed in the README.
 */
import type { components } from '../../contract/generated/widget-host.js';
import type { Magic, MagicAnswer } from '../surfaces/widget-host/host-options.js';

type Suggestion = components['schemas']['Suggestion'];

export const SLOW_MS = 3000;

const magicProperty = (id: string, text: string): Suggestion => ({
  id,
  kind: 'address',
  text,
  secondaryText: 'Sandbox test property',
  postalCode: '999999',
  matches: [],
});

/** What typing `sandbox` offers: one suggestion per estimate state. */
export const SANDBOX_SUGGESTIONS: Suggestion[] = [
  magicProperty('sandbox-slow', 'Sandbox: slow estimate (3 s)'),
  magicProperty('sandbox-no-comparables', 'Sandbox: no comparables'),
  magicProperty('sandbox-not-found', 'Sandbox: property not found'),
  magicProperty('sandbox-server-error', 'Sandbox: server error'),
];

export function magicSuggestions(query: string): MagicAnswer | undefined {
  const q = query.trim().toLowerCase();
  if (!q.startsWith('sandbox')) return undefined;
  if (q === 'sandbox empty') return { suggestions: [] };
  if (q === 'sandbox error') return { error: 'internal_error', suggestions: [] };
  if (q === 'sandbox slow') return { delayMs: SLOW_MS, suggestions: SANDBOX_SUGGESTIONS };
  return { suggestions: SANDBOX_SUGGESTIONS };
}

export function magicEstimate(id: string): MagicAnswer | undefined {
  switch (id) {
    case 'sandbox-slow':
      return { delayMs: SLOW_MS, propertyId: 'hdb-560102-4-room', suggestions: [] };
    case 'sandbox-no-comparables':
      return { error: 'no_comparables', suggestions: [] };
    case 'sandbox-not-found':
      return { error: 'not_found', suggestions: [] };
    case 'sandbox-server-error':
      return { error: 'internal_error', suggestions: [] };
    default:
      return undefined;
  }
}

/** The magic values as a widget host takes them (servers/widget-host.ts, sandbox/in-page-host.ts). */
export const SANDBOX_MAGIC: Magic = { suggestions: magicSuggestions, estimate: magicEstimate };
