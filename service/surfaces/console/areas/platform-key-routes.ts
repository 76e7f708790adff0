/** The console's platform key routes: list, create (shown once), revoke. */
import { Hono } from 'hono';
import type { PlatformKeyAdmin } from '../../../core/keys/platform-key-admin.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { html } from '../../../web/html.js';
import { confirmPage } from '../pages/key-confirmations.js';
import { platformKeysPage } from '../pages/platform-keys.js';
import { messagePage } from '../pages/frame.js';
import { aRole } from '../../../core/grants/roles.js';

export function platformKeyRoutes(keys: PlatformKeyAdmin) {
  const app = new Hono<ConsoleEnv>({ strict: false });

  app.get('/platform-keys', async (c) => page(platformKeysPage(c.var.session, await keys.platformKeys(c.var.actor))));

  app.post('/platform-keys', async (c) => {
    const { session, actor, form } = c.var;
    const label = form!.get('label') ?? '';
    const scopes = form!.getAll('scopes');
    const created = await keys.createPlatformKey(actor, label, scopes, c.var.role);
    if ('errors' in created)
      return page(
        platformKeysPage(session, await keys.platformKeys(actor), {
          values: { label, scopes },
          errors: created.errors,
        }),
        422,
      );
    // Shown once, in this answer only: never stored, logged or shown again.
    return page(
      platformKeysPage(session, await keys.platformKeys(actor), undefined, { key: created.key, label: label.trim() }),
    );
  });

  app.get('/platform-keys/:id{[a-z0-9_]+}/revoke', async (c) => {
    const key = (await keys.platformKeys(c.var.actor)).find((k) => k.id === c.req.param('id'));
    if (!key || key.revokedAt) return redirect('/console/platform-keys');
    return page(
      confirmPage(
        c.var.session,
        `Revoke “${key.label}”?`,
        html`<p>The Platform API refuses <code>${key.prefix}…${key.last4}</code> at once: every server or script that uses it gets 401 until it is given another key. A revoked key stays in the list, marked revoked; it cannot be restored.</p>`,
        { url: `/console/platform-keys/${key.id}/revoke`, label: 'Revoke key', danger: true },
        '/console/platform-keys',
      ),
    );
  });

  app.post('/platform-keys/:id{[a-z0-9_]+}/revoke', async (c) => {
    const revoked = await keys.revokePlatformKey(c.var.actor, c.req.param('id'), c.var.role);
    if (revoked === 'beyond_role')
      return page(
        messagePage(
          'Not yours to revoke',
          `This key holds scopes beyond what ${aRole(c.var.role)} may give, so only an owner can revoke it. Nothing was changed.`,
        ),
        403,
      );
    return redirect('/console/platform-keys');
  });

  return app;
}
