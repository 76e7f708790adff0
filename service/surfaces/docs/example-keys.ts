/**
 * The sandbox's keys that docs/integrators.md lists, one per kind of organization, and which kind a
 * path of the Platform API is for: the developer's routes, a partner site's feed, and the agency's
 * (every scope) for the rest. The reference's examples and the Postman environments use them.
 */
export const EXAMPLE_KEYS = {
  agency: 'svcp_test_agency00000000000000001',
  developer: 'svcp_test_developer0000000000002',
  partner_site: 'svcp_test_partnerfeed00000000006',
} as const;

export type ExampleKind = keyof typeof EXAMPLE_KEYS;

export const exampleKind = (path: string): ExampleKind =>
  path.startsWith('/developers/') ? 'developer' : path.startsWith('/partner-sites/current') ? 'partner_site' : 'agency';
