/**
 * The Platform API's media of listings (tag Listings) and of projects (tag Developers), on the one
 * media store: addresses kept in the order added, never fetched, at most 50 per listing or project.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { MediaOwner, MediaStore } from '../../core/media/media-store.js';
import { unprocessable } from './answers.js';
import type { Inventory } from '../../core/inventory/inventory.js';
import { developerOnly } from './inventory-operations.js';
import type { ListingArea } from './listing-operations.js';
import type { Answer, Operation, OperationContext } from './operation.js';
import { pageAnswer as page } from './pagination.js';

type MediaOperation =
  | 'listListingMedia'
  | 'addListingMedia'
  | 'removeListingMedia'
  | 'listProjectMedia'
  | 'addProjectMedia'
  | 'removeProjectMedia';

type Owned = (ctx: OperationContext, media: MediaStore, owner: MediaOwner) => Promise<Answer>;

/** The three operations on one owner's media, once the owner is found. */
function mediaOf(find: (run: Owned) => Operation) {
  const org = (ctx: OperationContext) => ctx.key.organization;
  return {
    list: find(async (ctx, media, owner) => page(await media.list(org(ctx), owner), ctx)),
    add: find(async (ctx, media, owner) => {
      const outcome = await media.add(org(ctx), owner, ctx.body as components['schemas']['MediaCreate']);
      return 'media' in outcome ? { status: 201, body: outcome.media } : unprocessable(outcome.errors);
    }),
    remove: find(async (ctx, media, owner) => {
      const removed = await media.remove(org(ctx), owner, String(ctx.params.mediaId));
      return removed
        ? { body: removed }
        : { problem: 'not_found', detail: `The ${owner.kind} ${owner.id} has no media ${String(ctx.params.mediaId)}.` };
    }),
  };
}

export function createMediaOperations(
  listingArea: ListingArea,
  inventory: Inventory,
): Record<MediaOperation, Operation> {
  const onListing =
    (run: Owned): Operation =>
    async (ctx) => {
      if (ctx.org.organization.kind !== 'agency')
        return { problem: 'not_found', detail: `${ctx.org.organization.name} has no listings in this sandbox.` };
      const id = String(ctx.params.listingId);
      if (!(await listingArea.listings.get(ctx.key.organization, id)))
        return {
          problem: 'not_found',
          detail: `No listing ${id} belongs to this organization. List them with GET /listings.`,
        };
      return run(ctx, listingArea.media, { kind: 'listing', id });
    };
  const onProject = (run: Owned): Operation =>
    developerOnly(async (ctx, area) => {
      const id = String(ctx.params.projectId);
      if (!ctx.org.projects.some((p) => p.id === id))
        return {
          problem: 'not_found',
          detail: `No project ${id} belongs to this developer. List them with GET /developers/current/projects.`,
        };
      return run(ctx, area.media, { kind: 'project', id });
    }, inventory);
  const listing = mediaOf(onListing);
  const project = mediaOf(onProject);
  return {
    listListingMedia: listing.list,
    addListingMedia: listing.add,
    removeListingMedia: listing.remove,
    listProjectMedia: project.list,
    addProjectMedia: project.add,
    removeProjectMedia: project.remove,
  };
}
