/**
 * An agency's listings: made, changed and moved between statuses in one transaction each, every
 * change an audit entry and an outbox event (`listing.created`, `listing.updated`,
 * `listing.status_changed`). A listing leaving the market cancels the viewings that held a slot.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { newTimeOrderedId } from '../../db/ids.js';
import type { PropertyRecord } from '../estimates/homes.js';
import { recordChange, serviceActor, type Tx } from '../events/record-change.js';
import { moveAlong } from '../events/move-along.js';
import { withdrawAll } from './distribution-store.js';
import { HOLDS_SLOT, LISTING_TRANSITIONS, OFF_MARKET, type Refusal, type StandardStatus } from './transitions.js';
import { lockFor } from '../../db/locks.js';
import { roomInOrganization } from '../../db/organization-rows.js';

export type Listing = components['schemas']['Listing'];
/** What a new listing needs; `standardStatus` has a default (the contract's). */
type ListingCreate = Omit<components['schemas']['ListingCreate'], 'standardStatus'> &
  Partial<Pick<components['schemas']['ListingCreate'], 'standardStatus'>>;
type ListingUpdate = components['schemas']['ListingUpdate'];

/** Most listings one organization keeps in the sandbox. */
export const MAX_LISTINGS = 500;
const SQFT_PER_SQM = 10.7639;

export interface ListingRow {
  id: string;
  property_id: string;
  mode: 'sale' | 'rent';
  list_price: number;
  public_remarks: string;
  standard_status: StandardStatus;
  list_agent_id: string;
  status_changed_at: Date;
  modified_at: Date;
  created_at: Date;
}

export function createListingStore(
  db: Database,
  properties: Pick<Map<string, PropertyRecord>, 'get' | 'has'>,
  now = () => new Date(),
) {
  const toListing = (row: ListingRow): Listing => {
    const property = properties.get(row.property_id);
    return {
      object: 'listing',
      id: row.id,
      propertyId: row.property_id,
      mode: row.mode,
      standardStatus: row.standard_status,
      allowedTransitions: LISTING_TRANSITIONS[row.standard_status],
      listPrice: row.list_price,
      currency: 'SGD',
      unparsedAddress: property?.address ?? '',
      postalCode: property?.postalCode ?? '000000',
      propertyType: property?.propertyType ?? 'hdb',
      livingArea: Math.round((property?.floorAreaSqm ?? 0) * SQFT_PER_SQM),
      livingAreaUnits: 'sqft',
      publicRemarks: row.public_remarks,
      listAgentId: row.list_agent_id,
      statusChangeTimestamp: new Date(row.status_changed_at).toISOString(),
      modificationTimestamp: new Date(row.modified_at).toISOString(),
      createdAt: new Date(row.created_at).toISOString(),
    };
  };
  const read = async (q: Pick<Database, 'query'>, organizationId: string, id: string, forUpdate = false) =>
    (
      await q.query<ListingRow>(
        `select * from listings where organization_id = $1 and id = $2${forUpdate ? ' for update' : ''}`,
        [organizationId, id],
      )
    )[0];

  /** Cancels a listing's viewings that hold a slot (it left the market), each announced. */
  async function cancelOpenViewings(tx: Tx, organizationId: string, listingId: string) {
    const cancelled = await tx.query<{ id: string; starts_at: Date }>(
      `update viewings set status = 'cancelled', updated_at = $3
       where organization_id = $1 and listing_id = $2 and status = any($4) returning id, starts_at`,
      [organizationId, listingId, now(), HOLDS_SLOT],
    );
    for (const v of cancelled)
      await recordChange(tx, serviceActor(organizationId), 'viewing.cancelled', v.id, {
        listingId,
        startsAt: new Date(v.starts_at).toISOString(),
        reason: 'listing_off_market',
      });
  }

  return {
    toListing,
    async list(organizationId: string, status?: StandardStatus, listAgentId?: string): Promise<Listing[]> {
      const rows = await db.query<ListingRow>(
        `select * from listings where organization_id = $1 and ($2::text is null or standard_status = $2)
           and ($3::text is null or list_agent_id = $3) order by id`,
        [organizationId, status ?? null, listAgentId ?? null],
      );
      return rows.map(toListing);
    },
    async get(organizationId: string, id: string) {
      const row = await read(db, organizationId, id);
      return row && toListing(row);
    },
    /** The new listing, or the fields that cannot be used. */
    async create(
      organizationId: string,
      actingAgentId: string | undefined,
      input: ListingCreate,
    ): Promise<{ listing: Listing } | { errors: { parameter: string; detail: string }[] }> {
      const agentId = input.listAgentId ?? actingAgentId;
      if (!agentId)
        return {
          errors: [
            {
              parameter: 'body.listAgentId',
              detail: 'the agency has no active agent to list it: add one with POST /agents, then name them here',
            },
          ],
        };
      if (!properties.has(input.propertyId))
        return {
          errors: [
            {
              parameter: 'body.propertyId',
              detail: 'no sandbox property has this id: find one with GET /valuations/properties?q=…',
            },
          ],
        };
      return db.transaction(async (tx) => {
        const [agent] = await tx.query(
          `select 1 from agents where organization_id = $1 and id = $2 and status = 'active' for share`,
          [organizationId, agentId],
        );
        if (!agent)
          return {
            errors: [
              {
                parameter: 'body.listAgentId',
                detail: `${agentId} is not an active agent of this agency (GET /agents)`,
              },
            ],
          };
        if (!(await roomInOrganization(tx, 'listings', organizationId, MAX_LISTINGS)))
          return { errors: [{ parameter: 'body', detail: `an organization keeps at most ${MAX_LISTINGS} listings` }] };
        const at = now();
        const [row] = await tx.query<ListingRow>(
          `insert into listings (id, organization_id, property_id, mode, list_price, public_remarks, standard_status,
             list_agent_id, status_changed_at, modified_at, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $9) returning *`,
          [
            newTimeOrderedId('lst'),
            organizationId,
            input.propertyId,
            input.mode,
            input.listPrice,
            input.publicRemarks ?? '',
            input.standardStatus ?? 'active',
            agentId,
            at,
          ],
        );
        await recordChange(tx, serviceActor(organizationId), 'listing.created', row.id, {
          propertyId: row.property_id,
          mode: row.mode,
          listPrice: row.list_price,
          standardStatus: row.standard_status,
        });
        return { listing: toListing(row) };
      });
    },
    /** The live listings of every agency distributed to a partner site, in the order they were distributed. */
    async distributedTo(partnerSiteId: string) {
      const rows = await db.query<ListingRow>(
        `select l.* from listings l join listing_distributions d on d.listing_id = l.id
         where d.partner_site_id = $1 and d.status = 'live' order by l.id`,
        [partnerSiteId],
      );
      return rows.map(toListing);
    },
    async update(
      organizationId: string,
      id: string,
      change: ListingUpdate,
    ): Promise<{ listing: Listing } | Refusal<StandardStatus> | undefined> {
      return db.transaction(async (tx) => {
        const row = await read(tx, organizationId, id, true);
        if (!row) return undefined;
        if (LISTING_TRANSITIONS[row.standard_status].length === 0)
          return { refused: { from: row.standard_status, allowed: [] } };
        const [changed] = await tx.query<ListingRow>(
          `update listings set list_price = coalesce($3, list_price), public_remarks = coalesce($4, public_remarks),
             modified_at = $5 where organization_id = $1 and id = $2 returning *`,
          [organizationId, id, change.listPrice ?? null, change.publicRemarks ?? null, now()],
        );
        await recordChange(tx, serviceActor(organizationId), 'listing.updated', id, {
          changed: Object.keys(change),
          ...(change.listPrice !== undefined ? { listPrice: change.listPrice } : {}),
        });
        return { listing: toListing(changed) };
      });
    },
    async changeStatus(
      organizationId: string,
      id: string,
      to: StandardStatus,
    ): Promise<{ listing: Listing } | Refusal<StandardStatus> | undefined> {
      const at = now();
      const outcome = await moveAlong<StandardStatus, ListingRow>(db, {
        table: 'listings',
        statusColumn: 'standard_status',
        stamps: ['status_changed_at', 'modified_at'],
        organizationId,
        id,
        to,
        transitions: LISTING_TRANSITIONS,
        at,
        // The viewings' lock first, as a viewing request takes it: a withdrawal and a request never both win.
        lock: (tx) => lockFor(tx, 'viewingsOfListing', id),
        event: (row) => ({ action: 'listing.status_changed', detail: { from: row.standard_status, to } }),
        async after(tx) {
          if (!OFF_MARKET.includes(to)) return;
          await cancelOpenViewings(tx, organizationId, id);
          await withdrawAll(tx, organizationId, id, at);
        },
      });
      return outcome && ('moved' in outcome ? { listing: toListing(outcome.moved) } : outcome);
    },
  };
}

export type ListingStore = ReturnType<typeof createListingStore>;
