/**
 * The sandbox agency's mortgage journeys, one at each step worth trying a move from: their
 * affordability worked out by the same rules as any journey's, their buyers and lenders made up.
 */
import type { components } from '../../contract/generated/platform.js';
import { affordability, instalment } from '../core/finance/affordability.js';
import type { Database } from '../db/database.js';
import { LISTING_AGENCY } from './listings.js';

type Schemas = components['schemas'];
const CREATED = '2026-11-01T02:00:00.000Z';
const input = (propertyPrice: number, monthlyIncome: number) =>
  ({ propertyPrice, monthlyIncome, propertyType: 'hdb', loanType: 'bank', tenureYears: 25 }) as const;
const approval = (amount: number): Schemas['MortgageApproval'] => ({
  lender: 'Sandbox Bank',
  amount,
  validUntil: '2027-06-30',
  approvedAt: '2026-11-03T02:00:00.000Z',
});
const valuation: Schemas['MortgageValuation'] = {
  amount: 612_000,
  source: 'lender_valuer',
  estimateLow: null,
  estimateHigh: null,
  valuedAt: '2026-11-06T02:00:00.000Z',
};
const offer = (loanAmount: number): Schemas['MortgageOffer'] => ({
  loanAmount,
  interestRatePercent: 2.9,
  tenureYears: 25,
  monthlyInstalment: Math.round(instalment(loanAmount, 2.9, 25)),
  offeredAt: '2026-11-10T02:00:00.000Z',
});

export const JOURNEY_FIXTURES = [
  {
    id: 'mtg_0001',
    status: 'affordability_checked',
    name: 'Tan Wei Ming',
    email: 'weiming@example.com',
    input: input(600_000, 9_000),
  },
  {
    id: 'mtg_0002',
    status: 'approved_in_principle',
    name: 'Lim Hui Min',
    email: 'huimin@example.com',
    input: input(600_000, 9_000),
    approval: approval(450_000),
  },
  {
    id: 'mtg_0003',
    status: 'valued',
    name: 'Nur Aisyah',
    email: 'aisyah@example.com',
    input: input(600_000, 10_000),
    approval: approval(450_000),
    valuation,
  },
  {
    id: 'mtg_0004',
    status: 'offered',
    name: 'Rajesh Kumar',
    email: 'rajesh@example.com',
    input: input(600_000, 10_000),
    approval: approval(450_000),
    valuation,
    offer: offer(440_000),
  },
  {
    id: 'mtg_0005',
    status: 'completed',
    name: 'Chen Jia Hui',
    email: 'jiahui@example.com',
    input: input(600_000, 12_000),
    approval: approval(450_000),
    valuation,
    offer: offer(450_000),
    acceptedAt: '2026-11-12T02:00:00.000Z',
    completedAt: '2026-11-20T02:00:00.000Z',
  },
] as const;

export async function insertJourneyFixtures(tx: Pick<Database, 'query'>) {
  for (const j of JOURNEY_FIXTURES) {
    const stepOf = (key: 'approval' | 'valuation' | 'offer') =>
      key in j ? JSON.stringify(j[key as keyof typeof j]) : null;
    await tx.query(
      `insert into mortgage_journeys (id, organization_id, status, buyer_name, buyer_email, property_id,
         affordability_input, affordability, approval, valuation, offer, accepted_at, completed_at, created_at, updated_at)
       values ($1, $2, $3, $4, $5, 'hdb-560102-4-room', $6, $7, $8, $9, $10, $11, $12, $13, $13) on conflict (id) do nothing`,
      [
        j.id,
        LISTING_AGENCY,
        j.status,
        j.name,
        j.email,
        JSON.stringify(j.input),
        JSON.stringify(affordability(j.input)),
        stepOf('approval'),
        stepOf('valuation'),
        stepOf('offer'),
        'acceptedAt' in j ? j.acceptedAt : null,
        'completedAt' in j ? j.completedAt : null,
        CREATED,
      ],
    );
  }
}
