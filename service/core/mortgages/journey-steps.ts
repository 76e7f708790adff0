/**
 * A mortgage journey's steps: the figures each one brings, checked against the published rules
 * (core/finance) and the steps before it, and what each records beside the status it reaches.
 */
import type { components } from '../../../contract/generated/platform.js';
import { formatMoney } from '../../../src/format/format.js';
import {
  affordability,
  instalment,
  problemInAffordability,
  type AffordabilityInput,
} from '../finance/affordability.js';
import { singaporeDay } from '../calendar/singapore-day.js';

type Schemas = components['schemas'];
export type JourneyStatus = Schemas['MortgageJourneyStatus'];
export interface FieldError {
  parameter: string;
  detail: string;
}

export interface JourneyRow {
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

export function problemsInStep(row: JourneyRow, step: Step, at: Date): FieldError[] {
  const today = singaporeDay(at);
  if (step.to === 'approved_in_principle') {
    const { amount, validUntil } = step.approval;
    const errors: FieldError[] = [];
    if (amount > row.affordability.maxLoan)
      errors.push({
        parameter: 'body.amount',
        detail: `more than the largest loan the rules allow (${formatMoney(row.affordability.maxLoan)}, limited by the ${ruleName(row.affordability)})`,
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
          detail: `more than the approval in principle (${formatMoney(row.approval!.amount)})`,
        },
      ];
    if (loanAmount > allowed.maxLoan)
      return [
        {
          parameter: 'body.loanAmount',
          detail: `more than the rules allow on the lower of the price and the valuation (${formatMoney(lower)}): at most ${formatMoney(allowed.maxLoan)}, limited by the ${ruleName(allowed)}`,
        },
      ];
  }
  return [];
}

/** What the step writes beside the status, and the figure its event names. */
export function recordOfStep(step: Step, at: Date): { set: Record<string, unknown>; amount?: number } {
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
