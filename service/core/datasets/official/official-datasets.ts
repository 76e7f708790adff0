/**
 * The official datasets the service's estimates rest on: who publishes each, where an operator
 * downloads it, its licence, and the attribution every estimate made from it carries.
 */
export type OfficialDataset = 'hdb_resale' | 'hdb_rental' | 'ura_sales' | 'ura_rentals' | 'onemap_addresses';

export interface DatasetSource {
  title: string;
  publisher: string;
  /** Where an operator downloads it. */
  url: string;
  licence: { name: string; url: string };
  /** The sentence an estimate made from it carries: `{date}` is when the file was accessed. */
  attribution: string;
}

const OPEN_DATA_LICENCE = {
  name: 'Singapore Open Data Licence version 1.0',
  url: 'https://data.gov.sg/open-data-licence',
};
const URA_TERMS = { name: 'URA Data Service Terms of Use', url: 'https://www.ura.gov.sg/maps/api/' };

const fromDataGovSg = (title: string) =>
  `Contains information from the ${title} dataset accessed from data.gov.sg on {date}, made available under the terms of the Singapore Open Data Licence version 1.0.`;
const fromUra = (title: string) =>
  `Contains ${title} data from the URA Data Service accessed on {date}, used under the URA Data Service Terms of Use.`;

export const OFFICIAL_DATASETS: Record<OfficialDataset, DatasetSource> = {
  hdb_resale: {
    title: 'Resale Flat Prices',
    publisher: 'Housing & Development Board',
    url: 'https://data.gov.sg/datasets?query=resale+flat+prices',
    licence: OPEN_DATA_LICENCE,
    attribution: fromDataGovSg('Resale Flat Prices'),
  },
  hdb_rental: {
    title: 'Renting Out of Flats',
    publisher: 'Housing & Development Board',
    url: 'https://data.gov.sg/datasets?query=renting+out+of+flats',
    licence: OPEN_DATA_LICENCE,
    attribution: fromDataGovSg('Renting Out of Flats'),
  },
  ura_sales: {
    title: 'Private Residential Property Transactions',
    publisher: 'Urban Redevelopment Authority',
    url: 'https://www.ura.gov.sg/maps/api/#private-residential-properties',
    licence: URA_TERMS,
    attribution: fromUra('Private Residential Property Transactions'),
  },
  ura_rentals: {
    title: 'Private Residential Properties Rental Contract',
    publisher: 'Urban Redevelopment Authority',
    url: 'https://www.ura.gov.sg/maps/api/#private-residential-properties-rental-contract',
    licence: URA_TERMS,
    attribution: fromUra('Private Residential Properties Rental Contract'),
  },
  onemap_addresses: {
    title: 'OneMap addresses',
    publisher: 'Singapore Land Authority',
    url: 'https://www.onemap.gov.sg/apidocs/search',
    licence: { name: 'OneMap Terms of Use', url: 'https://www.onemap.gov.sg/legal/termsofuse.html' },
    attribution: 'Addresses and coordinates from OneMap, Singapore Land Authority, accessed on {date}.',
  },
};

/**
 * Where imported figures come from: an operator's official files, the sandbox's generated world, or the
 * generated sample files a development live values (npm run start:live). Only official ones credit a publisher.
 */
export type ImportOrigin = 'official' | 'generated' | 'sample';
