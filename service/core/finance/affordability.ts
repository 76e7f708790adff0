/**
 * How much a person may borrow for a Singapore home and what it costs a month, by the published rules
 * in mortgage-rules.json (loan-to-value, total and mortgage servicing ratios at the stress-test rate,
 * the longest tenure), each answered with its source and effective date: a rule change is a data change.
 */
import type { components } from '../../../contract/generated/platform.js';
import published from './mortgage-rules.json' with { type: 'json' };

type Answer = components['schemas']['MortgageAffordability'];
type RuleAnswer = Answer['rules'][number];
export interface AffordabilityInput {
  propertyPrice: number;
  monthlyIncome: number;
  otherMonthlyDebt?: number;
  propertyType: 'hdb' | 'condo' | 'landed';
  loanType: 'hdb' | 'bank';
  tenureYears: number;
  /** Percent a year; the sandbox's assumed rates by default (HDB's concessionary 2.6 %, a bank's 3 %). */
  interestRatePercent?: number;
}

const ASSUMED_RATE = { hdb: 2.6, bank: 3 };
const rule = (id: RuleAnswer['id']) => published.rules.find((r) => r.id === id)!;

/** The monthly instalment of a loan, and the loan a monthly instalment repays (an annuity). */
export const instalment = (loan: number, ratePercent: number, years: number) => {
  const r = ratePercent / 100 / 12;
  const n = years * 12;
  return r === 0 ? loan / n : (loan * r) / (1 - (1 + r) ** -n);
};
const loanFor = (monthly: number, ratePercent: number, years: number) => monthly / instalment(1, ratePercent, years);

/** Why the input cannot be answered, or undefined. */
export function problemInAffordability(input: AffordabilityInput): string | undefined {
  if (input.loanType === 'hdb' && input.propertyType !== 'hdb') return 'an HDB loan is for HDB flats only';
  const tenure = rule('max_tenure');
  const longest =
    input.loanType === 'hdb'
      ? tenure.hdbLoan!.value
      : input.propertyType === 'hdb'
        ? tenure.hdbFlat!.value
        : tenure.private!.value;
  if (input.tenureYears > longest) return `tenureYears may be at most ${longest} for this loan (${tenure.source.name})`;
  return undefined;
}

export function affordability(input: AffordabilityInput): Answer {
  const { propertyPrice, monthlyIncome, loanType, tenureYears, propertyType } = input;
  const rate = input.interestRatePercent ?? ASSUMED_RATE[loanType];
  const stress = Math.max(rate, rule('stress_rate')[loanType]!.value);
  const ltvRule = rule('ltv');
  const longTenure =
    loanType === 'bank' &&
    tenureYears >
      (propertyType === 'hdb' ? ltvRule.bank!.longTenureAfterYearsHdbFlat! : ltvRule.bank!.longTenureAfterYears!);
  const ltv =
    loanType === 'hdb' ? ltvRule.hdb!.value : longTenure ? ltvRule.bank!.longTenureValue! : ltvRule.bank!.value;
  const tdsr = rule('tdsr').value!;
  const msr = rule('msr').value!;
  const debt = input.otherMonthlyDebt ?? 0;

  const limits: { id: 'ltv' | 'tdsr' | 'msr'; loan: number }[] = [{ id: 'ltv', loan: propertyPrice * ltv }];
  if (loanType === 'bank')
    limits.push({ id: 'tdsr', loan: loanFor(Math.max(0, monthlyIncome * tdsr - debt), stress, tenureYears) });
  if (propertyType === 'hdb') limits.push({ id: 'msr', loan: loanFor(monthlyIncome * msr, stress, tenureYears) });
  const binding = limits.reduce((least, l) => (l.loan < least.loan ? l : least));
  const maxLoan = Math.max(0, Math.floor(binding.loan / 1000) * 1000);

  const answer = (id: RuleAnswer['id'], value: number, applies: boolean): RuleAnswer => ({
    id,
    name: rule(id).name,
    value,
    applies,
    source: rule(id).source,
    effectiveFrom: rule(id).effectiveFrom,
  });
  return {
    object: 'mortgage_affordability',
    propertyPrice,
    loanType,
    tenureYears,
    interestRatePercent: rate,
    stressRatePercent: stress,
    maxLoan,
    limitedBy: binding.id,
    monthlyInstalment: Math.round(instalment(maxLoan, rate, tenureYears)),
    downPayment: propertyPrice - maxLoan,
    rules: [
      answer('ltv', ltv, binding.id === 'ltv'),
      answer('tdsr', tdsr, binding.id === 'tdsr'),
      answer('msr', msr, binding.id === 'msr'),
      answer('stress_rate', rule('stress_rate')[loanType]!.value, stress > rate),
      answer('max_tenure', tenureYears, false),
    ],
    source: { name: 'MAS and HDB published housing loan rules', url: 'https://www.mas.gov.sg/' },
    asOf: published.asOf,
    licence: {
      name: 'Public information of the Monetary Authority of Singapore and HDB',
      url: 'https://www.mas.gov.sg/terms-of-use',
    },
    synthetic: true,
  };
}
