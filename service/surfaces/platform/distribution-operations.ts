/**
 * The Platform API's distribution of listings to partner sites (tag Listings): an agency shows its
 * listings on the sites and takes them back; a partner site's own key reads what is live on it.
 */
import { publicSite } from '../../core/directory/partner-site-store.js';
import { onlyFor, unprocessable } from './answers.js';
import type { ListingArea } from './listing-operations.js';
import type { Answer, Operation, OperationContext } from './operation.js';
import { pageAnswer as page } from './pagination.js';

type DistributionOperation =
  | 'listPartnerSites'
  | 'listListingDistributions'
  | 'distributeListing'
  | 'withdrawListingDistribution'
  | 'listDistributedListings';

const noListing = (id: unknown): Answer => ({
  problem: 'not_found',
  detail: `No listing ${String(id)} belongs to this organization. List them with GET /listings.`,
});
const noSite = (id: unknown): Answer => ({
  problem: 'not_found',
  detail: `No partner site ${String(id)}. List them with GET /partner-sites.`,
});

export function createDistributionOperations(area: ListingArea): Record<DistributionOperation, Operation> {
  const org = (ctx: OperationContext) => ctx.key.organization;
  const withArea = (
    operation: (ctx: OperationContext, area: ListingArea) => Promise<Answer>,
    kind: 'agency' | 'partner_site' = 'agency',
  ): Operation => onlyFor(kind, kind === 'agency' ? 'listings to distribute' : 'distributed listings', area)(operation);
  const site = (ctx: OperationContext) => area.partnerSites.get(String(ctx.params.partnerSiteId));

  return {
    listPartnerSites: async (ctx) => page((await area.partnerSites.list()).map(publicSite), ctx),
    listListingDistributions: withArea(async (ctx, { listings, distributions }) => {
      const id = String(ctx.params.listingId);
      if (!(await listings.get(org(ctx), id))) return noListing(id);
      return page(await distributions.list(org(ctx), id), ctx);
    }),
    distributeListing: withArea(async (ctx, { distributions }) => {
      const partner = await site(ctx);
      if (!partner) return noSite(ctx.params.partnerSiteId);
      const outcome = await distributions.distribute(org(ctx), String(ctx.params.listingId), partner);
      if (!outcome) return noListing(ctx.params.listingId);
      if ('distribution' in outcome) return { body: outcome.distribution };
      if ('errors' in outcome) return unprocessable(outcome.errors);
      return {
        problem: 'listing_unavailable',
        detail: `The listing is ${outcome.unavailable}: only listings that are active, under contract or coming soon go to partner sites.`,
      };
    }),
    withdrawListingDistribution: withArea(async (ctx, { distributions }) => {
      if (!(await site(ctx))) return noSite(ctx.params.partnerSiteId);
      const withdrawn = await distributions.withdraw(
        org(ctx),
        String(ctx.params.listingId),
        String(ctx.params.partnerSiteId),
      );
      return withdrawn
        ? { body: withdrawn }
        : {
            problem: 'not_found',
            detail: `The listing ${String(ctx.params.listingId)} of this organization was never distributed to ${String(ctx.params.partnerSiteId)}.`,
          };
    }),
    listDistributedListings: withArea(async (ctx, { listings }) => {
      const own = ctx.org.partnerSite;
      return own ? page(await listings.distributedTo(own.id), ctx) : noSite('of this organization');
    }, 'partner_site'),
  };
}
