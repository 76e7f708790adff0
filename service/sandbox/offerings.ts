/**
 * What the service offers, by the contract's product kinds (a kind without words here is a type
 * error): the same kinds the Platform API's products carry, said for a person.
 */
import type { components } from '../../contract/generated/platform.js';

type ProductKind = components['schemas']['ProductKind'];

/** `path` is under the service's own pages (the widget host): where a person starts with the product. */
export const OFFERINGS: Record<ProductKind, { name: string; description: string; path: string }> = {
  valuations: {
    name: 'Valuations',
    description:
      'A sale or rent estimate for any Singapore home, with its range, confidence and comparable transactions: on the service’s valuation pages, in the free widget for websites, through the Platform API and here.',
    path: '',
  },
  listings: {
    name: 'Listings',
    description: 'Agencies keep their listings, media and statuses with the Platform API (RESO field names).',
    path: 'console/platform-keys',
  },
  partner_site: {
    name: 'Partner sites',
    description: 'Portals show the listings agencies distribute to them.',
    path: 'console/platform-keys',
  },
  viewings: {
    name: 'Viewings',
    description: 'Buyers and tenants request viewings; agencies confirm them; a slot is never booked twice.',
    path: 'console/platform-keys',
  },
  developer_inventory: {
    name: 'Developer inventory',
    description: 'Developers publish inventory batches and price lists, take showflat bookings and route leads.',
    path: 'console/platform-keys',
  },
  official_datasets: {
    name: 'Official-source datasets',
    description: 'Resale and rental transactions with their source, licence and as-of date, a property at a time.',
    path: 'console/platform-keys',
  },
  mortgage_journeys: {
    name: 'Mortgage journeys',
    description:
      'A buyer’s mortgage from what the published MAS and HDB rules allow, through approval in principle, the valuation and the letter of offer, to completion: with the Platform API, and the rules alone here.',
    path: 'console/platform-keys',
  },
  service_operations: {
    name: 'Service operations',
    description:
      'The work agencies arrange for the homes they list (inspections, repairs, cleaning, photography, key handovers, moves), each a service order from request to schedule to report.',
    path: 'console/platform-keys',
  },
};
