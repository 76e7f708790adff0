/** The console's Go live page: the readiness checklist, the request for live access, the sandbox's reviewer. */
import { Hono } from 'hono';
import type { Readiness, ReviewStatus } from '../../../core/organizations/readiness.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { goLivePage, type LiveHosts } from '../pages/go-live.js';

/** `live`: where live is reached, when this deployment serves it. */
export function goLiveRoutes(readiness: Readiness, apiReference: string, live?: LiveHosts) {
  const app = new Hono<ConsoleEnv>({ strict: false });
  const show = async (c: { var: ConsoleEnv['Variables'] }, notice?: string, status = 200) =>
    page(goLivePage(c.var.session, await readiness.of(c.var.actor.organizationId), apiReference, notice, live), status);

  app.get('/go-live', (c) => show(c));

  app.post('/go-live/request', async (c) => {
    const outcome = await readiness.move(c.var.actor, 'in_review', c.var.form!.get('note') ?? undefined);
    if ('missing' in outcome) return show(c, `Not yet: ${outcome.missing.join('; ')}.`, 409);
    if ('refused' in outcome) return show(c, 'The review is already requested.', 409);
    return redirect('/console/go-live');
  });

  app.post('/go-live/decide', async (c) => {
    // Only the sandbox's own organizations play their reviewer: a real account's is decided by the service's staff.
    if (c.var.session.user!.organizationPeople !== 'demo')
      return show(c, 'The service’s staff decide your review: nobody decides their own organization’s.', 403);
    const decision = c.var.form!.get('decision');
    if (decision !== 'approved' && decision !== 'changes_requested')
      return show(c, 'Choose Approve or Request changes.', 400);
    const outcome = await readiness.move(c.var.actor, decision as ReviewStatus, c.var.form!.get('note') ?? undefined);
    if (!('onboarding' in outcome)) return show(c, 'There is no review to decide.', 409);
    return redirect('/console/go-live');
  });

  return app;
}
