/**
 * The console's webhook routes: endpoints listed and registered (the secret shown once), one
 * endpoint's page (edit, test event, replay a window, rotate and delete after asking), and one
 * delivery with its evidence and a replay button. The same webhook service as the Platform API.
 */
import type { EnvironmentPolicy } from '../../../core/services/environment-policy.js';
import { Hono } from 'hono';
import { isEventType } from '../../../core/webhooks/event-types.js';
import { checkEndpointUrl } from '../../../core/webhooks/endpoint-url.js';
import type { WebhookService } from '../../../core/webhooks/webhook-service.js';
import { html } from '../../../web/html.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { confirmPage } from '../pages/key-confirmations.js';
import { messagePage } from '../pages/frame.js';
import { REPLAY_WINDOWS, webhookEndpointPage } from '../pages/webhook-endpoint.js';
import { webhookDeliveryPage } from '../pages/webhook-delivery.js';
import { webhooksPage } from '../pages/webhooks.js';

const ID = '{we_[a-z0-9]+}';
const DELIVERY = '{msg_[a-z0-9]+}';

/** The endpoint form's fields, checked: the change, or each field's problem. */
function readEndpointForm(form: URLSearchParams, webhooks: WebhookService) {
  const values = {
    url: form.get('url')?.trim() ?? '',
    description: form.get('description')?.trim() ?? '',
    events: form.getAll('events'),
    enabled: form.get('enabled') ?? '',
  };
  const errors: Record<string, string> = {};
  const checked = checkEndpointUrl(values.url, webhooks.policy, webhooks.schemes);
  if ('problem' in checked) errors.url = values.url ? `The URL ${checked.problem}.` : 'Enter the URL to send to.';
  if (values.description.length > 500) errors.description = 'Keep the description to 500 characters.';
  if (!values.events.every(isEventType)) errors.events = 'Choose event types from the list.';
  return { values, errors, url: 'url' in checked ? checked.url : '' };
}

export function webhookRoutes(webhooks: WebhookService, environment: Pick<EnvironmentPolicy, 'makesUpData'>) {
  const app = new Hono<ConsoleEnv>({ strict: false });
  const { endpoints, deliveries, log } = webhooks;
  const gone = () =>
    page(messagePage('No such endpoint', 'It may have been deleted. See the webhooks page for the others.'), 404);
  const endpointPage = async (c: { var: ConsoleEnv['Variables'] }, id: string, state = {}, status = 200) => {
    const endpoint = await endpoints.get(c.var.actor.organizationId, id);
    if (!endpoint) return gone();
    const latest = await log.list(c.var.actor.organizationId, { endpointId: id, limit: 20 });
    return page(webhookEndpointPage(c.var.session, endpoint, latest?.data ?? [], state), status);
  };

  app.get('/webhooks', async (c) =>
    page(webhooksPage(c.var.session, await endpoints.list(c.var.actor.organizationId))),
  );

  app.post('/webhooks', async (c) => {
    const { session, actor, form } = c.var;
    const read = readEndpointForm(form!, webhooks);
    const list = () => endpoints.list(actor.organizationId);
    if (Object.keys(read.errors).length)
      return page(webhooksPage(session, await list(), { values: read.values, errors: read.errors }), 422);
    const created = await endpoints.create(
      {
        organizationId: actor.organizationId,
        url: read.url,
        description: read.values.description,
        eventTypes: read.values.events,
      },
      actor,
    );
    if (!created)
      return page(
        webhooksPage(session, await list(), {
          values: read.values,
          errors: { url: 'Your organization has its most endpoints (20): delete one first.' },
        }),
        422,
      );
    // Shown once, in this answer only.
    return page(webhooksPage(session, await list(), undefined, created));
  });

  app.get(`/webhooks/:id${ID}`, (c) => endpointPage(c, c.req.param('id')));

  app.post(`/webhooks/:id${ID}`, async (c) => {
    const read = readEndpointForm(c.var.form!, webhooks);
    if (Object.keys(read.errors).length)
      return endpointPage(c, c.req.param('id'), { form: { values: read.values, errors: read.errors } }, 422);
    const { description, events, enabled } = read.values;
    const saved = await endpoints.update(c.var.actor, c.req.param('id'), {
      url: read.url,
      description,
      events,
      enabled: enabled === 'on',
    });
    return saved ? endpointPage(c, saved.id, { notice: 'Saved.' }) : gone();
  });

  app.post(`/webhooks/:id${ID}/test`, async (c) => {
    if (!environment.makesUpData)
      return page(
        messagePage(
          'Test events are the sandbox’s',
          'Live sends only what really happens, so it makes up no event. Nothing was sent: try your endpoint in the sandbox.',
        ),
        403,
      );
    const type = c.var.form!.get('type') ?? '';
    const endpoint = await endpoints.get(c.var.actor.organizationId, c.req.param('id'));
    if (!endpoint) return gone();
    if (!isEventType(type) || endpoint.status !== 'enabled') return redirect(`/console/webhooks/${endpoint.id}`);
    const id = await deliveries.queueTest(endpoint.id, type, webhooks.clock());
    return redirect(`/console/webhooks/deliveries/${id}`);
  });

  app.post(`/webhooks/:id${ID}/replays`, async (c) => {
    const hours = Number(c.var.form!.get('hours'));
    const id = c.req.param('id');
    const endpoint = await endpoints.get(c.var.actor.organizationId, id);
    if (!endpoint) return gone();
    if (!(REPLAY_WINDOWS as readonly number[]).includes(hours) || endpoint.status !== 'enabled')
      return redirect(`/console/webhooks/${id}`);
    const now = webhooks.clock();
    const count = await deliveries.replayFailed(id, new Date(now.getTime() - hours * 3_600_000), now, now);
    return endpointPage(c, id, {
      notice: count
        ? `${count} failed ${count === 1 ? 'delivery' : 'deliveries'} queued again.`
        : 'No failed deliveries in that window.',
    });
  });

  app.get(`/webhooks/:id${ID}/rotate`, async (c) => {
    const endpoint = await endpoints.get(c.var.actor.organizationId, c.req.param('id'));
    if (!endpoint) return gone();
    return page(
      confirmPage(
        c.var.session,
        'Rotate the signing secret?',
        html`<p>A new secret is made and shown once. For 24 hours every delivery to <code>${endpoint.url}</code> is signed with both, so your receiver keeps verifying until you deploy the new one; after that, only the new secret verifies.</p>`,
        { url: `/console/webhooks/${endpoint.id}/rotate`, label: 'Rotate secret', showsSecret: true },
        `/console/webhooks/${endpoint.id}`,
      ),
    );
  });

  app.post(`/webhooks/:id${ID}/rotate`, async (c) => {
    const rotated = await endpoints.rotate(c.var.actor, c.req.param('id'));
    return rotated ? endpointPage(c, rotated.id, { secret: rotated.secret }) : gone();
  });

  app.get(`/webhooks/:id${ID}/delete`, async (c) => {
    const endpoint = await endpoints.get(c.var.actor.organizationId, c.req.param('id'));
    if (!endpoint) return gone();
    return page(
      confirmPage(
        c.var.session,
        `Delete ${endpoint.description || 'this endpoint'}?`,
        html`<p>Nothing more is sent to <code>${endpoint.url}</code>, and its deliveries and their evidence are deleted with it. This cannot be undone; to pause deliveries instead, untick Enabled.</p>`,
        { url: `/console/webhooks/${endpoint.id}/delete`, label: 'Delete endpoint', danger: true },
        `/console/webhooks/${endpoint.id}`,
      ),
    );
  });

  app.post(`/webhooks/:id${ID}/delete`, async (c) => {
    await endpoints.remove(c.var.actor, c.req.param('id'));
    return redirect('/console/webhooks');
  });

  app.get(`/webhooks/deliveries/:id${DELIVERY}`, async (c) => {
    const delivery = await log.get(c.var.actor.organizationId, c.req.param('id'));
    return delivery ? page(webhookDeliveryPage(c.var.session, delivery)) : gone();
  });

  app.post(`/webhooks/deliveries/:id${DELIVERY}/replay`, async (c) => {
    const delivery = await log.get(c.var.actor.organizationId, c.req.param('id'));
    if (!delivery) return gone();
    const replay = await webhooks.replay(c.var.actor.organizationId, delivery.id);
    if ('refused' in replay && replay.refused === 'disabled')
      return page(webhookDeliveryPage(c.var.session, delivery, 'Its endpoint is disabled: enable it first.'), 409);
    if ('refused' in replay)
      return page(
        webhookDeliveryPage(
          c.var.session,
          delivery,
          'An attempt of this delivery is being sent right now, so nothing was queued: reload in a few seconds to see how it went, then replay it if it failed.',
        ),
        409,
      );
    return redirect(`/console/webhooks/deliveries/${delivery.id}`);
  });

  return app;
}
