/**
 * The Platform API's listings and viewings (contract tags Listings and Viewings), on the listing and
 * viewing stores. A refused move answers 409 `transition_not_allowed` naming where the resource may
 * go; values that parse but cannot be used answer 422 `unprocessable` naming the field.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { createListingArea } from '../../core/listings/listing-area.js';
import type { StandardStatus, ViewingStatus } from '../../core/listings/transitions.js';
import type { Answer, Operation, OperationContext } from './operation.js';
import { onlyFor, refused, unprocessable } from './answers.js';
import { pageAnswer as page } from './pagination.js';

type Schemas = components['schemas'];
type ListingOperation =
  | 'listListings'
  | 'createListing'
  | 'getListing'
  | 'updateListing'
  | 'changeListingStatus'
  | 'listViewings'
  | 'requestViewing'
  | 'getViewing'
  | 'confirmViewing'
  | 'declineViewing'
  | 'completeViewing'
  | 'markViewingNoShow'
  | 'cancelViewing'
  | 'rescheduleViewing'
  | 'getAgentAnalytics';

/** An agency's listing area: listings, viewings, media, distributions, partner sites, agents, reset and analytics. */
export type ListingArea = ReturnType<typeof createListingArea>;

const notFound = (what: 'listing' | 'viewing', id: unknown, list: string): Answer => ({
  problem: 'not_found',
  detail: `No ${what} ${String(id)} belongs to this organization. List them with GET ${list}.`,
});
/** A booking's outcome as an answer: the viewing (201), or why not. */
function booked(outcome: Awaited<ReturnType<ListingArea['viewings']['request']>>): Answer {
  if ('viewing' in outcome) return { status: 201, body: outcome.viewing };
  if ('errors' in outcome) return unprocessable(outcome.errors);
  if ('slotTaken' in outcome)
    return {
      problem: 'slot_taken',
      detail: `The listing's slot overlaps viewing ${outcome.slotTaken}, which holds it: choose another time (GET /viewings?listingId=… shows the booked ones).`,
    };
  return {
    problem: 'listing_unavailable',
    detail: `The listing is ${outcome.unavailable}: only active listings and those under contract take viewings.`,
  };
}

export function createListingOperations(area: ListingArea): Record<ListingOperation, Operation> {
  const org = (ctx: OperationContext) => ctx.key.organization;
  // Listings are an agency's: other organizations have none.
  const agencyOnly = onlyFor('agency', 'listings or viewings', area);
  const move = (to: ViewingStatus, verb: string) =>
    agencyOnly(async (ctx, { viewings }) => {
      const outcome = await viewings.move(org(ctx), String(ctx.params.viewingId), to);
      if (!outcome) return notFound('viewing', ctx.params.viewingId, '/viewings');
      return 'refused' in outcome ? refused(outcome, verb) : { body: outcome.viewing };
    });

  return {
    listListings: agencyOnly(async (ctx, { listings }) =>
      page(
        await listings.list(
          org(ctx),
          ctx.params.standardStatus as StandardStatus | undefined,
          ctx.params.listAgentId as string | undefined,
        ),
        ctx,
      ),
    ),
    createListing: agencyOnly(async (ctx, { listings }) => {
      const outcome = await listings.create(org(ctx), ctx.org.agent?.id, ctx.body as Schemas['ListingCreate']);
      return 'errors' in outcome ? unprocessable(outcome.errors) : { status: 201, body: outcome.listing };
    }),
    getListing: agencyOnly(async (ctx, { listings }) => {
      const listing = await listings.get(org(ctx), String(ctx.params.listingId));
      return listing ? { body: listing } : notFound('listing', ctx.params.listingId, '/listings');
    }),
    updateListing: agencyOnly(async (ctx, { listings }) => {
      const outcome = await listings.update(
        org(ctx),
        String(ctx.params.listingId),
        ctx.body as Schemas['ListingUpdate'],
      );
      if (!outcome) return notFound('listing', ctx.params.listingId, '/listings');
      return 'refused' in outcome ? refused(outcome, 'change') : { body: outcome.listing };
    }),
    changeListingStatus: agencyOnly(async (ctx, { listings }) => {
      const to = (ctx.body as Schemas['ListingStatusChange']).standardStatus;
      const outcome = await listings.changeStatus(org(ctx), String(ctx.params.listingId), to);
      if (!outcome) return notFound('listing', ctx.params.listingId, '/listings');
      return 'refused' in outcome ? refused(outcome, `become ${to}`) : { body: outcome.listing };
    }),
    listViewings: agencyOnly(async (ctx, { viewings }) =>
      page(
        await viewings.list(org(ctx), {
          listingId: ctx.params.listingId as string | undefined,
          status: ctx.params.status as ViewingStatus | undefined,
        }),
        ctx,
      ),
    ),
    requestViewing: agencyOnly(async (ctx, { viewings }) =>
      booked(await viewings.request(org(ctx), ctx.body as Schemas['ViewingCreate'])),
    ),
    getViewing: agencyOnly(async (ctx, { viewings }) => {
      const viewing = await viewings.get(org(ctx), String(ctx.params.viewingId));
      return viewing ? { body: viewing } : notFound('viewing', ctx.params.viewingId, '/viewings');
    }),
    confirmViewing: move('confirmed', 'be confirmed'),
    declineViewing: move('declined', 'be declined'),
    completeViewing: move('completed', 'be completed'),
    markViewingNoShow: move('no_show', 'be marked a no-show'),
    cancelViewing: move('cancelled', 'be cancelled'),
    getAgentAnalytics: agencyOnly(async (ctx, area) => {
      const agentId = (ctx.params.agentId as string | undefined) ?? ctx.org.agent?.id;
      if (!agentId || !(await area.agents.get(org(ctx), agentId)))
        return {
          problem: 'not_found',
          detail: agentId
            ? `No agent ${agentId} belongs to this agency. List them with GET /agents.`
            : `${ctx.org.organization.name} has no active agent yet: add one with POST /agents.`,
        };
      return { body: await area.analytics(org(ctx), agentId) };
    }),
    rescheduleViewing: agencyOnly(async (ctx, { viewings }) => {
      const outcome = await viewings.reschedule(
        org(ctx),
        String(ctx.params.viewingId),
        ctx.body as Schemas['ViewingReschedule'],
      );
      if (!outcome) return notFound('viewing', ctx.params.viewingId, '/viewings');
      return 'refused' in outcome ? refused(outcome, 'be rescheduled') : booked(outcome);
    }),
  };
}
