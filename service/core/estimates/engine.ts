/**
 * The one estimate engine every surface shares (the widget host, the Platform API, MCP, the public
 * valuation page): the homes it was given, their search index, and estimates with the service's
 * attribution and the datasets each rests on.
 */
import type { AreaUnit } from '../../../src/format/format.js';
import type { Words } from '../../../src/words/words.js';
import type { components } from '../../../contract/generated/widget-host.js';
import { estimateOf, type Valuation } from './estimate.js';
import { type HdbData, hdbValuations } from './hdb-estimate.js';
import type { DataSource, Homes, PropertyRecord } from './homes.js';
import { homeTypesOf } from './home-types.js';
import { comparablesValuer } from './comparables-valuer.js';
import { areaRange, type HomeAsked } from './parameters.js';
import { type Refusal, refusalsOf } from './refusals.js';
import { buildIndex, MAX_SUGGESTIONS, suggest } from './search.js';

type Estimate = components['schemas']['Estimate'];
type Mode = components['schemas']['Mode'];

export interface EngineOptions {
  /** Where the service's own pages live; attribution links point here. Ends with `/`. */
  serviceUrl: string;
  now?: () => Date;
  /** The homes and transactions it values from: the sandbox's world, or the official files imported. */
  homes: Homes;
  /** HDB's own files, when imported: HDB flats are then valued by the HDB model and the declared rents. */
  hdb?: HdbData;
  /** The datasets an estimate of each kind rests on (imported data); none for the sandbox's world. */
  sources?: (propertyType: PropertyRecord['propertyType'], mode: Mode) => DataSource[];
}

export type EstimateOutcome =
  | { estimate: Estimate }
  | { problem: 'not_found' }
  /** Nothing to value it from, and why (refusals.ts). */
  | { problem: 'no_comparables'; reason: Refusal; property: PropertyRecord }
  /** The home asked for is not one this home can be (a floor area far from its type's, a storey above its block's). */
  | {
      problem: 'invalid_home';
      parameter: 'storey' | 'floorAreaSqm';
      detail: string;
      /** What the parameter may be for this home. */
      bounds: { min: number; max: number };
    };

export function createEstimateEngine(options: EngineOptions) {
  const now = options.now ?? (() => new Date());
  const { homes } = options;
  const types = homeTypesOf(homes);
  // One entry per address, as its most traded kind: the estimate lists the others.
  const index = buildIndex({ properties: types.shown });
  const hdb = options.hdb && hdbValuations(homes, options.hdb);
  // HDB flats are valued by the HDB model when HDB's files are loaded; every other home from its comparables.
  const fromComparables = comparablesValuer(homes, options.hdb ? 'hdb' : undefined);
  const refusalOf = refusalsOf(homes);
  const value = (subject: PropertyRecord, mode: Mode, storey?: number): Valuation | undefined =>
    (subject.propertyType === 'hdb' ? hdb?.[mode](subject, storey) : undefined) ??
    fromComparables(subject, mode, storey);
  return {
    homes,
    now,
    serviceUrl: options.serviceUrl,
    /** Up to 8 suggestions (or `limit`) for an address, postal code or condo name, best first, in `said`'s words. */
    search: (query: string, limit?: number, unit?: AreaUnit, said?: Words) => suggest(index, query, limit, unit, said),
    /**
     * A property search as the APIs answer it (Platform API and MCP): the first 8, and whether more
     * matched. Never paged, so that the APIs cannot be walked for bulk collection.
     */
    searchPage(query: string) {
      const found = suggest(index, query, MAX_SUGGESTIONS + 1);
      const data = found.slice(0, MAX_SUGGESTIONS);
      return { object: 'list' as const, query, data, hasMore: found.length > MAX_SUGGESTIONS, nextCursor: null };
    },
    /**
     * The estimate for a home as of today, at the storey and floor area asked (its type's typical area
     * otherwise): one answer for every surface.
     */
    estimate(propertyId: string, mode: Mode, asked: HomeAsked = {}): EstimateOutcome {
      const property = homes.byId.get(propertyId);
      if (!property) return { problem: 'not_found' };
      const typical = property.floorAreaSqm;
      const area = asked.floorAreaSqm;
      const { min, max } = areaRange(typical);
      if (area !== undefined && (area < min || area > max))
        return {
          problem: 'invalid_home',
          parameter: 'floorAreaSqm',
          detail: `floorAreaSqm must lie within half and twice the ${typical} m² this home's type typically measures: from ${min} to ${max}.`,
          bounds: { min, max },
        };
      const top = options.hdb?.topStorey.get(property.id);
      if (asked.storey !== undefined && top !== undefined && asked.storey > top)
        return {
          problem: 'invalid_home',
          parameter: 'storey',
          detail: `storey must be at most ${top}, the highest storey this block's sales name.`,
          bounds: { min: 1, max: top },
        };
      const subject = { ...property, floorAreaSqm: area ?? typical };
      const valuation = value(subject, mode, asked.storey);
      if (!valuation) return { problem: 'no_comparables', reason: refusalOf(property, mode), property };
      const sources = options.sources?.(property.propertyType, mode);
      const context = {
        today: now(),
        serviceUrl: options.serviceUrl,
        sources,
        asked,
        typicalFloorAreaSqm: typical,
        unitTypes: types.of(property.id),
      };
      return { estimate: estimateOf(homes, subject, mode, valuation, context) };
    },
  };
}

export type EstimateEngine = ReturnType<typeof createEstimateEngine>;
