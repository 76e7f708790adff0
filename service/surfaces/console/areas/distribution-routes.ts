/**
 * The console's Distribution page, for agencies: each listing on each partner site, shown or
 * withdrawn after asking, as the Platform API's distribution operations do it.
 */
import { Hono } from 'hono';
import { actingAsPerson } from '../../../core/events/acting.js';
import { roleMay } from '../../../core/grants/roles.js';
import { DISTRIBUTABLE } from '../../../core/listings/distribution-store.js';
import type { createListingArea } from '../../../core/listings/listing-area.js';
import { publicSite } from '../../../core/directory/partner-site-store.js';
import { html } from '../../../web/html.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { kindOnly } from '../kind-only.js';
import { distributionPage } from '../pages/distribution.js';
import { messagePage } from '../pages/frame.js';
import { confirmPage } from '../pages/key-confirmations.js';

type ListingArea = ReturnType<typeof createListingArea>;
type Action = 'distribute' | 'withdraw';

export function distributionRoutes(area: ListingArea) {
  const app = new Hono<ConsoleEnv>({ strict: false });
  const mayChange = (c: { var: ConsoleEnv['Variables'] }) => roleMay(c.var.session.user!.role, 'listings.write');
  const NOTICES: Record<string, string> = {
    distribute: 'Shown: the partner site lists it from now on.',
    withdraw: 'Withdrawn: the partner site no longer shows it.',
  };

  app.use('/distribution', kindOnly('agency', 'listings', 'listings.read'));
  app.use('/distribution/*', kindOnly('agency', 'listings', 'listings.read'));

  app.get('/distribution', async (c) => {
    const org = c.var.actor.organizationId;
    const listings = await area.listings.list(org);
    const partnerSites = await area.partnerSites.list();
    const rows = await Promise.all(
      listings.map(async (listing) => {
        const live = new Set(
          (await area.distributions.list(org, listing.id))
            .filter((d) => d.status === 'live')
            .map((d) => d.partnerSiteId),
        );
        const sites = partnerSites.map((site) => ({
          site: publicSite(site),
          live: live.has(site.id),
          takes:
            DISTRIBUTABLE.includes(listing.standardStatus) &&
            site.accepts.modes.includes(listing.mode) &&
            site.accepts.propertyTypes.includes(listing.propertyType),
        }));
        return { listing, sites };
      }),
    );
    return page(
      distributionPage(c.var.session, { rows, mayChange: mayChange(c), notice: NOTICES[c.req.query('notice') ?? ''] }),
    );
  });

  const PATH = '/distribution/:listing{lst_[a-z0-9]+}/:site{ps_[a-z0-9]+}/:action{distribute|withdraw}';
  const refusedRole = () =>
    page(messagePage('Not changed', 'Your role reads where listings are shown; ask an owner to change it.'), 403);
  const found = async (c: { var: ConsoleEnv['Variables']; req: { param: (name: string) => string } }) => {
    const listing = await area.listings.get(c.var.actor.organizationId, c.req.param('listing'));
    const site = await area.partnerSites.get(c.req.param('site'));
    return listing && site && { listing, site, action: c.req.param('action') as Action };
  };
  const nothing = () =>
    page(
      messagePage('No such listing or site', 'See the distribution page for your listings and the partner sites.'),
      404,
    );

  app.get(PATH, async (c) => {
    const target = await found(c);
    if (!target) return nothing();
    if (!mayChange(c)) return refusedRole();
    const { listing, site, action } = target;
    const show = action === 'distribute';
    return page(
      confirmPage(
        c.var.session,
        show ? `Show this listing on ${site.name}?` : `Withdraw this listing from ${site.name}?`,
        html`<p>${listing.unparsedAddress} (${listing.id}). ${show ? `${site.name} lists it from now on, until you withdraw it or it leaves the market.` : `${site.name} stops showing it; you can show it there again later.`}</p>`,
        {
          url: `/console/distribution/${listing.id}/${site.id}/${action}`,
          label: show ? `Show on ${site.name}` : `Withdraw from ${site.name}`,
          danger: !show,
        },
        '/console/distribution',
      ),
    );
  });

  app.post(PATH, async (c) => {
    const target = await found(c);
    if (!target) return nothing();
    const { listing, site, action } = target;
    const { actor } = c.var;
    if (action === 'withdraw') {
      const withdrawn = await actingAsPerson(actor.userId, () =>
        area.distributions.withdraw(actor.organizationId, listing.id, site.id),
      );
      if (!withdrawn) return page(messagePage('Not shown there', `${site.name} was not showing this listing.`), 409);
      return redirect('/console/distribution?notice=withdraw');
    }
    const outcome = await actingAsPerson(actor.userId, () =>
      area.distributions.distribute(actor.organizationId, listing.id, site),
    );
    if (!outcome) return nothing();
    if ('unavailable' in outcome)
      return page(
        messagePage(
          'Not shown',
          `The listing is ${outcome.unavailable.replaceAll('_', ' ')} now: partner sites show only active, under-contract and coming-soon listings.`,
        ),
        409,
      );
    if ('errors' in outcome) return page(messagePage('Not shown', `${outcome.errors[0]!.detail}.`), 422);
    return redirect(`/console/distribution?notice=${action}`);
  });

  return app;
}
