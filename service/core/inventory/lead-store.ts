/**
 * A developer's lead routing: rules tried by priority (then oldest first), and leads, each routed by
 * the first rule that matches when it arrives. Where a lead went is copied onto it, so deleting or
 * adding a rule never changes a lead already routed. Every change is an audit entry and an event
 * (`lead_routing_rule.created`/`.deleted`, `lead.routed` or `lead.unrouted`).
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { newTimeOrderedId } from '../../db/ids.js';
import { type Actor, recordChange, serviceActor } from '../events/record-change.js';
import { type FieldError, noSuchProject, problemInUnitType, type Project } from './project-checks.js';
import { ownedRow, roomInOrganization } from '../../db/organization-rows.js';

type Schemas = components['schemas'];
export type LeadRoutingRule = Schemas['LeadRoutingRule'];
export type Lead = Schemas['Lead'];
type Match = LeadRoutingRule['match'];
/** Most rules and leads one developer keeps in the sandbox. */
export const MAX_RULES = 100;
export const MAX_LEADS = 5000;

interface RuleRow {
  id: string;
  priority: number;
  match: Match | string;
  route_team: string;
  route_email: string;
  created_at: Date;
}
interface LeadRow {
  id: string;
  project_id: string;
  unit_type: string | null;
  budget: number | null;
  contact_name: string;
  contact_email: string;
  routed_rule_id: string | null;
  routed_team: string | null;
  routed_email: string | null;
  created_at: Date;
}
const toRule = (row: RuleRow): LeadRoutingRule => ({
  object: 'lead_routing_rule',
  id: row.id,
  priority: row.priority,
  match: typeof row.match === 'string' ? (JSON.parse(row.match) as Match) : row.match,
  routeTo: { team: row.route_team, email: row.route_email },
  createdAt: new Date(row.created_at).toISOString(),
});
const toLead = (row: LeadRow): Lead => ({
  object: 'lead',
  id: row.id,
  projectId: row.project_id,
  unitType: row.unit_type,
  budget: row.budget,
  contact: { name: row.contact_name, email: row.contact_email },
  status: row.routed_rule_id ? 'routed' : 'unrouted',
  routedTo: row.routed_rule_id
    ? { ruleId: row.routed_rule_id, team: row.routed_team!, email: row.routed_email! }
    : null,
  createdAt: new Date(row.created_at).toISOString(),
});

/** Whether a rule takes a lead: every condition it names holds (a lead without a budget meets no minimum). */
export const matches = (match: Match, lead: Schemas['LeadCreate']) =>
  (match.projectId === undefined || match.projectId === lead.projectId) &&
  (match.unitType === undefined || match.unitType === lead.unitType) &&
  (match.minBudget === undefined || (lead.budget !== undefined && lead.budget >= match.minBudget));

export function createLeadStore(db: Database, now = () => new Date()) {
  const rulesInOrder = async (q: Pick<Database, 'query'>, organizationId: string) =>
    (
      await q.query<RuleRow>('select * from lead_routing_rules where organization_id = $1 order by priority, id', [
        organizationId,
      ])
    ).map(toRule);

  return {
    async rules(organizationId: string) {
      return (await rulesInOrder(db, organizationId)).sort((a, b) => (a.id < b.id ? -1 : 1));
    },
    async createRule(
      organizationId: string,
      projects: Project[],
      input: Schemas['LeadRoutingRuleCreate'],
    ): Promise<{ rule: LeadRoutingRule } | { errors: FieldError[] }> {
      const { projectId, unitType } = input.match;
      const project = projectId === undefined ? undefined : projects.find((p) => p.id === projectId);
      if (projectId !== undefined && !project) return { errors: [noSuchProject('body.match.projectId')] };
      if (unitType !== undefined) {
        const owners = project ? [project] : projects;
        if (!owners.some((p) => !problemInUnitType(p, unitType, '')))
          return {
            errors: [
              project
                ? problemInUnitType(project, unitType, 'body.match.unitType')!
                : { parameter: 'body.match.unitType', detail: 'no project of this developer has this unit type' },
            ],
          };
      }
      return db.transaction(async (tx) => {
        if (!(await roomInOrganization(tx, 'lead_routing_rules', organizationId, MAX_RULES)))
          return { errors: [{ parameter: 'body', detail: `a developer keeps at most ${MAX_RULES} routing rules` }] };
        const [row] = await tx.query<RuleRow>(
          `insert into lead_routing_rules (id, organization_id, priority, match, route_team, route_email, created_at)
           values ($1, $2, $3, $4, $5, $6, $7) returning *`,
          [
            newTimeOrderedId('lrr'),
            organizationId,
            input.priority,
            JSON.stringify(input.match),
            input.routeTo.team.trim(),
            input.routeTo.email.trim(),
            now(),
          ],
        );
        await recordChange(tx, serviceActor(organizationId), 'lead_routing_rule.created', row!.id, {
          priority: row!.priority,
          team: row!.route_team,
        });
        return { rule: toRule(row!) };
      });
    },
    async deleteRule(organizationId: string, id: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx.query<RuleRow>(
          'delete from lead_routing_rules where organization_id = $1 and id = $2 returning *',
          [organizationId, id],
        );
        if (!row) return undefined;
        await recordChange(tx, serviceActor(organizationId), 'lead_routing_rule.deleted', id, {
          priority: row.priority,
          team: row.route_team,
        });
        return { object: 'lead_routing_rule' as const, id, deleted: true as const };
      });
    },
    async leads(organizationId: string, filter: { projectId?: string; status?: Lead['status'] } = {}) {
      const rows = await db.query<LeadRow>(
        `select * from leads where organization_id = $1 and ($2::text is null or project_id = $2)
           and ($3::text is null or (routed_rule_id is not null) = ($3 = 'routed')) order by id`,
        [organizationId, filter.projectId ?? null, filter.status ?? null],
      );
      return rows.map(toLead);
    },
    async lead(organizationId: string, id: string) {
      const row = await ownedRow<LeadRow>(db, 'leads', organizationId, id);
      return row && toLead(row);
    },
    /** Takes a lead in and routes it by the rules as they stand in this transaction. */
    async receive(
      organizationId: string,
      project: Project | undefined,
      input: Schemas['LeadCreate'],
      /** The person who confirmed it (an AI app's request), for the audit log; the service otherwise. */
      actor?: Actor,
    ): Promise<{ lead: Lead } | { errors: FieldError[] }> {
      if (!project) return { errors: [noSuchProject()] };
      if (input.unitType !== undefined) {
        const problem = problemInUnitType(project, input.unitType, 'body.unitType');
        if (problem) return { errors: [problem] };
      }
      return db.transaction(async (tx) => {
        if (!(await roomInOrganization(tx, 'leads', organizationId, MAX_LEADS)))
          return {
            errors: [{ parameter: 'body', detail: `a developer keeps at most ${MAX_LEADS} leads in the sandbox` }],
          };
        const rule = (await rulesInOrder(tx, organizationId)).find((r) => matches(r.match, input));
        const [row] = await tx.query<LeadRow>(
          `insert into leads (id, organization_id, project_id, unit_type, budget, contact_name, contact_email,
             routed_rule_id, routed_team, routed_email, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
          [
            newTimeOrderedId('lead'),
            organizationId,
            project.id,
            input.unitType ?? null,
            input.budget ?? null,
            input.contact.name.trim(),
            input.contact.email.trim(),
            rule?.id ?? null,
            rule?.routeTo.team ?? null,
            rule?.routeTo.email ?? null,
            now(),
          ],
        );
        await recordChange(
          tx,
          actor ?? serviceActor(organizationId),
          rule ? 'lead.routed' : 'lead.unrouted',
          row!.id,
          rule ? { projectId: project.id, ruleId: rule.id, team: rule.routeTo.team } : { projectId: project.id },
        );
        return { lead: toLead(row!) };
      });
    },
  };
}

export type LeadStore = ReturnType<typeof createLeadStore>;
