/** An agency's listings on partner sites, in the console: where each is shown, and the change asked for each site. */
import type { components } from '../../../../contract/generated/platform.js';
import type { Session } from '../../../core/organizations/sessions.js';
import { formatMoney } from '../../../../src/format/format.js';
import { cardTable } from '../../../web/card-table.js';
import { type Html, html } from '../../../web/html.js';
import { consolePage } from './frame.js';

type Schemas = components['schemas'];
export interface ListingOnSites {
  listing: Schemas['Listing'];
  /** Each partner site, whether the listing is live there, and whether the site takes it at all. */
  sites: { site: Schemas['PartnerSite']; live: boolean; takes: boolean }[];
}

export function distributionPage(
  session: Session,
  view: { rows: ListingOnSites[]; mayChange: boolean; notice?: string },
): Html {
  const { rows, mayChange, notice } = view;
  const where = ({ sites }: ListingOnSites) => {
    const live = sites.filter((s) => s.live).map((s) => s.site.name);
    return live.length ? live.join(', ') : 'Nowhere';
  };
  const changes = ({ listing, sites }: ListingOnSites) =>
    sites
      .filter((s) => s.live || s.takes)
      .map(
        (s, i) =>
          html`${i ? ' · ' : ''}<a href="/console/distribution/${listing.id}/${s.site.id}/${s.live ? 'withdraw' : 'distribute'}">${s.live ? 'Withdraw from' : 'Show on'} ${s.site.name}<span class="visually-hidden">: ${listing.unparsedAddress}</span></a>`,
      );
  const tableRows = rows.map((row) => [
    html`${row.listing.unparsedAddress}<br><span class="hint">${row.listing.id}</span>`,
    `${row.listing.mode === 'sale' ? 'Sale' : 'Rent'}, ${formatMoney(row.listing.listPrice)}`,
    row.listing.standardStatus.replaceAll('_', ' '),
    where(row),
    ...(mayChange ? [changes(row).length ? changes(row) : 'No site takes it in this status'] : []),
  ]);
  return consolePage(
    'Distribution',
    session,
    html`${notice && html`<p class="notice" role="status">${notice}</p>`}
<p>Partner sites show your active, under-contract and coming-soon listings, each site the kinds of home it takes. A listing that leaves the market is withdrawn from every site by itself. Your integration does the same with the Platform API (<a href="/docs/api#Listings">Listings</a>).</p>
${!mayChange && html`<p class="hint">Your role reads where listings are shown; an owner changes it.</p>`}
${cardTable(
  'Your listings on partner sites',
  [
    { name: 'Listing' },
    { name: 'Price' },
    { name: 'Status' },
    { name: 'Shown on' },
    ...(mayChange ? [{ name: 'Change' }] : []),
  ],
  tableRows,
  'No listings yet.',
)}`,
  );
}
