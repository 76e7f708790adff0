/**
 * The Platform API's mortgage journeys (contract tag Mortgages), on their store: started with the
 * published rules' answer, then moved step by step; a valuation from the one estimate engine, counted
 * as one of the key's valuations, as GET /valuations/… counts it.
 */
import type { components } from '../../../contract/generated/platform.js';
import {
  JOURNEY_TRANSITIONS,
  type JourneyStatus,
  type JourneyStore,
  type Step,
} from '../../core/mortgages/journey-store.js';
import type { EstimateEngine } from '../../core/estimates/engine.js';
import type { MeteredEstimate } from '../../core/valuations/metered-estimate.js';
import { refused, unprocessable } from './answers.js';
import type { Answer, Operation, OperationContext } from './operation.js';
import { pageAnswer as page } from './pagination.js';

type Schemas = components['schemas'];
type MortgageOperation =
  | 'listMortgageJourneys'
  | 'startMortgageJourney'
  | 'getMortgageJourney'
  | 'recordMortgageApproval'
  | 'recordMortgageValuation'
  | 'recordMortgageOffer'
  | 'acceptMortgageOffer'
  | 'completeMortgageJourney'
  | 'declineMortgageJourney'
  | 'withdrawMortgageJourney';

const noJourney = (id: unknown): Answer => ({
  problem: 'not_found',
  detail: `No mortgage journey ${String(id)} belongs to this organization. List them with GET /mortgage-journeys.`,
});
const VERBS: Record<Step['to'], string> = {
  approved_in_principle: 'be approved in principle',
  valued: 'be valued',
  offered: 'be offered a loan',
  accepted: 'accept an offer',
  completed: 'complete',
  declined: 'be declined',
  withdrawn: 'be withdrawn',
};

export function createMortgageOperations(
  journeys: JourneyStore,
  engine: EstimateEngine,
  estimates: MeteredEstimate,
): Record<MortgageOperation, Operation> {
  const org = (ctx: OperationContext) => ctx.key.organization;
  const moved = async (ctx: OperationContext, step: Step): Promise<Answer> => {
    const outcome = await journeys.move(org(ctx), String(ctx.params.journeyId), step);
    if (!outcome) return noJourney(ctx.params.journeyId);
    if ('refused' in outcome) return refused(outcome, VERBS[step.to]);
    return 'errors' in outcome ? unprocessable(outcome.errors) : { body: outcome.journey };
  };
  const close = (to: 'declined' | 'withdrawn') => (ctx: OperationContext) =>
    moved(ctx, { to, reason: (ctx.body as Schemas['MortgageJourneyClose']).reason?.trim() });

  return {
    listMortgageJourneys: async (ctx) =>
      page(await journeys.list(org(ctx), { status: ctx.params.status as JourneyStatus | undefined }), ctx),
    startMortgageJourney: async (ctx) => {
      const input = ctx.body as Schemas['MortgageJourneyCreate'];
      const known = input.propertyId !== undefined && engine.homes.byId.has(input.propertyId);
      const outcome = await journeys.start(org(ctx), input, known);
      return 'journey' in outcome ? { status: 201, body: outcome.journey } : unprocessable(outcome.errors);
    },
    getMortgageJourney: async (ctx) => {
      const journey = await journeys.get(org(ctx), String(ctx.params.journeyId));
      return journey ? { body: journey } : noJourney(ctx.params.journeyId);
    },
    recordMortgageApproval: (ctx) =>
      moved(ctx, { to: 'approved_in_principle', approval: ctx.body as Schemas['MortgageApprovalCreate'] }),
    recordMortgageValuation: async (ctx) => {
      const { amount } = ctx.body as Schemas['MortgageValuationCreate'];
      if (amount !== undefined)
        return moved(ctx, {
          to: 'valued',
          valuation: { amount, source: 'lender_valuer', estimateLow: null, estimateHigh: null },
        });
      // The service's own estimate, asked for only when the journey, read just before, may be valued: a
      // refused move costs no valuation. (Two valuations of one journey sent at once may each spend one;
      // the second is then refused.)
      const row = await journeys.row(org(ctx), String(ctx.params.journeyId));
      if (!row) return noJourney(ctx.params.journeyId);
      const allowed = JOURNEY_TRANSITIONS[row.status];
      if (!allowed.includes('valued')) return refused({ refused: { from: row.status, allowed } }, VERBS.valued);
      if (!row.property_id)
        return unprocessable([
          { parameter: 'body.amount', detail: 'this journey names no home to estimate: give the valuer’s figure' },
        ]);
      const answer = await estimates({
        propertyId: row.property_id,
        mode: 'sale',
        count: {
          kind: 'platform_estimate',
          subject: ctx.key.id ?? ctx.key.sha256,
          startsAt: ctx.key.valuationsUsedToday,
        },
      });
      if ('problem' in answer) {
        return answer.problem === 'quota_exceeded'
          ? {
              problem: 'quota_exceeded',
              detail: `This key has used its ${answer.limit.toLocaleString('en')} valuations for today; the limit resets at ${answer.resetAt}. Give the valuer’s figure as amount instead.`,
              extra: { resetAt: answer.resetAt },
              headers: { 'Retry-After': String(answer.retryAfter) },
            }
          : unprocessable([
              { parameter: 'body.amount', detail: 'the service cannot estimate this home: give the valuer’s figure' },
            ]);
      }
      const { value, low, high } = answer.estimate;
      return moved(ctx, {
        to: 'valued',
        valuation: { amount: value, source: 'service_estimate', estimateLow: low, estimateHigh: high },
      });
    },
    recordMortgageOffer: (ctx) => moved(ctx, { to: 'offered', offer: ctx.body as Schemas['MortgageOfferCreate'] }),
    acceptMortgageOffer: (ctx) => moved(ctx, { to: 'accepted' }),
    completeMortgageJourney: (ctx) => moved(ctx, { to: 'completed' }),
    declineMortgageJourney: close('declined'),
    withdrawMortgageJourney: close('withdrawn'),
  };
}
