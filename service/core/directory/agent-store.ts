/**
 * An agency's agents: CEA-registered salespeople, shared by both environments like the organization.
 * An archived agent keeps their id and history (listings and analytics still name them) but lists
 * nothing new and leaves their teams. Each change is an audit entry and an `agent.*` event in the
 * environment whose key or person made it.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { newTimeOrderedId } from '../../db/ids.js';
import { roomInOrganization } from '../../db/organization-rows.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { recordChange, serviceActor, type Tx } from '../events/record-change.js';
import { blankFields, type FieldError } from './fields.js';

type Schemas = components['schemas'];
export type Agent = Schemas['Agent'];
export const MAX_AGENTS = 500;

interface Row {
  id: string;
  name: string;
  cea_number: string;
  email: string | null;
  phone: string | null;
  role: Schemas['AgentRole'];
  status: Schemas['RecordStatus'];
  user_id: string | null;
  team_ids: string[] | null;
  created_at: Date;
  updated_at: Date;
}
const SELECT = `select a.*, array(select m.team_id from team_members m join teams t on t.id = m.team_id
  where m.agent_id = a.id and t.status = 'active' order by m.team_id) as team_ids from agents a`;

const toAgent = (row: Row): Agent => ({
  object: 'agent',
  id: row.id,
  name: row.name,
  ceaNumber: row.cea_number,
  email: row.email,
  phone: row.phone,
  role: row.role,
  status: row.status,
  accountId: row.user_id,
  teamIds: row.team_ids ?? [],
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});
const detailOf = (agent: Pick<Agent, 'name' | 'role' | 'status'>) => ({
  name: agent.name,
  role: agent.role,
  status: agent.status,
});
const CEA_TAKEN: FieldError = {
  parameter: 'body.ceaNumber',
  detail:
    'is already held by an active agent (a CEA registration is one person’s; archive them at their old agency first)',
};

type Outcome = { agent: Agent } | { errors: FieldError[] };

export function createAgentStore(db: Database, now = () => new Date()) {
  const read = async (q: Tx, organizationId: string, id: string) =>
    (await q.query<Row>(`${SELECT} where a.organization_id = $1 and a.id = $2`, [organizationId, id]))[0];
  /** Why `userId` cannot be this organization's agent, or undefined. */
  const problemInAccount = async (q: Tx, organizationId: string, userId: string | undefined) => {
    if (userId === undefined) return undefined;
    const [member] = await q.query('select 1 from memberships where user_id = $1 and organization_id = $2', [
      userId,
      organizationId,
    ]);
    return member
      ? undefined
      : { parameter: 'body.accountId', detail: 'is not a member of this organization (the console’s Members page)' };
  };

  return {
    async list(organizationId: string, status?: Schemas['RecordStatus']) {
      const rows = await db.query<Row>(
        `${SELECT} where a.organization_id = $1 and ($2::text is null or a.status = $2) order by a.id`,
        [organizationId, status ?? null],
      );
      return rows.map(toAgent);
    },
    async get(organizationId: string, id: string) {
      const row = await read(db, organizationId, id);
      return row && toAgent(row);
    },
    /** The agent a key acts for when it names none: the agency's first admin, else its first team lead, else its first agent. */
    async acting(organizationId: string) {
      const [row] = await db.query<Row>(
        `${SELECT} where a.organization_id = $1 and a.status = 'active'
         order by (a.role = 'agency_admin') desc, (a.role = 'team_lead') desc, a.created_at, a.id limit 1`,
        [organizationId],
      );
      return row && toAgent(row);
    },
    /** Whether `id` is one of the agency's active agents: only they list homes or join teams. */
    async isActive(q: Tx, organizationId: string, id: string) {
      const [row] = await q.query(`select 1 from agents where organization_id = $1 and id = $2 and status = 'active'`, [
        organizationId,
        id,
      ]);
      return Boolean(row);
    },
    async create(
      organizationId: string,
      input: Schemas['AgentCreate'],
      id = newTimeOrderedId('agt'),
    ): Promise<Outcome> {
      const blank = blankFields(input, ['name']);
      if (blank.length) return { errors: blank };
      try {
        return await db.transaction(async (tx) => {
          const account = await problemInAccount(tx, organizationId, input.accountId);
          if (account) return { errors: [account] };
          if (!(await roomInOrganization(tx, 'agents', organizationId, MAX_AGENTS)))
            return { errors: [{ parameter: 'body', detail: `an agency keeps at most ${MAX_AGENTS} agents` }] };
          const at = now();
          await tx.query(
            `insert into agents (id, organization_id, name, cea_number, email, phone, role, user_id, created_at, updated_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
            [
              id,
              organizationId,
              input.name.trim(),
              input.ceaNumber,
              input.email ?? null,
              input.phone ?? null,
              input.role ?? 'agent',
              input.accountId ?? null,
              at,
            ],
          );
          const agent = toAgent((await read(tx, organizationId, id))!);
          await recordChange(tx, serviceActor(organizationId), 'agent.created', id, detailOf(agent));
          return { agent };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { errors: [CEA_TAKEN] };
        throw error;
      }
    },
    async update(
      organizationId: string,
      id: string,
      input: Schemas['AgentUpdate'],
    ): Promise<Outcome | { refused: { from: 'archived'; allowed: [] } } | undefined> {
      const blank = blankFields(input, ['name']);
      if (blank.length) return { errors: blank };
      return db.transaction(async (tx) => {
        const [seen] = await tx.query<Row>('select * from agents where organization_id = $1 and id = $2 for update', [
          organizationId,
          id,
        ]);
        if (!seen) return undefined;
        if (seen.status === 'archived') return { refused: { from: 'archived' as const, allowed: [] as [] } };
        const account = await problemInAccount(tx, organizationId, input.accountId);
        if (account) return { errors: [account] };
        await tx.query(
          `update agents set name = coalesce($3, name), email = coalesce($4, email), phone = coalesce($5, phone),
             role = coalesce($6, role), user_id = coalesce($7, user_id), updated_at = $8
           where organization_id = $1 and id = $2`,
          [
            organizationId,
            id,
            input.name?.trim() ?? null,
            input.email ?? null,
            input.phone ?? null,
            input.role ?? null,
            input.accountId ?? null,
            now(),
          ],
        );
        const agent = toAgent((await read(tx, organizationId, id))!);
        await recordChange(tx, serviceActor(organizationId), 'agent.updated', id, detailOf(agent));
        return { agent };
      });
    },
    /** Archives the agent (final; archiving again changes nothing): they leave their teams, their history stays. */
    async archive(organizationId: string, id: string): Promise<{ agent: Agent } | undefined> {
      return db.transaction(async (tx) => {
        const [seen] = await tx.query<Row>('select * from agents where organization_id = $1 and id = $2 for update', [
          organizationId,
          id,
        ]);
        if (!seen) return undefined;
        if (seen.status === 'active') {
          await tx.query(`update agents set status = 'archived', updated_at = $2 where id = $1`, [id, now()]);
          await tx.query('delete from team_members where agent_id = $1', [id]);
          await recordChange(tx, serviceActor(organizationId), 'agent.archived', id, {
            ...detailOf(toAgent(seen)),
            status: 'archived',
          });
        }
        return { agent: toAgent((await read(tx, organizationId, id))!) };
      });
    },
  };
}

/** An agent as the sandbox seeds it: its own id, no event (a seed is no one's change). */
export async function seedAgent(tx: Tx, organizationId: string, agent: Schemas['AgentCreate'] & { id: string }) {
  await tx.query(
    `insert into agents (id, organization_id, name, cea_number, email, phone, role, user_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (id) do nothing`,
    [
      agent.id,
      organizationId,
      agent.name,
      agent.ceaNumber,
      agent.email ?? null,
      agent.phone ?? null,
      agent.role ?? 'agent',
      agent.accountId ?? null,
    ],
  );
}

export type AgentStore = ReturnType<typeof createAgentStore>;
