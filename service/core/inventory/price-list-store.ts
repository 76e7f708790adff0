/**
 * A project's price lists: numbered versions, each from its `effectiveFrom` (a Singapore date) until
 * the day before the next one's. A version is never changed; a new price is a new version. The next
 * number is taken under a per-project advisory lock, so racing publications get consecutive numbers.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { newTimeOrderedId } from '../../db/ids.js';
import { recordChange, serviceActor } from '../events/record-change.js';
import { type FieldError, noSuchProject, problemInUnitType, type Project } from './project-checks.js';
import { lockFor } from '../../db/locks.js';
import { addDays, singaporeDay } from '../calendar/singapore-day.js';

type Schemas = components['schemas'];
export type PriceList = Schemas['PriceList'];
type Price = Schemas['PriceListCreate']['prices'][number];

const SQFT_PER_SQM = 10.7639;
/** Most versions one project keeps in the sandbox. */
export const MAX_VERSIONS = 100;

interface Row {
  id: string;
  project_id: string;
  version: number;
  /** YYYY-MM-DD, as the queries below write it. */
  effective_from: string;
  prices: Price[] | string;
  created_at: Date;
}
const COLUMNS = `id, project_id, version, to_char(effective_from, 'YYYY-MM-DD') as effective_from, prices, created_at`;

/** A version as the API answers it, knowing the next version's start and today's date. */
function toPriceList(row: Row, project: Project, next: Row | undefined, today: string): PriceList {
  const effectiveFrom = row.effective_from;
  const effectiveUntil = next ? addDays(next.effective_from, -1) : null;
  const prices = (typeof row.prices === 'string' ? JSON.parse(row.prices) : row.prices) as Price[];
  return {
    object: 'price_list',
    id: row.id,
    projectId: row.project_id,
    version: row.version,
    currency: 'SGD',
    effectiveFrom,
    effectiveUntil,
    inEffect: effectiveFrom <= today && (effectiveUntil === null || today <= effectiveUntil),
    prices: prices.map(({ unitType, priceFrom }) => {
      const sqm = project.unitTypes.find((u) => u.name === unitType)?.floorAreaSqm ?? 0;
      return { unitType, priceFrom, pricePsfFrom: sqm ? Math.round(priceFrom / (sqm * SQFT_PER_SQM)) : 0 };
    }),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function createPriceListStore(db: Database, now = () => new Date()) {
  const versions = (q: Pick<Database, 'query'>, organizationId: string, projectId: string) =>
    q.query<Row>(`select ${COLUMNS} from price_lists where organization_id = $1 and project_id = $2 order by version`, [
      organizationId,
      projectId,
    ]);
  const answer = (rows: Row[], project: Project) =>
    rows.map((row, i) => toPriceList(row, project, rows[i + 1], singaporeDay(now())));

  return {
    /** Every version, version 1 first; with `effectiveOn`, only the one that applies that day. */
    async list(organizationId: string, project: Project, effectiveOn?: string) {
      const all = answer(await versions(db, organizationId, project.id), project);
      if (!effectiveOn) return all;
      return all.filter(
        (p) => p.effectiveFrom <= effectiveOn && (!p.effectiveUntil || effectiveOn <= p.effectiveUntil),
      );
    },
    async get(organizationId: string, project: Project, id: string) {
      return (await this.list(organizationId, project)).find((p) => p.id === id);
    },
    async publish(
      organizationId: string,
      project: Project | undefined,
      input: Schemas['PriceListCreate'],
    ): Promise<{ priceList: PriceList } | { errors: FieldError[] }> {
      if (!project) return { errors: [noSuchProject('projectId')] };
      const errors: FieldError[] = [];
      const seen = new Set<string>();
      input.prices.forEach(({ unitType }, i) => {
        const parameter = `body.prices[${i}].unitType`;
        const problem = problemInUnitType(project, unitType, parameter);
        if (problem) errors.push(problem);
        else if (seen.has(unitType)) errors.push({ parameter, detail: `${unitType} is priced twice` });
        seen.add(unitType);
      });
      const today = singaporeDay(now());
      const from = input.effectiveFrom;
      if (Number.isNaN(new Date(`${from}T00:00:00Z`).getTime()) || addDays(from, 0) !== from)
        errors.push({ parameter: 'body.effectiveFrom', detail: 'must be a day of the calendar (YYYY-MM-DD)' });
      else if (from < today)
        errors.push({ parameter: 'body.effectiveFrom', detail: `must be today (${today}, Singapore) or later` });
      else if (from > addDays(today, 365))
        errors.push({ parameter: 'body.effectiveFrom', detail: 'must be at most 365 days ahead' });
      if (errors.length) return { errors };

      return db.transaction(async (tx) => {
        await lockFor(tx, 'priceListsOfProject', project.id);
        const rows = await versions(tx, organizationId, project.id);
        const latest = rows.at(-1);
        if (latest && from <= latest.effective_from)
          return {
            errors: [
              {
                parameter: 'body.effectiveFrom',
                detail: `must be after ${latest.effective_from}, when version ${latest.version} takes effect`,
              },
            ],
          };
        if (rows.length >= MAX_VERSIONS)
          return { errors: [{ parameter: 'body', detail: `a project keeps at most ${MAX_VERSIONS} versions` }] };
        const [row] = await tx.query<Row>(
          `insert into price_lists (id, organization_id, project_id, version, effective_from, prices, created_at)
           values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
          [
            newTimeOrderedId('prl'),
            organizationId,
            project.id,
            (latest?.version ?? 0) + 1,
            from,
            JSON.stringify(input.prices.map(({ unitType, priceFrom }) => ({ unitType, priceFrom }))),
            now(),
          ],
        );
        await recordChange(tx, serviceActor(organizationId), 'price_list.published', row!.id, {
          projectId: project.id,
          version: row!.version,
          effectiveFrom: from,
        });
        return { priceList: toPriceList(row!, project, undefined, today) };
      });
    },
  };
}

export type PriceListStore = ReturnType<typeof createPriceListStore>;
