/**
 * The organization a key acts for, as the Platform API describes it: the sandbox's own organizations
 * as their fixtures fix them (agent, projects), and any other (a real account's) from the database,
 * with the products its kind comes with and no fixtures.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { ORGANIZATIONS, type OrganizationFixture } from '../../sandbox/organizations.js';

type Schemas = components['schemas'];
type Kind = Schemas['Organization']['kind'];

const PRODUCTS: Record<Kind, [Schemas['ProductKind'], string][]> = {
  agency: [
    ['listings', 'Listings'],
    ['viewings', 'Viewings'],
    ['valuations', 'Valuations'],
    ['mortgage_journeys', 'Mortgage journeys'],
    ['service_operations', 'Service operations'],
  ],
  developer: [
    ['developer_inventory', 'Developer inventory'],
    ['viewings', 'Showflat viewings'],
    ['valuations', 'Valuations'],
  ],
  partner_site: [
    ['partner_site', 'Partner site'],
    ['valuations', 'Valuation widget'],
  ],
};

export function organizationsOf(db: Pick<Database, 'query'>) {
  return async (id: string): Promise<OrganizationFixture | undefined> => {
    const fixture = ORGANIZATIONS[id];
    if (fixture) return fixture;
    const [row] = await db.query<{ name: string; kind: Kind }>('select name, kind from organizations where id = $1', [
      id,
    ]);
    if (!row) return undefined;
    const products = PRODUCTS[row.kind].map(([kind, name]) => ({
      object: 'product' as const,
      id: `prod_${kind.replace('_', '')}`,
      kind,
      name,
      status: 'active' as const,
    }));
    return {
      organization: {
        object: 'organization',
        id,
        name: row.name,
        kind: row.kind,
        products: products.map((p) => p.kind),
      },
      products,
      projects: [],
    };
  };
}
