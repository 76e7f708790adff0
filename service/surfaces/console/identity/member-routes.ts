/** The console's Members page: an owner invites by e-mail with a role, changes a role, removes a member, withdraws an invitation. */
import { Hono } from 'hono';
import type { Invitations } from '../../../core/accounts/invitations.js';
import { roleMay, type Role } from '../../../core/grants/roles.js';
import type { Memberships, MembershipChange } from '../../../core/organizations/memberships.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { messagePage } from '../pages/frame.js';
import { membersPage, removeMemberPage } from '../pages/members.js';
import type { FormState } from '../pages/form.js';

const REFUSED: Record<Exclude<MembershipChange, 'done'>, [number, string]> = {
  not_found: [404, 'This person is not a member of your organization (any more).'],
  last_owner: [
    409,
    'Nothing was changed: your organization would have no owner left. Make someone else an owner first.',
  ],
};

export function memberRoutes(parts: { memberships: Memberships; invitations: Invitations }) {
  const { memberships, invitations } = parts;
  const app = new Hono<ConsoleEnv>({ strict: false });

  const show = async (
    c: { var: ConsoleEnv['Variables'] },
    status = 200,
    extra: { notice?: string; form?: FormState } = {},
  ) => {
    const { actor, session } = c.var;
    const mayChange =
      roleMay(session.user!.role, 'organizations.write') && session.user!.organizationPeople === 'accounts';
    const [members, waiting] = await Promise.all([
      memberships.members(actor.organizationId),
      mayChange ? invitations.pending(actor.organizationId) : Promise.resolve([]),
    ]);
    return page(membersPage(session, { members, invitations: waiting, mayChange, ...extra }), status);
  };
  const refused = (outcome: Exclude<MembershipChange, 'done'>) =>
    page(messagePage('Not changed', REFUSED[outcome][1]), REFUSED[outcome][0]);

  const NOTICES: Record<string, string> = {
    invited: 'Invitation sent.',
    role: 'Role changed: it holds from their next request, on the console, the Platform API keys they make and their AI apps.',
    removed: 'Removed: their sessions here ended and their AI apps for this organization were disconnected.',
    withdrawn: 'Invitation withdrawn: its link no longer works.',
  };
  app.get('/members', (c) => show(c, 200, { notice: NOTICES[c.req.query('notice') ?? ''] }));

  // The sandbox's organizations are shared by every visitor: their members never change, and they send no invitations.
  app.post('/members/*', async (c, next) => {
    if (c.var.session.user!.organizationPeople === 'demo')
      return page(
        messagePage(
          'Not in the sandbox’s organizations',
          'Every visitor shares the sandbox’s organizations, so their members cannot be changed and they send no invitations. Make an account to manage your own organization’s members.',
        ),
        409,
      );
    await next();
  });

  app.post('/members/invite', async (c) => {
    const form = c.var.form!;
    const values = { email: form.get('email') ?? '', role: form.get('role') ?? '' };
    const outcome = await invitations.invite(c.var.actor, values);
    if ('problem' in outcome) {
      const errors = Object.fromEntries(Object.entries(outcome.problem).filter(([, v]) => v)) as Record<string, string>;
      return show(c, 400, { form: { values, errors } });
    }
    if ('tooMany' in outcome)
      return show(c, 429, {
        form: {
          values,
          errors: { email: 'Your organization has sent many invitations this hour: try again in an hour.' },
        },
      });
    return redirect('/console/members?notice=invited');
  });

  app.post('/members/invitations/:id/revoke', async (c) => {
    if (!(await invitations.revoke(c.var.actor, c.req.param('id'))))
      return page(
        messagePage('Not found', 'No such invitation is waiting: it was accepted, withdrawn or expired.'),
        404,
      );
    return redirect('/console/members?notice=withdrawn');
  });

  app.post('/members/:userId/role', async (c) => {
    const role = c.var.form!.get('role') ?? '';
    if (!['owner', 'engineer', 'agent'].includes(role))
      return page(messagePage('Not changed', 'Choose a role: owner, engineer or agent.'), 400);
    const outcome = await memberships.changeRole(c.var.actor, c.req.param('userId'), role as Role);
    return outcome === 'done' ? redirect('/console/members?notice=role') : refused(outcome);
  });

  app.get('/members/:userId/remove', async (c) => {
    if (!roleMay(c.var.session.user!.role, 'organizations.write'))
      return page(messagePage('Not yours to change', 'Only an owner removes members.'), 403);
    const member = (await memberships.members(c.var.actor.organizationId)).find(
      (m) => m.userId === c.req.param('userId'),
    );
    if (!member) return refused('not_found');
    return page(removeMemberPage(c.var.session, member));
  });
  app.post('/members/:userId/remove', async (c) => {
    const outcome = await memberships.remove(c.var.actor, c.req.param('userId'));
    if (outcome !== 'done') return refused(outcome);
    // Removing oneself ends one's own session here too.
    return redirect(
      c.req.param('userId') === c.var.actor.userId ? '/console/sign-in' : '/console/members?notice=removed',
    );
  });

  return app;
}
