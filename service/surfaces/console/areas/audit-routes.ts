/** The organization's audit log in this environment, newest first, filtered by action and paged. */
import { Hono } from 'hono';
import type { Members } from '../../../core/organizations/members.js';
import { type ConsoleEnv, page } from '../context.js';
import { auditPage } from '../pages/audit.js';

export function auditRoutes(members: Members) {
  const app = new Hono<ConsoleEnv>({ strict: false });
  app.get('/audit', async (c) => {
    const action = c.req.query('action') || undefined;
    const before = Number(c.req.query('before'));
    const query = { action, before: Number.isSafeInteger(before) && before > 0 ? before : undefined };
    const found = await members.audit(c.var.actor, query);
    return page(auditPage(c.var.session, { ...found, action, paged: query.before !== undefined }));
  });
  return app;
}
