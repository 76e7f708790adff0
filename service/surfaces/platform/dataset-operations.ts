/**
 * The Platform API's official-source datasets (contract tag Datasets): read-only, one property's
 * records at a time, the dataset's source, licence and as-of date on every answer.
 */
import type { createDatasetImports } from '../../core/datasets/official/dataset-imports.js';
import { createDatasets } from '../../core/datasets/transactions-dataset.js';
import type { Freshness } from '../../core/datasets/freshness.js';
import type { EstimateEngine } from '../../core/estimates/engine.js';
import type { Answer, Operation } from './operation.js';
import { cursorProblem, pageAnswer as page, paginate } from './pagination.js';

type DatasetOperation = 'listDatasets' | 'getDataset' | 'listDatasetRecords' | 'listDatasetImports';

const noDataset = (id: unknown): Answer => ({
  problem: 'not_found',
  detail: `No dataset ${String(id)}. List them with GET /datasets.`,
});

export function createDatasetOperations(
  engine: EstimateEngine,
  imports: ReturnType<typeof createDatasetImports>,
  freshness: Freshness,
): Record<DatasetOperation, Operation> {
  // Built once per set of homes: the engine's are replaced when new data are imported.
  const built = new WeakMap<object, ReturnType<typeof createDatasets>>();
  const current = () => {
    if (!built.has(engine.homes)) built.set(engine.homes, createDatasets(engine.homes));
    return built.get(engine.homes)!;
  };
  return {
    listDatasets: (ctx) => page(current().list(), ctx),
    listDatasetImports: async (ctx) => {
      const answer = page(await imports.list(), ctx, 'newest_first');
      return 'body' in answer ? { body: { ...(answer.body as object), freshness: await freshness.list() } } : answer;
    },
    getDataset: ({ params }) => {
      const dataset = current().get(String(params.datasetId));
      return dataset ? { body: dataset } : noDataset(params.datasetId);
    },
    listDatasetRecords: ({ params }) => {
      const datasets = current();
      if (!datasets.get(String(params.datasetId))) return noDataset(params.datasetId);
      const records = datasets.records(String(params.propertyId), params.mode as 'sale' | 'rent' | undefined);
      if (!records)
        return {
          problem: 'not_found',
          detail: `No property has the id ${String(params.propertyId)}. Find ids with GET /valuations/properties?q=…`,
        };
      const result = paginate(records, Number(params.limit ?? 20), params.cursor as string | undefined);
      return result ? { body: { ...result, dataset: datasets.provenance } } : cursorProblem;
    },
  };
}
