/**
 * The transactions the estimates are made from as a read-only official-source dataset, read one
 * property at a time (never walked whole: the valuation partner terms forbid bulk collection), every
 * answer stating where the records come from, their licence and as-of date: the official datasets
 * imported, or the sandbox's generated world, said to be generated.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Homes } from '../estimates/homes.js';

type Schemas = components['schemas'];
export type Dataset = Schemas['Dataset'];
export type DatasetRecord = Schemas['DatasetRecord'];

export const TRANSACTIONS_DATASET = 'ds_transactions';

/** What the sandbox's records imitate, and under which licence the live ones are published. */
export const TRANSACTIONS_SOURCE = {
  name: 'HDB resale flat prices and URA private residential transactions (modelled; generated for the sandbox)',
  url: 'https://data.gov.sg/',
};
export const TRANSACTIONS_LICENCE = {
  name: 'Singapore Open Data Licence version 1.0',
  url: 'https://data.gov.sg/open-data-licence',
};

const recordId = (propertyId: string, date: string, n: number) =>
  `rec_${propertyId.toLowerCase().replace(/[^a-z0-9]/g, '_')}_${date.replaceAll('-', '')}_${n}`;

/** Where the homes' transactions come from, under which licence, and whether they were generated. */
export function provenanceOf(homes: Pick<Homes, 'sources'>) {
  const loaded = homes.sources.filter((s) => s.title !== 'OneMap addresses');
  if (!loaded.length) return { source: TRANSACTIONS_SOURCE, licence: TRANSACTIONS_LICENCE, generated: true };
  const licences = [...new Map(loaded.map((s) => [s.licence.name, s.licence])).values()];
  return {
    source: { name: loaded.map((s) => s.title).join('; '), url: loaded[0].url },
    licence: { name: licences.map((l) => l.name).join('; '), url: licences[0].url },
    generated: false,
  };
}

export function createDatasets(homes: Homes) {
  const { source, licence, generated } = provenanceOf(homes);
  const provenance: Schemas['DatasetProvenance'] = {
    id: TRANSACTIONS_DATASET,
    source,
    licence,
    asOf: homes.cutOff,
    generated,
  };
  const byProperty = new Map<string, Homes['transactions']>();
  for (const t of homes.transactions) {
    const list = byProperty.get(t.propertyId);
    if (list) list.push(t);
    else byProperty.set(t.propertyId, [t]);
  }
  const dataset: Dataset = {
    object: 'dataset',
    id: TRANSACTIONS_DATASET,
    title: 'Residential sales and rentals',
    description: `Every sale and rental the ${generated ? 'sandbox' : 'service'} estimates from: HDB flats, condominiums and landed homes, five years to the as-of date. Read a property at a time.`,
    source,
    licence,
    asOf: homes.cutOff,
    generated,
    recordCount: homes.transactions.length,
  };
  return {
    provenance,
    list: (): Dataset[] => [dataset],
    get: (id: string) => (id === TRANSACTIONS_DATASET ? dataset : undefined),
    /** One property's records, oldest first; undefined when no property has this id. */
    records(propertyId: string, mode?: 'sale' | 'rent'): DatasetRecord[] | undefined {
      if (!homes.byId.has(propertyId)) return undefined;
      const seen = new Map<string, number>();
      return [...(byProperty.get(propertyId) ?? [])]
        .sort((a, b) => a.date.localeCompare(b.date) || a.mode.localeCompare(b.mode))
        .map((t) => {
          const n = seen.get(t.date) ?? 0;
          seen.set(t.date, n + 1);
          return {
            id: recordId(t.propertyId, t.date, n),
            propertyId: t.propertyId,
            mode: t.mode,
            date: t.date,
            price: Math.round(t.price),
            floorAreaSqm: t.floorAreaSqm,
          };
        })
        .filter((r) => mode === undefined || r.mode === mode);
    },
  };
}

export type Datasets = ReturnType<typeof createDatasets>;
