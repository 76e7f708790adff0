/**
 * A home the engine could not value, as the widget host answers it: the site owner's reason in English,
 * and the visitor's sentence in their language (a storey or floor area with the field to correct).
 */
import type { EstimateOutcome } from '../../core/estimates/engine.js';
import type { Mode } from '../../core/estimates/parameters.js';
import { refusalInEnglish } from '../../core/estimates/refusals.js';
import { homeProblemForVisitor, refusalForVisitor } from '../../core/estimates/service-words.js';
import type { Language } from '../../../src/api/types.js';
import type { failure, HostResponse } from './exchange.js';

type Refused = Exclude<EstimateOutcome, { estimate: unknown }>;

export function refusedHome(
  fail: ReturnType<typeof failure>,
  refused: Refused,
  id: string,
  mode: Mode,
  language: Language,
): HostResponse {
  switch (refused.problem) {
    case 'not_found':
      return fail('not_found', `No property has the id ${id}.`);
    case 'invalid_home':
      return fail('invalid_request', refused.detail, {
        parameter: refused.parameter,
        visitorMessage: homeProblemForVisitor(language, refused.parameter, refused.bounds),
      });
    case 'no_comparables':
      return fail('no_comparables', refusalInEnglish(refused.reason, mode, refused.property), {
        visitorMessage: refusalForVisitor(language, refused.reason, mode),
      });
  }
}
