/** What an estimate credits: the newest official import of each dataset, as its licence asks to be named. */
import type { Database } from '../../../db/database.js';
import type { LoadedDataset } from '../../estimates/homes.js';
import { OFFICIAL_DATASETS, type OfficialDataset } from './official-datasets.js';

/** The newest import of each dataset, as its attribution names it. */
export async function sourcesOf(db: Pick<Database, 'query'>): Promise<Map<OfficialDataset, LoadedDataset>> {
  const imports = await db.query<{ dataset: OfficialDataset; imported_at: Date }>(
    `select dataset, max(imported_at) as imported_at from dataset_imports where origin = 'official'
      group by dataset order by dataset`,
  );
  return new Map(
    imports.map(({ dataset, imported_at }) => {
      const source = OFFICIAL_DATASETS[dataset];
      const day = new Date(imported_at).toISOString().slice(0, 10);
      const { title, url, licence } = source;
      return [dataset, { text: source.attribution.replace('{date}', day), url, title, licence }];
    }),
  );
}
