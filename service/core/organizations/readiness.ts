/**
 * Readiness for live access: each onboarding step computed from what the organization has done in
 * the sandbox (its tables named as the sandbox's, so live reads the same steps; never ticked by hand), and the integration review the steps gate. The review's moves
 * are the contract's (`x-transitions` of IntegrationReviewStatus). Nobody decides their own
 * organization's review: the service's staff decide those of real accounts' organizations; the
 * sandbox's own organizations are decided on the sandbox reviewer's part of their page.
 */
import { TRANSITIONS } from '../state-machines/transitions.js';
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { type Actor, recordChange } from '../events/record-change.js';
import { lockFor } from '../../db/locks.js';
import { reviewDossier } from './review-dossier.js';

export type Onboarding = components['schemas']['Onboarding'];
type StepId = components['schemas']['OnboardingStepId'];
export type ReviewStatus = components['schemas']['IntegrationReviewStatus'];

export const REVIEW_TRANSITIONS = TRANSITIONS.IntegrationReviewStatus;

/** Each step: what to do and where; when it was first done is public.sandbox_onboarding_steps (the sandbox's seeded keys never count). */
const STEPS: { id: StepId; name: string; help: string }[] = [
  { id: 'platform_key_created', name: 'Make a platform key', help: 'API Console, Platform keys' },
  { id: 'widget_key_with_origin', name: 'Make a widget key for your website', help: 'API Console, Widget keys' },
  {
    id: 'webhook_endpoint_verified',
    name: 'Receive a test event at a webhook endpoint',
    help: 'API Console, Webhooks: Send test event',
  },
  {
    id: 'valuation_called',
    name: 'Call the valuation route with your platform key',
    help: 'GET /v1/valuations/properties/{propertyId}/estimate',
  },
];

/** Who hears of a review's move, in its transaction (accounts/review-mail.ts). */
export type ReviewNotice = (
  tx: Pick<Database, 'query'>,
  organizationId: string,
  to: ReviewStatus,
  note: string | undefined,
) => Promise<void>;

type ReviewRow = { status: ReviewStatus; requested_at: Date | null; decided_at: Date | null; note: string | null };
const iso = (at: Date | null | undefined) => (at ? new Date(at).toISOString() : null);

/** Readiness without the database (the API in a test without one): nothing done yet. */
export const notStarted = (): Onboarding => ({
  status: 'not_started',
  steps: STEPS.map(({ id, name, help }) => ({ id, name, help, done: false, completedAt: null })),
  review: { status: 'not_requested', requestedAt: null, decidedAt: null, note: null },
});

export function createReadiness(
  db: Database,
  now = () => new Date(),
  /** Who hears of a move, in its transaction (accounts/review-mail.ts). */
  notify?: ReviewNotice,
) {
  async function review(q: Pick<Database, 'query'>, organizationId: string): Promise<ReviewRow> {
    const [row] = await q.query<ReviewRow>('select * from integration_reviews where organization_id = $1', [
      organizationId,
    ]);
    return row ?? { status: 'not_requested', requested_at: null, decided_at: null, note: null };
  }

  const holdsLiveKey = async (organizationId: string) =>
    (await db.query('select 1 from live_keys_held where organization_id = $1 limit 1', [organizationId])).length > 0;

  /** Whether the organization may work in live: real accounts' (never the sandbox's shared ones), its review approved. */
  async function mayGoLive(organizationId: string): Promise<boolean> {
    const [row] = await db.query<{ people: string }>('select people from organizations where id = $1', [
      organizationId,
    ]);
    return row?.people === 'accounts' && (await review(db, organizationId)).status === 'approved';
  }

  async function of(organizationId: string): Promise<Onboarding> {
    const firstDone = await db.query<{ step: StepId; at: Date }>(
      'select step, at from sandbox_onboarding_steps where organization_id = $1',
      [organizationId],
    );
    const steps = STEPS.map(({ id, name, help }) => {
      const at = firstDone.find((row) => row.step === id)?.at;
      return { id, name, help, done: Boolean(at), completedAt: iso(at) };
    });
    const r = await review(db, organizationId);
    const done = steps.filter((s) => s.done).length;
    // Approved is not yet live: live is when the organization holds a live key it has not revoked.
    const status: Onboarding['status'] =
      r.status === 'approved'
        ? (await holdsLiveKey(organizationId))
          ? 'live'
          : 'approved'
        : r.status === 'in_review'
          ? 'in_review'
          : done === steps.length
            ? 'ready_for_review'
            : done
              ? 'in_progress'
              : 'not_started';
    return {
      status,
      steps,
      review: { status: r.status, requestedAt: iso(r.requested_at), decidedAt: iso(r.decided_at), note: r.note },
    };
  }

  /** Moves the review, recorded; refused when the move is not allowed or, to request it, a step is not done. */
  async function move(
    actor: Actor,
    to: ReviewStatus,
    note?: string,
  ): Promise<{ onboarding: Onboarding } | { refused: ReviewStatus[] } | { missing: string[] }> {
    if (to === 'in_review') {
      const missing = (await of(actor.organizationId)).steps.filter((s) => !s.done).map((s) => s.name);
      if (missing.length) return { missing };
    }
    const outcome = await db.transaction(async (tx) => {
      await lockFor(tx, 'reviewOfOrganization', actor.organizationId);
      const current = await review(tx, actor.organizationId);
      const allowed = REVIEW_TRANSITIONS[current.status];
      if (!allowed.includes(to)) return { refused: allowed };
      const at = now();
      await tx.query(
        `insert into integration_reviews (organization_id, status, requested_at, decided_at, note)
         values ($1, $2, $3, $4, $5)
         on conflict (organization_id) do update set status = $2, requested_at = coalesce($3, integration_reviews.requested_at),
           decided_at = $4, note = $5`,
        [
          actor.organizationId,
          to,
          to === 'in_review' ? at : null,
          to === 'in_review' ? null : at,
          note?.trim() || null,
        ],
      );
      await recordChange(tx, actor, `integration_review.${to}`, actor.organizationId, note ? { note } : {});
      await notify?.(tx, actor.organizationId, to, note);
      return undefined;
    });
    return outcome ?? { onboarding: await of(actor.organizationId) };
  }

  /** The reviews the service's staff have to decide: organizations of real accounts, oldest request first. */
  async function awaitingStaff(): Promise<
    { organizationId: string; name: string; requestedAt: string; note: string | null }[]
  > {
    const rows = await db.query<{ organization_id: string; name: string; requested_at: Date; note: string | null }>(
      `select r.organization_id, o.name, r.requested_at, r.note from integration_reviews r join organizations o on o.id = r.organization_id
        where r.status = 'in_review' and o.people = 'accounts' order by r.requested_at`,
    );
    return rows.map((r) => ({
      organizationId: r.organization_id,
      name: r.name,
      requestedAt: new Date(r.requested_at).toISOString(),
      note: r.note,
    }));
  }

  /** What the staff read before deciding (review-dossier.ts). */
  const dossier = (organizationId: string) => reviewDossier(db, organizationId);

  return { of, move, awaitingStaff, mayGoLive, dossier };
}

export type Readiness = ReturnType<typeof createReadiness>;
