/**
 * Buyers' mortgage journeys: started with what the published rules allow (core/finance, the same
 * answer as MCP's `mortgage_affordability`), then moved along the contract's `x-transitions` of
 * MortgageJourneyStatus, each move checking its figures against the rules and the steps before it,
 * and recording its step, its audit entry and its `mortgage_journey.*` event in one transaction.
 */
import { TRANSITIONS } from '../state-machines/transitions.js';
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { newTimeOrderedId } from '../../db/ids.js';
import { ownedRow, roomInOrganization } from '../../db/organization-rows.js';
import { moveAlong } from '../events/move-along.js';
import { recordChange, serviceActor } from '../events/record-change.js';
import { affordability, problemInAffordability } from '../finance/affordability.js';
import {
  type FieldError,
  type JourneyRow as Row,
  type JourneyStatus,
  problemsInStep,
  recordOfStep,
  type Step,
} from './journey-steps.js';

export type { JourneyStatus, Step };
type Schemas = components['schemas'];
export type MortgageJourney = Schemas['MortgageJourney'];
export const JOURNEY_TRANSITIONS = TRANSITIONS.MortgageJourneyStatus;
/** Most journeys one organization keeps. */
export const MAX_JOURNEYS = 1000;

type Refusal = { refused: { from: JourneyStatus; allowed: JourneyStatus[] } };
type Outcome = { journey: MortgageJourney } | { errors: FieldError[] } | Refusal | undefined;

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
      const errors = problemsInStep(seen, step, at);
      if (errors.length) return { errors };
      const { set, amount } = recordOfStep(step, at);
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
