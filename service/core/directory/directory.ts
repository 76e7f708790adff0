/**
 * One reader of "this organization, as every surface describes it": its kind and products, and its
 * own records (an agency's agents and teams, a developer's projects and unit types, a partner site's
 * profile), read from rows the same way for a signed-up organization as for the sandbox's demo ones.
 * The Platform API, MCP and the console all ask here; none reads fixtures.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { createAgentStore } from './agent-store.js';
import { createPartnerSiteStore, type PartnerSite } from './partner-site-store.js';
import { createProjectStore } from './project-store.js';
import { createTeamStore } from './team-store.js';

type Schemas = components['schemas'];
export type OrganizationKind = Schemas['Organization']['kind'];

/** An organization as every surface describes it; its scopes come from the key, its onboarding from what it has done. */
export interface OrganizationRecord {
  organization: Omit<Schemas['Organization'], 'environment' | 'scopes' | 'onboarding'>;
  products: Schemas['Product'][];
  /** The agent a key of an agency acts for when it names none (GET /agents/current). */
  agent?: Schemas['AgentContext'];
  /** A developer's projects in this environment. */
  projects: Schemas['Project'][];
  /** A partner site's own profile. */
  partnerSite?: PartnerSite;
}

/** The products each kind of organization comes with. */
const PRODUCTS: Record<OrganizationKind, [Schemas['ProductKind'], string][]> = {
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
const productsOf = (kind: OrganizationKind): Schemas['Product'][] =>
  PRODUCTS[kind].map(([product, name]) => ({
    object: 'product',
    id: `prod_${product.replace('_', '')}`,
    kind: product,
    name,
    status: 'active',
  }));

export function createDirectory(db: Database, partnerSitesOffered: 'every' | 'reviewed', now = () => new Date()) {
  const agents = createAgentStore(db, now);
  const teams = createTeamStore(db, now);
  const projects = createProjectStore(db, now);
  const partnerSites = createPartnerSiteStore(db, partnerSitesOffered, now);

  /** The agent context a key acts for: the agent, their agency and their active teams with head counts. */
  async function agentContext(organizationId: string, name: string, licence: string) {
    const agent = await agents.acting(organizationId);
    if (!agent) return undefined;
    const active = (await teams.list(organizationId, 'active')).filter((t) => agent.teamIds.includes(t.id));
    return {
      object: 'agent_context' as const,
      id: agent.id,
      name: agent.name,
      role: agent.role,
      agency: { id: organizationId, name, licence },
      teams: active.map((t) => ({ id: t.id, name: t.name, members: t.agentIds.length })),
    };
  }

  return {
    agents,
    teams,
    projects,
    partnerSites,
    /** The organization by id, or undefined when there is none. */
    async recordOf(id: string): Promise<OrganizationRecord | undefined> {
      const [row] = await db.query<{ name: string; kind: OrganizationKind; cea_licence: string | null }>(
        'select name, kind, cea_licence from organizations where id = $1',
        [id],
      );
      if (!row) return undefined;
      const products = productsOf(row.kind);
      return {
        organization: {
          object: 'organization',
          id,
          name: row.name,
          kind: row.kind,
          products: products.map((p) => p.kind),
        },
        products,
        agent: row.kind === 'agency' ? await agentContext(id, row.name, row.cea_licence ?? '') : undefined,
        projects: row.kind === 'developer' ? await projects.list(id) : [],
        partnerSite: row.kind === 'partner_site' ? await partnerSites.ofOrganization(id) : undefined,
      };
    },
  };
}

export type Directory = ReturnType<typeof createDirectory>;
