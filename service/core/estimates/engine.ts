/**
 * The one estimate engine every surface shares (the widget host, the Platform API, the public
 * valuation page): the fixtures, the search index, and estimates with the service's attribution.
 */
import type { AreaUnit } from '../../../src/format/format.js';
import type { Words } from '../../../src/words/words.js';
import type { components } from '../../../contract/generated/widget-host.js';
import { estimateProperty } from './estimate.js';
import { generateFixtures, type Fixtures } from '../../sandbox/fixtures/generate.js';
import { buildIndex, MAX_SUGGESTIONS, suggest } from './search.js';

type Estimate = components['schemas']['Estimate'];
type Mode = components['schemas']['Mode'];

export interface EngineOptions {
  /** Where the service's own pages live; attribution links point here. Ends with `/`. */
  serviceUrl: string;
  now?: () => Date;
  fixtures?: Fixtures;
}

export type EstimateOutcome = { estimate: Estimate } | { problem: 'not_found' | 'no_comparables' };

export function createEstimateEngine(options: EngineOptions) {
  const now = options.now ?? (() => new Date());
  const fixtures = options.fixtures ?? generateFixtures();
  const index = buildIndex(fixtures);
  return {
    fixtures,
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
    /** The estimate for a property as of today: one answer for every surface. */
    estimate(propertyId: string, mode: Mode): EstimateOutcome {
      const property = fixtures.byId.get(propertyId);
      if (!property) return { problem: 'not_found' };
      const estimate = estimateProperty(fixtures, property, mode, { today: now(), serviceUrl: options.serviceUrl });
      return estimate ? { estimate } : { problem: 'no_comparables' };
    },
  };
}

export type EstimateEngine = ReturnType<typeof createEstimateEngine>;
