/**
 * The console's Leads page, for developers: routing rules added (checked against the contract's
 * LeadRoutingRuleCreate, as the API checks them) and deleted after asking, and the leads they routed.
 */
import { Hono } from 'hono';
import { actingAsPerson } from '../../../core/events/acting.js';
import { roleMay } from '../../../core/grants/roles.js';
import type { LeadStore } from '../../../core/inventory/lead-store.js';
import type { ProjectStore } from '../../../core/directory/project-store.js';
import { html } from '../../../web/html.js';
import { validatorFor } from '../../../web/platform-contract.js';
import { describeSchemaError } from '../../../web/schema-errors.js';
import { type ConsoleEnv, page, redirect } from '../context.js';
import { kindOnly } from '../kind-only.js';
import { messagePage } from '../pages/frame.js';
import { confirmPage } from '../pages/key-confirmations.js';
import { leadsPage, matchWords } from '../pages/leads.js';

const validRule = validatorFor('#/components/schemas/LeadRoutingRuleCreate');
/** Where each of the contract's fields is on the form. */
const FIELD_OF: Record<string, string> = {
  '/priority': 'priority',
  '/match/projectId': 'projectId',
  '/match/unitType': 'unitType',
  '/match/minBudget': 'minBudget',
  '/routeTo/team': 'team',
  '/routeTo/email': 'email',
};
const FIELDS = ['priority', 'projectId', 'unitType', 'minBudget', 'team', 'email'];

export function leadRoutes(leads: LeadStore, projects: ProjectStore) {
  const app = new Hono<ConsoleEnv>({ strict: false });
  const projectsOf = (organizationId: string) => projects.list(organizationId);
  const mayChange = (c: { var: ConsoleEnv['Variables'] }) => roleMay(c.var.session.user!.role, 'leads.write');
  const NOTICES: Record<string, string> = {
    added: 'Rule added: it routes the next lead it matches.',
    deleted: 'Rule deleted: leads it routed keep their team.',
  };

  app.use('/leads', kindOnly('developer', 'leads', 'leads.read'));
  app.use('/leads/*', kindOnly('developer', 'leads', 'leads.read'));

  const show = async (
    c: { var: ConsoleEnv['Variables'] },
    status = 200,
    extra: { notice?: string; form?: { values: Record<string, string>; errors: Record<string, string> } } = {},
  ) => {
    const org = c.var.actor.organizationId;
    const projects = await projectsOf(org);
    return page(
      leadsPage(c.var.session, {
        rules: await leads.rules(org),
        leads: await leads.leads(org),
        projectName: (id) => projects.find((p) => p.id === id)?.name ?? id,
        mayChange: mayChange(c),
        ...extra,
      }),
      status,
    );
  };
  const refusedRole = () =>
    page(messagePage('Not changed', 'Your role reads leads; ask an owner to change the rules.'), 403);

  app.get('/leads', (c) => show(c, 200, { notice: NOTICES[c.req.query('notice') ?? ''] }));

  app.post('/leads/rules', async (c) => {
    const form = c.var.form!;
    const values = Object.fromEntries(FIELDS.map((name) => [name, (form.get(name) ?? '').trim()]));
    const number = (text: string) => (/^\d+$/.test(text) ? Number(text) : text);
    const optional = (name: string, read: (text: string) => unknown = (t) => t) =>
      values[name] ? { [name]: read(values[name]!) } : {};
    const input = {
      priority: number(values.priority!),
      match: { ...optional('projectId'), ...optional('unitType'), ...optional('minBudget', number) },
      routeTo: { team: values.team, email: values.email },
    };
    const errors: Record<string, string> = {};
    if (!validRule(input))
      for (const e of validRule.errors ?? []) {
        const field = FIELD_OF[e.instancePath] ?? (e.params as { missingProperty?: string }).missingProperty ?? 'team';
        errors[field] ??= `This ${describeSchemaError(e)}.`;
      }
    if (Object.keys(errors).length) return show(c, 400, { form: { values, errors } });
    const { actor } = c.var;
    const projects = await projectsOf(actor.organizationId);
    const made = await actingAsPerson(actor.userId, () =>
      leads.createRule(actor.organizationId, projects, input as Parameters<LeadStore['createRule']>[2]),
    );
    if ('errors' in made) {
      for (const e of made.errors)
        errors[FIELD_OF[e.parameter.replace(/^body/, '').replaceAll('.', '/')] ?? 'projectId'] = `${e.detail}.`;
      return show(c, 422, { form: { values, errors } });
    }
    return redirect('/console/leads?notice=added');
  });

  const ruleOf = async (c: { var: ConsoleEnv['Variables'] }, id: string) =>
    (await leads.rules(c.var.actor.organizationId)).find((r) => r.id === id);
  const noRule = () =>
    page(messagePage('No such rule', 'It may have been deleted. See the leads page for the others.'), 404);

  app.get('/leads/rules/:id{lrr_[a-z0-9]+}/delete', async (c) => {
    const rule = await ruleOf(c, c.req.param('id'));
    if (!rule) return noRule();
    if (!mayChange(c)) return refusedRole();
    const projects = await projectsOf(c.var.actor.organizationId);
    return page(
      confirmPage(
        c.var.session,
        'Delete this routing rule?',
        html`<p>Priority ${rule.priority}: ${matchWords(rule.match, (id) => projects.find((p) => p.id === id)?.name ?? id)}, to ${rule.routeTo.team}. The next leads it would have taken go to the next rule that matches, or wait unrouted. Leads it already routed keep their team.</p>`,
        { url: `/console/leads/rules/${rule.id}/delete`, label: 'Delete rule', danger: true },
        '/console/leads',
      ),
    );
  });

  app.post('/leads/rules/:id{lrr_[a-z0-9]+}/delete', async (c) => {
    const { actor } = c.var;
    const deleted = await actingAsPerson(actor.userId, () => leads.deleteRule(actor.organizationId, c.req.param('id')));
    return deleted ? redirect('/console/leads?notice=deleted') : noRule();
  });

  return app;
}
