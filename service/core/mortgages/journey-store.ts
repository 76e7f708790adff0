/**
 * Buyers' mortgage journeys: started with what the published rules allow (core/finance, the same
 * answer as MCP's `mortgage_affordability`), then moved along the contract's `x-transitions` of
 * MortgageJourneyStatus, each move checking its figures against the rules and the steps before it,
 * and recording its step, its audit entry and its `mortgage_journey.*` event in one transaction.
 */
import platform from '../../../contract/platform.openapi.json' with { type: 'json' };
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { newTimeOrderedId } from '../../db/ids.js';
import { ownedRow, roomInOrganization } from '../../db/organization-rows.js';
import { moveAlong } from '../events/move-along.js';
import { recordChange, serviceActor } from '../events/record-change.js';
import {
  affordability,
  instalment,
  problemInAffordability,
  type AffordabilityInput,
} from '../finance/affordability.js';

type Schemas = components['schemas'];
export type MortgageJourney = Schemas['MortgageJourney'];
export type JourneyStatus = Schemas['MortgageJourneyStatus'];
export const JOURNEY_TRANSITIONS = platform.components.schemas.MortgageJourneyStatus['x-transitions'] as Record<
  JourneyStatus,
  JourneyStatus[]
>;
/** Most journeys one organization keeps. */
export const MAX_JOURNEYS = 1000;

export interface FieldError {
  parameter: string;
  detail: string;
}
type Refusal = { refused: { from: JourneyStatus; allowed: JourneyStatus[] } };
type Outcome = { journey: MortgageJourney } | { errors: FieldError[] } | Refusal | undefined;

interface Row {
  id: string;
  status: JourneyStatus;
  buyer_name: string;
  buyer_email: string;
  property_id: string | null;
  affordability_input: AffordabilityInput;
  affordability: Schemas['MortgageAffordability'];
  approval: Schemas['MortgageApproval'] | null;
  valuation: Schemas['MortgageValuation'] | null;
  offer: Schemas['MortgageOffer'] | null;
  accepted_at: Date | null;
  completed_at: Date | null;
  closed_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);
const toJourney = (row: Row): MortgageJourney => ({
  object: 'mortgage_journey',
  id: row.id,
  status: row.status,
  allowedTransitions: JOURNEY_TRANSITIONS[row.status],
  buyer: { name: row.buyer_name, email: row.buyer_email },
  propertyId: row.property_id,
  affordability: row.affordability,
  approval: row.approval,
  valuation: row.valuation,
  offer: row.offer,
  acceptedAt: iso(row.accepted_at),
  completedAt: iso(row.completed_at),
  closedReason: row.closed_reason,
  createdAt: iso(row.created_at)!,
  updatedAt: iso(row.updated_at)!,
});
const money = (sgd: number) => `S$${sgd.toLocaleString('en')}`;
/** Today in Singapore, where the approvals' days are counted (YYYY-MM-DD). */
const singaporeDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
/** A calendar day that exists (`2026-02-31` does not), as YYYY-MM-DD. */
const isDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
const ruleName = (a: Schemas['MortgageAffordability']) => a.rules.find((r) => r.id === a.limitedBy)!.name.toLowerCase();

/** A step's figures, each checked against the rules and the steps before it; a field error for each that fails. */
export type Step =
  | { to: 'approved_in_principle'; approval: Schemas['MortgageApprovalCreate'] }
  | { to: 'valued'; valuation: Omit<Schemas['MortgageValuation'], 'valuedAt'> }
  | { to: 'offered'; offer: Schemas['MortgageOfferCreate'] }
  | { to: 'accepted' | 'completed' }
  | { to: 'declined' | 'withdrawn'; reason?: string };

function problemsIn(row: Row, step: Step, today: string): FieldError[] {
  if (step.to === 'approved_in_principle') {
    const { amount, validUntil } = step.approval;
    const errors: FieldError[] = [];
    if (amount > row.affordability.maxLoan)
      errors.push({
        parameter: 'body.amount',
        detail: `more than the largest loan the rules allow (${money(row.affordability.maxLoan)}, limited by the ${ruleName(row.affordability)})`,
      });
    if (!isDay(validUntil) || validUntil < today)
      errors.push({ parameter: 'body.validUntil', detail: `a day from today (${today}, Singapore) on, as YYYY-MM-DD` });
    if (!step.approval.lender.trim()) errors.push({ parameter: 'body.lender', detail: 'must hold more than spaces' });
    return errors;
  }
  if (step.to === 'offered') {
    const { loanAmount, interestRatePercent, tenureYears } = step.offer;
    const lower = Math.min(row.affordability.propertyPrice, row.valuation!.amount);
    const input = { ...row.affordability_input, propertyPrice: lower, tenureYears, interestRatePercent };
    const tenure = problemInAffordability(input);
    if (tenure) return [{ parameter: 'body.tenureYears', detail: tenure }];
    const allowed = affordability(input);
    if (row.approval!.validUntil < today)
      return [
        {
          parameter: 'body',
          detail: `the approval in principle ran out on ${row.approval!.validUntil}: decline or withdraw this journey and start another`,
        },
      ];
    if (loanAmount > row.approval!.amount)
      return [
        {
          parameter: 'body.loanAmount',
          detail: `more than the approval in principle (${money(row.approval!.amount)})`,
        },
      ];
    if (loanAmount > allowed.maxLoan)
      return [
        {
          parameter: 'body.loanAmount',
          detail: `more than the rules allow on the lower of the price and the valuation (${money(lower)}): at most ${money(allowed.maxLoan)}, limited by the ${ruleName(allowed)}`,
        },
      ];
  }
  return [];
}

/** What the step writes beside the status, and the figure its event names. */
function recordOf(step: Step, at: Date): { set: Record<string, unknown>; amount?: number } {
  switch (step.to) {
    case 'approved_in_principle':
      return {
        set: { approval: { ...step.approval, lender: step.approval.lender.trim(), approvedAt: at.toISOString() } },
        amount: step.approval.amount,
      };
    case 'valued':
      return { set: { valuation: { ...step.valuation, valuedAt: at.toISOString() } }, amount: step.valuation.amount };
    case 'offered': {
      const { loanAmount, interestRatePercent, tenureYears } = step.offer;
      const monthlyInstalment = Math.round(instalment(loanAmount, interestRatePercent, tenureYears));
      return { set: { offer: { ...step.offer, monthlyInstalment, offeredAt: at.toISOString() } }, amount: loanAmount };
    }
    case 'accepted':
      return { set: { accepted_at: at } };
    case 'completed':
      return { set: { completed_at: at } };
    default:
      return { set: { closed_reason: step.reason?.trim() || null } };
  }
}

const eventDetail = (row: Row, status: JourneyStatus, amount?: number, from?: JourneyStatus) => ({
  status,
  ...(from && { from }),
  ...(amount !== undefined && { amount }),
  propertyId: row.property_id,
});

export function createJourneyStore(db: Database, now = () => new Date()) {
  return {
    async list(organizationId: string, filter: { status?: JourneyStatus } = {}) {
      const rows = await db.query<Row>(
        `select * from mortgage_journeys where organization_id = $1 and ($2::text is null or status = $2) order by id`,
        [organizationId, filter.status ?? null],
      );
      return rows.map(toJourney);
    },
    async get(organizationId: string, id: string) {
      const row = await ownedRow<Row>(db, 'mortgage_journeys', organizationId, id);
      return row && toJourney(row);
    },
    async start(
      organizationId: string,
      input: Schemas['MortgageJourneyCreate'],
      propertyKnown: boolean,
    ): Promise<{ journey: MortgageJourney } | { errors: FieldError[] }> {
      const problem = problemInAffordability(input.affordability);
      if (problem) return { errors: [{ parameter: 'body.affordability', detail: problem }] };
      if (!input.buyer.name.trim())
        return { errors: [{ parameter: 'body.buyer.name', detail: 'must hold more than spaces' }] };
      if (input.propertyId !== undefined && !propertyKnown)
        return {
          errors: [
            { parameter: 'body.propertyId', detail: 'no home has this id (find one with GET /valuations/properties)' },
          ],
        };
      const answer = affordability(input.affordability);
      return db.transaction(async (tx) => {
        if (!(await roomInOrganization(tx, 'mortgage_journeys', organizationId, MAX_JOURNEYS)))
          return {
            errors: [{ parameter: 'body', detail: `an organization keeps at most ${MAX_JOURNEYS} mortgage journeys` }],
          };
        const at = now();
        const [row] = await tx.query<Row>(
          `insert into mortgage_journeys (id, organization_id, status, buyer_name, buyer_email, property_id,
             affordability_input, affordability, created_at, updated_at)
           values ($1, $2, 'affordability_checked', $3, $4, $5, $6, $7, $8, $8) returning *`,
          [
            newTimeOrderedId('mtg'),
            organizationId,
            input.buyer.name.trim(),
            input.buyer.email.trim(),
            input.propertyId ?? null,
            JSON.stringify(input.affordability),
            JSON.stringify(answer),
            at,
          ],
        );
        await recordChange(
          tx,
          serviceActor(organizationId),
          'mortgage_journey.started',
          row!.id,
          eventDetail(row!, 'affordability_checked', answer.maxLoan),
        );
        return { journey: toJourney(row!) };
      });
    },
    /** The journey's row as it stands, for a step that needs it before moving (the valuation asks the estimate engine). */
    row: (organizationId: string, id: string) => ownedRow<Row>(db, 'mortgage_journeys', organizationId, id),
    async move(organizationId: string, id: string, step: Step): Promise<Outcome> {
      // Checked on the row as read, then moved under its lock: a step's figures depend only on steps
      // written before the status it moves from, and those never change again.
      const seen = await ownedRow<Row>(db, 'mortgage_journeys', organizationId, id);
      if (!seen) return undefined;
      if (!JOURNEY_TRANSITIONS[seen.status].includes(step.to))
        return { refused: { from: seen.status, allowed: JOURNEY_TRANSITIONS[seen.status] } };
      const at = now();
      const errors = problemsIn(seen, step, singaporeDay(at));
      if (errors.length) return { errors };
      const { set, amount } = recordOf(step, at);
      const outcome = await moveAlong<JourneyStatus, Row>(db, {
        table: 'mortgage_journeys',
        organizationId,
        id,
        to: step.to,
        transitions: JOURNEY_TRANSITIONS,
        at,
        event: (before) => ({
          action: `mortgage_journey.${step.to}` as const,
          detail: eventDetail(before, step.to, amount, before.status),
        }),
        set,
      });
      if (!outcome) return undefined;
      return 'refused' in outcome ? outcome : { journey: toJourney(outcome.moved) };
    },
  };
}

export type JourneyStore = ReturnType<typeof createJourneyStore>;
