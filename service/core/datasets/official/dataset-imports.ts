/** The official files loaded (dataset_imports), as the Platform API lists them: newest first, with source and licence. */
import type { components } from '../../../../contract/generated/platform.js';
import type { Database } from '../../../db/database.js';
import { OFFICIAL_DATASETS, type OfficialDataset } from './official-datasets.js';

export type DatasetImportObject = components['schemas']['DatasetImport'];

interface Row {
  id: string;
  dataset: OfficialDataset;
  file_name: string;
  file_sha256: string;
  rows_read: number;
  rows_added: number;
  rows_skipped: number;
  newest_month: string | null;
  imported_at: Date;
}

export function createDatasetImports(db: Pick<Database, 'query'>) {
  return {
    async list(): Promise<DatasetImportObject[]> {
      const rows = await db.query<Row>('select * from dataset_imports order by imported_at desc, id desc');
      return rows.map((row) => {
        const source = OFFICIAL_DATASETS[row.dataset];
        const importedAt = new Date(row.imported_at).toISOString();
        return {
          object: 'dataset_import',
          id: row.id,
          dataset: row.dataset,
          title: source.title,
          publisher: source.publisher,
          source: { name: `${source.title}, ${source.publisher}`, url: source.url },
          licence: source.licence,
          attribution: source.attribution.replace('{date}', importedAt.slice(0, 10)),
          fileName: row.file_name,
          fileSha256: row.file_sha256,
          rowsRead: row.rows_read,
          rowsAdded: row.rows_added,
          rowsSkipped: row.rows_skipped,
          newestMonth: row.newest_month,
          importedAt,
        };
      });
    },
  };
}
