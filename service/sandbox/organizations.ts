/**
 * The sandbox's demo organizations, seeded as rows through the directory's stores like any signed-up
 * organization's (seed.ts): an agency with agents and teams, a developer with projects and their unit
 * types, and partner sites with their profiles (the demo's property magazine among them). The same
 * ids and records on every start; a sandbox reset puts the developer's projects back.
 */
import type { components } from '../../contract/generated/platform.js';
import type { Database } from '../db/database.js';
import { seedAgent } from '../core/directory/agent-store.js';
import { seedPartnerSite } from '../core/directory/partner-site-store.js';
import { seedProject } from '../core/directory/project-store.js';
import { seedTeam } from '../core/directory/team-store.js';

type Schemas = components['schemas'];
type SeededProject = Schemas['Project'] & {
  unitTypes: (Schemas['Project']['unitTypes'][number] & { id: string; units: number })[];
};

export interface OrganizationFixture {
  organization: { id: string; name: string; kind: Schemas['Organization']['kind'] };
  /** An agency's CEA licence. */
  ceaLicence?: string;
  agents?: (Schemas['AgentCreate'] & { id: string })[];
  teams?: { id: string; name: string; agentIds: string[] }[];
  projects: SeededProject[];
  partnerSite?: Schemas['PartnerSite'];
}

const unitId = (project: number, type: number) => `ut_${String(project * 2 + type + 1).padStart(4, '0')}`;

/** 50 unit types over 25 projects: enough to page through. */
function projects(): SeededProject[] {
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
    address: null,
    allowedTransitions: [],
    unitTypes: [
      { id: unitId(i, 0), name: '2-bedroom', bedrooms: 2, floorAreaSqm: 66 + (i % 5) * 2, units: 40, available: 40 },
      { id: unitId(i, 1), name: '3-bedroom', bedrooms: 3, floorAreaSqm: 95 + (i % 4) * 3, units: 25, available: 25 },
    ],
  }));
}

export const ORGANIZATIONS: Record<string, OrganizationFixture> = {
  org_lionrealty: {
    organization: { id: 'org_lionrealty', name: 'Lion City Realty', kind: 'agency' },
    ceaLicence: 'L3010000A',
    agents: [
      {
        id: 'agt_tanmeiling',
        name: 'Tan Mei Ling',
        ceaNumber: 'R012345A',
        email: 'meiling@lioncityrealty.example',
        phone: '+6591230001',
        role: 'team_lead',
        accountId: 'usr_meiling',
      },
      {
        id: 'agt_rajkumar',
        name: 'Raj Kumar',
        ceaNumber: 'R023456B',
        email: 'raj@lioncityrealty.example',
        role: 'agent',
      },
      {
        id: 'agt_chloeng',
        name: 'Chloe Ng',
        ceaNumber: 'R034567C',
        email: 'chloe@lioncityrealty.example',
        role: 'agent',
      },
    ],
    teams: [
      { id: 'team_east', name: 'East', agentIds: ['agt_tanmeiling', 'agt_rajkumar'] },
      { id: 'team_central', name: 'Central', agentIds: ['agt_tanmeiling', 'agt_chloeng'] },
    ],
    projects: [],
  },
  org_marinaheights: {
    organization: { id: 'org_marinaheights', name: 'Marina Heights Development', kind: 'developer' },
    projects: projects(),
  },
  org_lionhomes: {
    organization: { id: 'org_lionhomes', name: 'Lion City Homes', kind: 'partner_site' },
    partnerSite: {
      object: 'partner_site',
      id: 'ps_lionhomes',
      name: 'Lion City Homes',
      url: 'https://lioncityhomes.example/',
      accepts: { modes: ['sale', 'rent'], propertyTypes: ['hdb', 'condo', 'landed'] },
    },
    projects: [],
  },
  org_flatfinder: {
    organization: { id: 'org_flatfinder', name: 'Flat Finder SG', kind: 'partner_site' },
    partnerSite: {
      object: 'partner_site',
      id: 'ps_flatfinder',
      name: 'Flat Finder SG',
      url: 'https://flatfinder.example/',
      accepts: { modes: ['sale'], propertyTypes: ['hdb'] },
    },
    projects: [],
  },
  org_expatrentals: {
    organization: { id: 'org_expatrentals', name: 'Expat Rentals Singapore', kind: 'partner_site' },
    partnerSite: {
      object: 'partner_site',
      id: 'ps_expatrentals',
      name: 'Expat Rentals Singapore',
      url: 'https://expatrentals.example/',
      accepts: { modes: ['rent'], propertyTypes: ['condo', 'landed'] },
    },
    projects: [],
  },
};

/** The demo organizations (shared, like every organization), in the caller's transaction. */
export async function insertOrganizationFixtures(tx: Pick<Database, 'query'>) {
  for (const { organization, ceaLicence } of Object.values(ORGANIZATIONS))
    await tx.query(
      `insert into organizations (id, name, kind, people, cea_licence) values ($1, $2, $3, 'demo', $4)
       on conflict (id) do update set cea_licence = excluded.cea_licence`,
      [organization.id, organization.name, organization.kind, ceaLicence ?? null],
    );
}

/** Who the demo organizations are: agents (one of them a sandbox person), teams and partner-site profiles. */
export async function insertDirectoryFixtures(tx: Pick<Database, 'query'>) {
  for (const { organization, agents = [], teams = [], partnerSite } of Object.values(ORGANIZATIONS)) {
    for (const agent of agents) await seedAgent(tx, organization.id, agent);
    for (const team of teams) await seedTeam(tx, organization.id, team);
    if (partnerSite) await seedPartnerSite(tx, organization.id, partnerSite);
  }
}

/** The developer's projects and unit types in the sandbox: seeded at start, put back by a reset. */
export async function insertProjectFixtures(tx: Pick<Database, 'query'>, organizationId?: string) {
  for (const { organization, projects } of Object.values(ORGANIZATIONS))
    if (!organizationId || organizationId === organization.id)
      for (const project of projects) await seedProject(tx, organization.id, project);
}
