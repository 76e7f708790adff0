/**
 * One scope vocabulary for the Platform API's keys and MCP's OAuth grants: `resource.read` or
 * `resource.write`, a resource in the plural. A platform key holds the scopes its contract lists; an
 * AI app asks for the ones the MCP endpoint's private tools name.
 */
import platform from '../../../contract/platform.openapi.json' with { type: 'json' };
import type { components } from '../../../contract/generated/platform.js';

/** What a person reads on the console's consent page and key form, for every scope. */
export const SCOPE_DESCRIPTIONS = {
  'organizations.read': 'Read your organization: its name, kind and products',
  'organizations.write': 'Reset your organization’s sandbox data to the fixtures',
  'products.read': 'Read the products your organization uses',
  'agents.read': 'Read your agency’s agents and teams',
  'agents.write': 'Add, change and archive your agency’s agents and teams',
  'developers.read': 'Read your developer projects and their unit types',
  'developers.write': 'Add and change your projects, move them along, and manage their unit types',
  'partner_sites.read': 'Read your partner site’s profile',
  'partner_sites.write': 'Write your partner site’s profile: its name, address and the listings it accepts',
  'listings.read': 'Read your agency’s listings',
  'listings.write': 'Create and change your agency’s listings and their status',
  'viewings.read': 'Read viewings of your agency’s listings',
  'viewings.write': 'Request, confirm, decline, reschedule and close viewings of your listings',
  'inventory.read': 'Read your projects’ showflat bookings, inventory batches and price lists',
  'inventory.write': 'Book showflat visits, release, hold and sell inventory batches, and publish price lists',
  'leads.read': 'Read your lead routing rules and the leads they routed, with buyers’ contact details',
  'leads.write': 'Take in leads and change the rules that route them',
  'mortgages.read': 'Read your buyers’ mortgage journeys, with their names and email addresses',
  'mortgages.write': 'Start buyers’ mortgage journeys and record approvals, valuations, offers and their outcome',
  'service_orders.read': 'Read the service orders for your listed homes, with their providers',
  'service_orders.write': 'Request, schedule, start, complete and cancel service orders for your listed homes',
  'datasets.read': 'Read official-source datasets, a property at a time',
  'webhooks.read': 'Read your webhook endpoints, their deliveries and the evidence of each attempt',
  'webhooks.write': 'Register and change webhook endpoints, and send deliveries again',
  'valuations.read': 'Search properties and read valuations',
  'widget_keys.read': 'List your widget keys and the websites on each',
  'widget_keys.write': 'Create widget keys for your websites (you confirm each one)',
} as const satisfies Record<components['schemas']['Scope'] | 'widget_keys.read' | 'widget_keys.write', string>; // a contract scope without words is a type error
export type Scope = keyof typeof SCOPE_DESCRIPTIONS;

/** Scopes a platform key may hold: the Platform API contract's `Scope`, in its order. */
export type PlatformScope = components['schemas']['Scope'];
export const PLATFORM_SCOPES = platform.components.schemas.Scope.enum as PlatformScope[];

/** Scopes an AI app may ask for at the MCP endpoint, each consented to separately. */
export const MCP_SCOPES = [
  'organizations.read',
  'inventory.read',
  'inventory.write',
  'leads.write',
  'viewings.write',
  'agents.write',
  'developers.write',
  'widget_keys.read',
  'widget_keys.write',
  'webhooks.read',
  'webhooks.write',
] as const satisfies readonly Scope[];
export type McpScope = (typeof MCP_SCOPES)[number];

export const isScope = (text: string): text is Scope => Object.hasOwn(SCOPE_DESCRIPTIONS, text);
