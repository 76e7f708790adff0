/**
 * The Platform API's lead routing (contract tag Developers): rules tried by priority, and leads
 * routed by the first that matches when they arrive, on the lead store.
 */
import type { components } from '../../../contract/generated/platform.js';
import { unprocessable } from './answers.js';
import type { Inventory } from '../../core/inventory/inventory.js';
import { developerOnly } from './inventory-operations.js';
import type { Answer, Operation, OperationContext } from './operation.js';
import { pageAnswer as page } from './pagination.js';

type Schemas = components['schemas'];
type LeadOperation =
  'listLeadRoutingRules' | 'createLeadRoutingRule' | 'deleteLeadRoutingRule' | 'listLeads' | 'createLead' | 'getLead';

const notFound = (what: string, id: unknown, list: string): Answer => ({
  problem: 'not_found',
  detail: `No ${what} ${String(id)} belongs to this developer. List them with GET /developers/current/${list}.`,
});

export function createLeadOperations(area: Inventory): Record<LeadOperation, Operation> {
  const org = (ctx: OperationContext) => ctx.key.organization;
  const developer = (operation: Parameters<typeof developerOnly>[0]) => developerOnly(operation, area);
  return {
    listLeadRoutingRules: developer(async (ctx, { leads }) => page(await leads.rules(org(ctx)), ctx)),
    createLeadRoutingRule: developer(async (ctx, { leads }) => {
      const outcome = await leads.createRule(org(ctx), ctx.org.projects, ctx.body as Schemas['LeadRoutingRuleCreate']);
      return 'rule' in outcome ? { status: 201, body: outcome.rule } : unprocessable(outcome.errors);
    }),
    deleteLeadRoutingRule: developer(async (ctx, { leads }) => {
      const deleted = await leads.deleteRule(org(ctx), String(ctx.params.ruleId));
      return deleted ? { body: deleted } : notFound('lead routing rule', ctx.params.ruleId, 'lead-routing-rules');
    }),
    listLeads: developer(async (ctx, { leads }) =>
      page(
        await leads.leads(org(ctx), {
          projectId: ctx.params.projectId as string | undefined,
          status: ctx.params.status as Schemas['LeadStatus'] | undefined,
        }),
        ctx,
      ),
    ),
    createLead: developer(async (ctx, { leads }) => {
      const input = ctx.body as Schemas['LeadCreate'];
      const outcome = await leads.receive(
        org(ctx),
        ctx.org.projects.find((p) => p.id === input.projectId),
        input,
      );
      return 'lead' in outcome ? { status: 201, body: outcome.lead } : unprocessable(outcome.errors);
    }),
    getLead: developer(async (ctx, { leads }) => {
      const lead = await leads.lead(org(ctx), String(ctx.params.leadId));
      return lead ? { body: lead } : notFound('lead', ctx.params.leadId, 'leads');
    }),
  };
}
