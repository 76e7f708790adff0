/**
 * The Platform API sandbox's deterministic organizations: an agency, a developer with projects, and
 * a partner site (the demo's property magazine). The same ids and records on every start.
 */
import type { components } from '../../contract/generated/platform.js';

type Schemas = components['schemas'];
/** An organization as the sandbox fixes it; its scopes come from the key, its onboarding from what it has done. */
export type Organization = Omit<Schemas['Organization'], 'environment' | 'scopes' | 'onboarding'>;

export interface OrganizationFixture {
  organization: Organization;
  products: Schemas['Product'][];
  agent?: Schemas['AgentContext'];
  projects: Schemas['Project'][];
}

const product = (
  id: string,
  kind: Schemas['ProductKind'],
  name: string,
  status: Schemas['Product']['status'] = 'active',
): Schemas['Product'] => ({
  object: 'product',
  id,
  kind,
  name,
  status,
});

/** 45 unit-type rows over 25 projects: enough to page through. */
function projects(): Schemas['Project'][] {
  const names = [
    'Marina Heights',
    'Tanjong Rhu Residences',
    'Bukit Timah Grove',
    'Holland Vale',
    'Orchard Crest',
    'Tampines Park View',
    'Punggol Waterfront',
    'Sengkang Grand',
    'Jurong Lake Point',
    'Clementi Peaks',
    'Bishan Loft',
    'Serangoon Gardens',
    'Pasir Ris Shore',
    'Yishun Greens',
    'Woodlands Gateway',
    'Novena Suites',
    'Katong Regency',
    'Tiong Bahru Court',
    'Queenstown Ridge',
    'Bedok Reservoir Homes',
    'Kallang Riverside',
    'Geylang Lofts',
    'Toa Payoh Central',
    'Ang Mo Kio Vista',
    'Bukit Panjang Hills',
  ];
  const statuses: Schemas['Project']['status'][] = ['preview', 'launched', 'launched', 'sold_out', 'completed'];
  const tenures: Schemas['Project']['tenure'][] = ['99-year leasehold', 'freehold', '999-year leasehold'];
  return names.map((name, i) => ({
    object: 'project',
    id: `proj_${String(i + 1).padStart(4, '0')}`,
    name,
    district: ((i * 7) % 28) + 1,
    tenure: tenures[i % tenures.length],
    status: statuses[i % statuses.length],
    unitTypes: [
      { name: '2-bedroom', bedrooms: 2, floorAreaSqm: 66 + (i % 5) * 2, available: (i * 13) % 40 },
      { name: '3-bedroom', bedrooms: 3, floorAreaSqm: 95 + (i % 4) * 3, available: (i * 7) % 25 },
    ],
  }));
}

export const ORGANIZATIONS: Record<string, OrganizationFixture> = {
  org_lionrealty: {
    organization: {
      object: 'organization',
      id: 'org_lionrealty',
      name: 'Lion City Realty',
      kind: 'agency',
      products: ['listings', 'viewings', 'valuations', 'mortgage_journeys', 'service_operations'],
    },
    products: [
      product('prod_listings01', 'listings', 'Listings'),
      product('prod_viewings01', 'viewings', 'Viewings'),
      product('prod_mortgage01', 'mortgage_journeys', 'Mortgage journeys'),
      product('prod_services01', 'service_operations', 'Service operations'),
      product('prod_valuation1', 'valuations', 'Valuations', 'trial'),
    ],
    agent: {
      object: 'agent_context',
      id: 'agt_tanmeiling',
      name: 'Tan Mei Ling',
      role: 'team_lead',
      agency: { id: 'org_lionrealty', name: 'Lion City Realty', licence: 'L3010000A' },
      teams: [
        { id: 'team_east', name: 'East', members: 12 },
        { id: 'team_central', name: 'Central', members: 9 },
      ],
    },
    projects: [],
  },
  org_marinaheights: {
    organization: {
      object: 'organization',
      id: 'org_marinaheights',
      name: 'Marina Heights Development',
      kind: 'developer',
      products: ['developer_inventory', 'viewings', 'valuations'],
    },
    products: [
      product('prod_inventory1', 'developer_inventory', 'Developer inventory'),
      product('prod_viewings02', 'viewings', 'Showflat viewings'),
    ],
    projects: projects(),
  },
  org_lionhomes: {
    organization: {
      object: 'organization',
      id: 'org_lionhomes',
      name: 'Lion City Homes',
      kind: 'partner_site',
      products: ['partner_site', 'valuations'],
    },
    products: [
      product('prod_partner01', 'partner_site', 'Partner site'),
      product('prod_valuation2', 'valuations', 'Valuation widget'),
    ],
    projects: [],
  },
};
