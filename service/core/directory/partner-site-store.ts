/**
 * Partner sites: a partner-site organization's profile (its name, address and the listings it
 * accepts), shared by both environments like the organization. Which sites an environment offers
 * agencies is the environment's rule: the sandbox offers every profile; live offers only real
 * organizations approved for live, never the sandbox's demo people.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { recordChange, serviceActor, type Tx } from '../events/record-change.js';
import { randomBytes } from 'node:crypto';

type Schemas = components['schemas'];
/** A site listings are distributed to, with the organization that runs it (the service's own business). */
export type PartnerSite = Schemas['PartnerSite'] & { organizationId: string };

interface Row {
  id: string;
  organization_id: string;
  name: string;
  url: string;
  modes: Schemas['PartnerSite']['accepts']['modes'];
  property_types: Schemas['PartnerSite']['accepts']['propertyTypes'];
}
const toSite = (row: Row): PartnerSite => ({
  object: 'partner_site',
  id: row.id,
  name: row.name,
  url: row.url,
  accepts: { modes: row.modes, propertyTypes: row.property_types },
  organizationId: row.organization_id,
});
/** A partner site as the API answers it. */
export const publicSite = ({ organizationId: _, ...site }: PartnerSite): Schemas['PartnerSite'] => site;

/** An id an agency types in a URL: the site's name, readable, with a few random letters against clashes. */
const siteIdFor = (name: string) =>
  `ps_${
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 20) || 'site'
  }${randomBytes(2).toString('hex')}`;

/** `offered`: every partner site (the sandbox), or only real organizations' whose review was approved (live). */
export function createPartnerSiteStore(db: Database, offered: 'every' | 'reviewed', now = () => new Date()) {
  const offeredSql =
    offered === 'every'
      ? 'true'
      : `o.people = 'accounts' and exists (select 1 from integration_reviews r
           where r.organization_id = o.id and r.status = 'approved')`;
  return {
    /** The sites agencies of this environment may distribute to, by name. */
    async list(): Promise<PartnerSite[]> {
      const rows = await db.query<Row>(
        `select p.* from partner_site_profiles p join organizations o on o.id = p.organization_id
         where ${offeredSql} order by p.name, p.id`,
      );
      return rows.map(toSite);
    },
    async get(id: string): Promise<PartnerSite | undefined> {
      const [row] = await db.query<Row>(
        `select p.* from partner_site_profiles p join organizations o on o.id = p.organization_id
         where p.id = $1 and ${offeredSql}`,
        [id],
      );
      return row && toSite(row);
    },
    /** The organization's own profile, offered or not. */
    async ofOrganization(organizationId: string): Promise<PartnerSite | undefined> {
      const [row] = await db.query<Row>('select * from partner_site_profiles where organization_id = $1', [
        organizationId,
      ]);
      return row && toSite(row);
    },
    /** Writes the organization's profile (made on first write, its id kept after). */
    async write(
      organizationId: string,
      input: Schemas['PartnerSiteProfile'],
      id?: string,
    ): Promise<{ site: PartnerSite } | { errors: { parameter: string; detail: string }[] }> {
      if (!input.name.trim()) return { errors: [{ parameter: 'body.name', detail: 'must hold more than spaces' }] };
      let url: URL;
      try {
        url = new URL(input.url);
      } catch {
        return { errors: [{ parameter: 'body.url', detail: 'must be an https address' }] };
      }
      if (url.protocol !== 'https:' || url.username || url.password)
        return {
          errors: [{ parameter: 'body.url', detail: 'must be an https address without a user name or password' }],
        };
      return db.transaction(async (tx) => {
        const at = now();
        const [row] = await tx.query<Row>(
          `insert into partner_site_profiles (id, organization_id, name, url, modes, property_types, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $7)
           on conflict (organization_id) do update set name = excluded.name, url = excluded.url, modes = excluded.modes,
             property_types = excluded.property_types, updated_at = excluded.updated_at
           returning *`,
          [
            id ?? siteIdFor(input.name),
            organizationId,
            input.name.trim(),
            url.href,
            input.accepts.modes,
            input.accepts.propertyTypes,
            at,
          ],
        );
        const site = toSite(row!);
        await recordChange(tx, serviceActor(organizationId), 'partner_site.updated', site.id, {
          name: site.name,
          url: site.url,
          modes: site.accepts.modes,
          propertyTypes: site.accepts.propertyTypes,
        });
        return { site };
      });
    },
  };
}

/** A profile as the sandbox seeds it: its own id, no event. */
export async function seedPartnerSite(tx: Tx, organizationId: string, site: Schemas['PartnerSite']) {
  await tx.query(
    `insert into partner_site_profiles (id, organization_id, name, url, modes, property_types)
       values ($1, $2, $3, $4, $5, $6) on conflict (id) do nothing`,
    [site.id, organizationId, site.name, site.url, site.accepts.modes, site.accepts.propertyTypes],
  );
}

export type PartnerSiteStore = ReturnType<typeof createPartnerSiteStore>;
