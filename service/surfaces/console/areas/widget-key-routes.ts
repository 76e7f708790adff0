/** The console's widget key routes: list and create, one key (change, rotate, revoke), its snippet. */
import { Hono } from 'hono';
import { readMode } from '../../../core/estimates/parameters.js';
import { ROTATION_GRACE_HOURS, type WidgetKeyAdmin } from '../../../core/keys/widget-key-admin.js';
import { revokeWidgetKeyPage, rotateWidgetKeyPage } from '../pages/key-confirmations.js';
import { DAILY_LIMITS } from '../../../core/metering/limits.js';
import type { BuiltLoader } from '../../../web/built-loader.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import type { FormState } from '../pages/form.js';
import { messagePage } from '../pages/frame.js';
import { SNIPPET_LANGUAGES, snippetPage, type SnippetOptions } from '../pages/snippet.js';
import { widgetKeyPage, widgetKeysPage } from '../pages/widget-keys.js';

const QUERY_MAX = 100;
const LIMIT = DAILY_LIMITS.widget_estimate;
const lines = (text: string) => text.split(/\r?\n/);

const FLASHES: Record<string, string> = {
  created: 'Widget key created. Build its snippet next.',
  rotated: 'Key rotated. Put the new value in your pages.',
  revoked: 'Key revoked: it no longer works anywhere.',
  saved: 'Changes saved: they apply to the widget at once.',
};

export function widgetKeyRoutes(options: {
  keys: WidgetKeyAdmin;
  widgetScriptUrl: string;
  pinnedLoader?: () => Promise<BuiltLoader | undefined>;
}) {
  const { keys } = options;
  const app = new Hono<ConsoleEnv>({ strict: false });
  const noSuchKey = () => page(messagePage('No such key', 'This widget key does not exist in your organization.'), 404);

  app.get('/widget-keys', async (c) =>
    page(widgetKeysPage(c.var.session, await keys.widgetKeys(c.var.actor), undefined, LIMIT)),
  );

  app.post('/widget-keys', async (c) => {
    const { session, actor, form } = c.var;
    const name = form!.get('name') ?? '';
    const origins = form!.get('origins') ?? '';
    const created = await keys.createWidgetKey(actor, name, lines(origins));
    if ('id' in created) return redirect(`/console/widget-keys/${created.id}?created=1`);
    const state: FormState = { values: { name, origins }, errors: created.errors };
    return page(widgetKeysPage(session, await keys.widgetKeys(actor), state, LIMIT), 422);
  });

  app.get('/widget-keys/:id{[a-z0-9_]+}', async (c) => {
    const key = await keys.widgetKey(c.var.actor, c.req.param('id'));
    if (!key) return noSuchKey();
    const flash = Object.keys(FLASHES).find((name) => c.req.query(name) !== undefined);
    return page(
      widgetKeyPage(
        c.var.session,
        key,
        { values: { name: key.name, origins: key.origins.join('\n') }, errors: {} },
        LIMIT,
        flash && FLASHES[flash],
      ),
    );
  });

  app.post('/widget-keys/:id{[a-z0-9_]+}', async (c) => {
    const { session, actor, form } = c.var;
    const id = c.req.param('id');
    const key = await keys.widgetKey(actor, id);
    if (!key) return noSuchKey();
    const name = form!.get('name') ?? '';
    const origins = form!.get('origins') ?? '';
    const saved = await keys.updateWidgetKey(actor, id, name, lines(origins));
    if (saved === 'missing')
      return page(messagePage('This key cannot be changed', 'It was revoked: make a new widget key instead.'), 409);
    if (saved !== 'saved')
      return page(widgetKeyPage(session, key, { values: { name, origins }, errors: saved.errors }, LIMIT), 422);
    return redirect(`/console/widget-keys/${id}?saved=1`);
  });

  // Rotating and revoking ask first, on a page that says what will stop working.
  app.get('/widget-keys/:id{[a-z0-9_]+}/:action{rotate|revoke}', async (c) => {
    const key = await keys.widgetKey(c.var.actor, c.req.param('id'));
    if (!key) return noSuchKey();
    if (key.revokedAt) return redirect(`/console/widget-keys/${key.id}`);
    const ask = c.req.param('action') === 'rotate' ? rotateWidgetKeyPage : revokeWidgetKeyPage;
    return page(ask(c.var.session, key));
  });

  app.post('/widget-keys/:id{[a-z0-9_]+}/:action{rotate|revoke}', async (c) => {
    const id = c.req.param('id');
    if (!(await keys.widgetKey(c.var.actor, id))) return noSuchKey();
    const rotate = c.req.param('action') === 'rotate';
    const grace = Number(c.var.form!.get('grace') ?? 0);
    if (rotate && !ROTATION_GRACE_HOURS.includes(grace as (typeof ROTATION_GRACE_HOURS)[number]))
      return page(messagePage('Choose how long the old value works', 'Pick one of the choices offered.'), 422);
    await (rotate ? keys.rotateWidgetKey(c.var.actor, id, grace) : keys.revokeWidgetKey(c.var.actor, id));
    return redirect(`/console/widget-keys/${id}?${rotate ? 'rotated' : 'revoked'}=1`);
  });

  app.get('/widget-keys/:id{[a-z0-9_]+}/snippet', async (c) => {
    const key = await keys.widgetKey(c.var.actor, c.req.param('id'));
    if (!key) return noSuchKey();
    const query = c.req.query('query') ?? '';
    const theme = c.req.query('theme');
    const mode = readMode(c.req.query('mode'));
    const lang = SNIPPET_LANGUAGES.find(([value]) => value === (c.req.query('lang') ?? 'en'))?.[0];
    const snippet: SnippetOptions = {
      theme: theme === 'dark' || theme === 'auto' ? theme : 'light',
      mode: 'mode' in mode ? mode.mode : 'sale',
      query: query.length > QUERY_MAX ? '' : query,
      lang: lang ?? 'en',
    };
    const errors: Record<string, string> = {};
    if (query.length > QUERY_MAX)
      errors.query = `A prefill is at most ${QUERY_MAX} characters, as the search field is (this one has ${query.length}).`;
    if ('problem' in mode) errors.mode = `The ${mode.problem}`;
    if (!lang) errors.lang = `The language is one of ${SNIPPET_LANGUAGES.map(([value]) => value).join(', ')}.`;
    const state: FormState = { values: query.length > QUERY_MAX ? { query } : {}, errors };
    const pinned = await options.pinnedLoader?.();
    const loader = {
      evergreen: options.widgetScriptUrl,
      pinned: pinned && {
        src: new URL(`../${pinned.file}`, options.widgetScriptUrl).href,
        integrity: pinned.integrity,
        version: pinned.version,
      },
    };
    return page(snippetPage(c.var.session, key, snippet, loader, state), Object.keys(errors).length ? 422 : 200);
  });

  return app;
}
