/**
 * The console's AI app routes: the OAuth consent page the MCP endpoint sends a person to, the
 * connected apps (each can be disconnected), and the one confirmation page of every write an app asks for.
 */
import { Hono } from 'hono';
import { aRole, roleMay, scopesBeyondRole } from '../../../core/grants/roles.js';
import type { Scope } from '../../../core/grants/scopes.js';
import type { PendingAction } from '../../../core/organizations/pending-actions.js';
import type { Services } from '../../../core/services/compose.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { actionPage, connectedAppsPage, consentPage } from '../pages/ai-apps.js';
import { messagePage } from '../pages/frame.js';
import { confirmPage } from '../pages/key-confirmations.js';
import { html } from '../../../web/html.js';

export function aiAppRoutes({ oauth, members, memberships, actions, writes, readiness, environment }: Services) {
  const app = new Hono<ConsoleEnv>({ strict: false });

  /**
   * Why the person may not confirm a write in `organizationId` now (demoted, or gone from it since the app
   * asked), or undefined: the role is read when they confirm, not when the app asked.
   */
  async function problemConfirming(userId: string, organizationId: string, scope: Scope, what: string) {
    const role = await memberships.roleIn(userId, organizationId);
    if (roleMay(role, scope)) return undefined;
    const workspace = (await memberships.of(userId)).find((w) => w.organizationId === organizationId);
    return page(
      messagePage(
        'Not yours to confirm',
        role
          ? `As ${aRole(role)} at ${workspace?.organizationName ?? organizationId} you cannot ${what} now. Nothing was done: ask an owner.`
          : `You no longer belong to the workspace this was asked for, so you cannot ${what} there. Nothing was done.`,
      ),
      403,
    );
  }

  // The person signs in (the console's middleware), reads exactly the scopes asked for, and allows or denies.
  app.on(['GET', 'POST'], '/oauth/consent', async (c) => {
    const { session, actor, form } = c.var;
    const id = form?.get('request') ?? c.req.query('request') ?? '';
    const expired = () =>
      page(messagePage('This request has expired', 'Start connecting the app again from the app itself.'), 404);
    const pending = await oauth.pendingAuthorization(id);
    if (!pending) return expired();
    // The workspace the app will act in: one of the person's, their own organization unless they chose another.
    // In live, only the workspaces whose organization passed its review: an app never reaches live for another.
    const all = await memberships.of(actor.userId);
    const workspaces =
      environment.aiAppWorkspaces === 'reviewed'
        ? (await Promise.all(all.map(async (w) => ((await readiness.mayGoLive(w.organizationId)) ? [w] : [])))).flat()
        : all;
    const asked = form?.get('workspace') ?? c.req.query('workspace');
    const workspace = asked ? workspaces.find((w) => w.organizationId === asked) : workspaces[0];
    if (!workspace)
      return page(
        messagePage('Not your workspace', 'You can connect an app only for an organization you belong to.'),
        403,
      );
    if (!form) {
      // A step-up asks again with more: the page marks what this app already holds, so the new scope stands out.
      const given = (await oauth.connections(actor.userId)).find((a) => a.client_id === pending.clientId)?.scopes;
      return page(consentPage(session, pending, workspace, workspaces, given ?? []));
    }
    const allow = form.get('decision') === 'allow';
    // An app gets what the role allows of what it asked for (the page says what is left out); nothing beyond.
    const beyond = scopesBeyondRole(workspace.role, pending.scopes);
    const givable = pending.scopes.filter((s) => !beyond.includes(s));
    if (allow && givable.length === 0)
      return page(
        messagePage(
          'Not yours to give',
          `As ${workspace.role} at ${workspace.organizationName} you cannot give an app ${beyond.join(', ')}. Ask an owner to connect it.`,
        ),
        403,
      );
    const decided = await oauth.decide(id, allow ? actor.userId : undefined, workspace.organizationId, givable);
    if (!decided) return expired();
    const detail = {
      app: pending.clientName,
      scopes: allow ? givable : pending.scopes,
      workspace: workspace.organizationId,
    };
    await members.record(
      actor,
      pending.clientId,
      allow ? { action: 'ai_app.connected', detail } : { action: 'ai_app.denied', detail },
    );
    return redirect(decided.redirect.href);
  });

  app.get('/connected-apps', async (c) =>
    page(connectedAppsPage(c.var.session, await oauth.connections(c.var.actor.userId))),
  );

  app.get('/connected-apps/:clientId/revoke', async (c) => {
    const clientId = c.req.param('clientId');
    const app = (await oauth.connections(c.var.actor.userId)).find((a) => a.client_id === clientId);
    if (!app) return redirect('/console/connected-apps');
    return page(
      confirmPage(
        c.var.session,
        `Disconnect “${app.client_name}”?`,
        html`<p>Every token this app holds for you stops working at once: it can no longer call the service for you until you connect it again. Client id <code>${app.client_id}</code>.</p>`,
        { url: `/console/connected-apps/${encodeURIComponent(clientId)}/revoke`, label: 'Disconnect', danger: true },
        '/console/connected-apps',
      ),
    );
  });

  app.post('/connected-apps/:clientId/revoke', async (c) => {
    const clientId = c.req.param('clientId');
    await oauth.disconnect(c.var.actor.userId, clientId);
    await members.record(c.var.actor, clientId, { action: 'ai_app.disconnected' });
    return redirect('/console/connected-apps');
  });

  // The page a widget key request had before every write became one kind of pending action (its id kept).
  app.get('/mcp/confirm/:id{[a-f0-9]{32}}', (c) => redirect(`/console/mcp/actions/${c.req.param('id')}`));

  /** The action's page, naming the organization it acts in as the person's membership does. */
  const show = async (c: { var: ConsoleEnv['Variables'] }, action: PendingAction | undefined) => {
    const workspace = (await memberships.of(c.var.actor.userId)).find(
      (w) => w.organizationId === action?.organizationId,
    );
    const organizationName = workspace?.organizationName ?? action?.organizationId ?? '';
    return actionPage(c.var.session, action, action && (await writes.describe(action)), organizationName);
  };
  app.get('/mcp/actions/:id{[a-f0-9]{32}}', async (c) =>
    page(await show(c, await actions.find(c.var.actor.userId, c.req.param('id')))),
  );
  // The person's answer: the write is done once, as them, in the workspace the app was connected for.
  app.post('/mcp/actions/:id{[a-f0-9]{32}}', async (c) => {
    const allow = c.var.form!.get('decision') === 'allow';
    const action = await actions.find(c.var.actor.userId, c.req.param('id'));
    if (allow && action?.status === 'pending') {
      const described = await writes.describe(action);
      const refused = await problemConfirming(
        c.var.actor.userId,
        action.organizationId,
        described.scope,
        described.refused,
      );
      if (refused) return refused;
    }
    const decided = await actions.decide(c.var.actor.userId, c.req.param('id'), allow, writes.perform);
    // A write with a page of its own (the key made) takes the person there.
    const doneAt =
      decided?.status === 'confirmed' && decided.result && (await writes.describe(decided)).doneAt?.(decided.result);
    return doneAt ? redirect(doneAt) : page(await show(c, decided));
  });

  return app;
}
