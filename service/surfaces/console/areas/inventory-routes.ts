/**
 * The console's Inventory page, for developers: batches moved along their state machine after
 * asking (an owner's; an engineer reads), and every project's price list versions. A change runs as
 * the person, so the audit log names them, and reaches webhooks as the API's does.
 */
import { Hono } from 'hono';
import type { BatchStatus } from '../../../core/inventory/batch-store.js';
import type { Inventory } from '../../../core/inventory/inventory.js';
import { actingAsPerson } from '../../../core/events/acting.js';
import { roleMay } from '../../../core/grants/roles.js';
import type { ProjectStore } from '../../../core/directory/project-store.js';
import { html } from '../../../web/html.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { kindOnly } from '../kind-only.js';
import { messagePage } from '../pages/frame.js';
import { BATCH_MOVE_MEANS, inventoryPage, MOVE_WORDS, priceListPage } from '../pages/inventory.js';
import { validatorFor } from '../../../web/platform-contract.js';
import { describeSchemaError } from '../../../web/schema-errors.js';
import { confirmPage } from '../pages/key-confirmations.js';

const validPriceList = validatorFor('#/components/schemas/PriceListCreate');

const STATUSES = ['released', 'held', 'sold'] as const;
const isStatus = (to: string): to is BatchStatus => (STATUSES as readonly string[]).includes(to);

export function inventoryRoutes(inventory: Inventory, projects: ProjectStore) {
  const app = new Hono<ConsoleEnv>({ strict: false });
  const projectsOf = (organizationId: string) => projects.list(organizationId);
  const mayChange = (c: { var: ConsoleEnv['Variables'] }) => roleMay(c.var.session.user!.role, 'inventory.write');
  const NOTICES: Record<string, string> = {
    moved: 'Batch changed: the change is in the audit log and on its way to your webhooks.',
    published: 'Price list published: buyers see it from the day it applies.',
  };

  app.use('/inventory', kindOnly('developer', 'inventory', 'inventory.read'));
  app.use('/inventory/*', kindOnly('developer', 'inventory', 'inventory.read'));

  app.get('/inventory', async (c) => {
    const org = c.var.actor.organizationId;
    const projects = await projectsOf(org);
    const priceLists = (await Promise.all(projects.map((p) => inventory.priceLists.list(org, p)))).flat();
    return page(
      inventoryPage(c.var.session, {
        batches: await inventory.batches.list(org),
        priceLists,
        projects,
        projectName: (id) => projects.find((p) => p.id === id)?.name ?? id,
        mayChange: mayChange(c),
        notice: NOTICES[c.req.query('notice') ?? ''],
      }),
    );
  });

  const refusedRole = () =>
    page(messagePage('Not changed', 'Your role reads inventory; ask an owner to change a batch.'), 403);

  app.get('/inventory/batches/:id{bat_[a-z0-9]+}/:to{[a-z]+}', async (c) => {
    const to = c.req.param('to');
    const batch = await inventory.batches.get(c.var.actor.organizationId, c.req.param('id'));
    if (!batch || !isStatus(to))
      return page(messagePage('No such batch', 'See the inventory page for your batches.'), 404);
    if (!mayChange(c)) return refusedRole();
    return page(
      confirmPage(
        c.var.session,
        `${MOVE_WORDS[to]} “${batch.name}”?`,
        html`<p>${batch.units} units of ${batch.unitType}, now ${batch.status}. ${BATCH_MOVE_MEANS[to]}</p>`,
        { url: `/console/inventory/batches/${batch.id}/${to}`, label: MOVE_WORDS[to], danger: to === 'sold' },
        '/console/inventory',
      ),
    );
  });

  app.post('/inventory/batches/:id{bat_[a-z0-9]+}/:to{[a-z]+}', async (c) => {
    const to = c.req.param('to');
    if (!isStatus(to))
      return page(messagePage('No such change', 'See the inventory page for the changes a batch allows.'), 404);
    const { actor } = c.var;
    const outcome = await actingAsPerson(actor.userId, () =>
      inventory.batches.move(actor.organizationId, c.req.param('id'), to),
    );
    if (!outcome) return page(messagePage('No such batch', 'See the inventory page for your batches.'), 404);
    if ('refused' in outcome)
      return page(
        messagePage(
          'Not changed',
          `The batch is ${outcome.refused.from} now${outcome.refused.allowed.length ? `: it may become ${outcome.refused.allowed.join(' or ')}` : ', which is final'}.`,
        ),
        409,
      );
    return redirect('/console/inventory?notice=moved');
  });

  const projectOf = async (c: { var: ConsoleEnv['Variables'] }, id: string | undefined) =>
    (await projectsOf(c.var.actor.organizationId)).find((p) => p.id === id);
  const noProject = () => page(messagePage('No such project', 'See the inventory page for your projects.'), 404);

  app.get('/inventory/price-list', async (c) => {
    const project = await projectOf(c, c.req.query('project'));
    if (!project) return noProject();
    if (!mayChange(c)) return refusedRole();
    return page(priceListPage(c.var.session, project));
  });

  app.post('/inventory/price-list/:projectId{proj_[a-z0-9]+}', async (c) => {
    const project = await projectOf(c, c.req.param('projectId'));
    if (!project) return noProject();
    const form = c.var.form!;
    const values: Record<string, string> = { effectiveFrom: (form.get('effectiveFrom') ?? '').trim() };
    const prices = project.unitTypes.flatMap((u) => {
      const text = (form.get(`price:${u.name}`) ?? '').trim().replaceAll(',', '');
      values[`price:${u.name}`] = text;
      return text ? [{ unitType: u.name, priceFrom: /^\d+$/.test(text) ? Number(text) : text }] : [];
    });
    const input = { effectiveFrom: values.effectiveFrom, prices };
    const errors: Record<string, string> = {};
    if (!prices.length) errors[`price:${project.unitTypes[0]!.name}`] = 'Give at least one unit type its price.';
    if (!validPriceList(input))
      for (const e of validPriceList.errors ?? []) {
        const at = /^\/prices\/(\d+)/.exec(e.instancePath);
        const field = at ? `price:${prices[Number(at[1])]!.unitType}` : 'effectiveFrom';
        errors[field] ??= `This ${describeSchemaError(e)}.`;
      }
    if (!Object.keys(errors).length) {
      const { actor } = c.var;
      const published = await actingAsPerson(actor.userId, () =>
        inventory.priceLists.publish(
          actor.organizationId,
          project,
          input as Parameters<Inventory['priceLists']['publish']>[2],
        ),
      );
      if ('priceList' in published) return redirect('/console/inventory?notice=published');
      for (const e of published.errors) {
        const at = /prices\[(\d+)\]/.exec(e.parameter);
        errors[at ? `price:${prices[Number(at[1])]!.unitType}` : 'effectiveFrom'] ??= `This ${e.detail}.`;
      }
    }
    return page(priceListPage(c.var.session, project, { values, errors }), 422);
  });

  return app;
}
