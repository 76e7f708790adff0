/** The service's staff decide integration reviews, never their own organization's. */
import { Hono } from 'hono';
import type { Memberships } from '../../../core/organizations/memberships.js';
import type { Readiness, ReviewStatus } from '../../../core/organizations/readiness.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { messagePage } from '../pages/frame.js';
import { reviewsPage } from '../pages/reviews.js';

export function reviewRoutes(parts: { readiness: Readiness; memberships: Memberships }) {
  const { readiness, memberships } = parts;
  const app = new Hono<ConsoleEnv>({ strict: false });

  app.use('/reviews/*', async (c, next) => {
    if (!c.var.session.user!.staff)
      return page(
        messagePage('Only for the service’s staff', 'Integration reviews are decided by the service’s staff.'),
        403,
      );
    await next();
  });

  app.get('/reviews', async (c) => {
    const own = new Set((await memberships.of(c.var.actor.userId)).map((m) => m.organizationId));
    const waiting = await Promise.all(
      (await readiness.awaitingStaff()).map(async (r) => ({
        ...r,
        own: own.has(r.organizationId),
        steps: (await readiness.of(r.organizationId)).steps,
        dossier: await readiness.dossier(r.organizationId),
      })),
    );
    const notice =
      c.req.query('notice') === 'decided' ? 'Decided: the organization’s Go live page shows it.' : undefined;
    return page(reviewsPage(c.var.session, waiting, notice));
  });

  app.post('/reviews/:organizationId/decide', async (c) => {
    const organizationId = c.req.param('organizationId');
    const decision = c.var.form!.get('decision');
    if (decision !== 'approved' && decision !== 'changes_requested')
      return page(messagePage('Not decided', 'Choose Approve or Request changes.'), 400);
    const waiting = (await readiness.awaitingStaff()).find((r) => r.organizationId === organizationId);
    if (!waiting)
      return page(
        messagePage('Nothing to decide', 'This organization has no review waiting for the service’s staff.'),
        409,
      );
    if (await memberships.belongedSince(c.var.actor.userId, organizationId, waiting.requestedAt))
      return page(
        messagePage(
          'Not yours to decide',
          'You belong to this organization, or did since its review was asked for: another member of staff decides it.',
        ),
        403,
      );
    const actor = { userId: c.var.actor.userId, organizationId };
    const outcome = await readiness.move(actor, decision as ReviewStatus, c.var.form!.get('note') ?? undefined);
    if (!('onboarding' in outcome))
      return page(messagePage('Nothing to decide', 'The review was decided already.'), 409);
    return redirect('/console/reviews?notice=decided');
  });

  return app;
}
