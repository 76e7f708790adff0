/** `GET /v1/suggestions`: the homes a query finds, within the visitor's and the key's rates. */
import type { AreaUnit } from '../../../src/format/format.js';
import * as problemIn from '../../../src/api/generated/checks.js';
import { SearchQueryLength } from '../../../src/api/generated/checks.js';
import { catalogueFor } from '../../core/estimates/catalogues.js';
import type { EstimateEngine } from '../../core/estimates/engine.js';
import type { createTokenBuckets } from '../../core/metering/token-bucket.js';
import type { Asking } from './asking.js';
import { type HostRequest, type HostResponse, respond } from './exchange.js';
import type { Magic } from './host-options.js';

export interface SuggestionParts {
  engine: Pick<EstimateEngine, 'search'>;
  byAddress: ReturnType<typeof createTokenBuckets>;
  byKey: ReturnType<typeof createTokenBuckets>;
  magic?: Magic;
}

export async function suggestionsAnswer(
  request: HostRequest,
  { key, language, fail, allow }: Asking,
  parts: SuggestionParts,
): Promise<HostResponse> {
  const { searchParams } = request.url;
  const q = (searchParams.get('q') ?? '').trim();
  const { min, max } = SearchQueryLength;
  if (q.replace(/\s/g, '').length < min || problemIn.SearchQuery(q))
    return fail('invalid_request', `q must have ${min} to ${max} characters.`);
  const unit = searchParams.get('unit') ?? 'sqft';
  if (problemIn.AreaUnit(unit)) return fail('invalid_request', 'unit must be sqft or sqm.');
  // The key's shared budget is taken only when the address's own allows: one address cannot drain it.
  const wait = (await parts.byAddress.take(request.clientAddress ?? 'unknown')) || (await parts.byKey.take(key.id));
  if (wait)
    return fail(
      'rate_limited',
      `Too many suggestion requests from one visitor or for this key; wait ${wait} s. The widget never sends this many: this looks like a script (bulk collection is not allowed).`,
      {},
      { 'Retry-After': String(wait), 'Access-Control-Expose-Headers': 'Retry-After' },
    );
  const magic = parts.magic?.suggestions(q);
  if (magic?.error) return fail(magic.error, 'Sandbox: the failure you asked for.');
  const suggestions = magic
    ? magic.suggestions
    : parts.engine.search(q, undefined, unit as AreaUnit, await catalogueFor(language));
  return respond(200, { query: q, suggestions }, allow, magic?.delayMs ?? 0);
}
