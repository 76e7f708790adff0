/**
 * An agency's teams of its active agents, shared by both environments like the agents. A change
 * replaces the whole membership; archiving keeps the team's history. Each change is a `team.*` event.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { newTimeOrderedId } from '../../db/ids.js';
import { roomInOrganization } from '../../db/organization-rows.js';
import { recordChange, serviceActor, type Tx } from '../events/record-change.js';
import { blankFields, type FieldError } from './fields.js';

type Schemas = components['schemas'];
export type Team = Schemas['Team'];
export const MAX_TEAMS = 100;

interface Row {
  id: string;
  name: string;
  status: Schemas['RecordStatus'];
  agent_ids: string[] | null;
  created_at: Date;
  updated_at: Date;
}
const SELECT = `select t.*, array(select m.agent_id from team_members m where m.team_id = t.id order by m.agent_id)
  as agent_ids from teams t`;
const toTeam = (row: Row): Team => ({
  object: 'team',
  id: row.id,
  name: row.name,
  status: row.status,
  agentIds: row.agent_ids ?? [],
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});
const detailOf = (team: Team) => ({ name: team.name, agentIds: team.agentIds, status: team.status });

const setMembers = async (q: Tx, id: string, agentIds: string[]) => {
  await q.query('delete from team_members where team_id = $1', [id]);
  for (const agentId of agentIds)
    await q.query('insert into team_members (team_id, agent_id) values ($1, $2)', [id, agentId]);
};

type Outcome = { team: Team } | { errors: FieldError[] };

export function createTeamStore(db: Database, now = () => new Date()) {
  const read = async (q: Tx, organizationId: string, id: string) =>
    (await q.query<Row>(`${SELECT} where t.organization_id = $1 and t.id = $2`, [organizationId, id]))[0];
  /** Each id that is not an active agent of the agency, named by its place in the list. */
  const strangers = async (q: Tx, organizationId: string, agentIds: string[]) => {
    const active = new Set(
      (
        await q.query<{ id: string }>(
          `select id from agents where organization_id = $1 and status = 'active' and id = any($2) for share`,
          [organizationId, agentIds],
        )
      ).map((r) => r.id),
    );
    return agentIds.flatMap((id, i) =>
      active.has(id)
        ? []
        : [{ parameter: `body.agentIds[${i}]`, detail: `${id} is not an active agent of this agency (GET /agents)` }],
    );
  };

  return {
    async list(organizationId: string, status?: Schemas['RecordStatus']) {
      const rows = await db.query<Row>(
        `${SELECT} where t.organization_id = $1 and ($2::text is null or t.status = $2) order by t.id`,
        [organizationId, status ?? null],
      );
      return rows.map(toTeam);
    },
    async get(organizationId: string, id: string) {
      const row = await read(db, organizationId, id);
      return row && toTeam(row);
    },
    async create(
      organizationId: string,
      input: Schemas['TeamCreate'],
      id = newTimeOrderedId('team'),
    ): Promise<Outcome> {
      const blank = blankFields(input, ['name']);
      if (blank.length) return { errors: blank };
      return db.transaction(async (tx) => {
        const errors = await strangers(tx, organizationId, input.agentIds ?? []);
        if (errors.length) return { errors };
        if (!(await roomInOrganization(tx, 'teams', organizationId, MAX_TEAMS)))
          return { errors: [{ parameter: 'body', detail: `an agency keeps at most ${MAX_TEAMS} teams` }] };
        const at = now();
        await tx.query(
          'insert into teams (id, organization_id, name, created_at, updated_at) values ($1, $2, $3, $4, $4)',
          [id, organizationId, input.name.trim(), at],
        );
        await setMembers(tx, id, input.agentIds ?? []);
        const team = toTeam((await read(tx, organizationId, id))!);
        await recordChange(tx, serviceActor(organizationId), 'team.created', id, detailOf(team));
        return { team };
      });
    },
    async update(
      organizationId: string,
      id: string,
      input: Schemas['TeamUpdate'],
    ): Promise<Outcome | { refused: { from: 'archived'; allowed: [] } } | undefined> {
      const blank = blankFields(input, ['name']);
      if (blank.length) return { errors: blank };
      return db.transaction(async (tx) => {
        const [seen] = await tx.query<Row>('select * from teams where organization_id = $1 and id = $2 for update', [
          organizationId,
          id,
        ]);
        if (!seen) return undefined;
        if (seen.status === 'archived') return { refused: { from: 'archived' as const, allowed: [] as [] } };
        if (input.agentIds) {
          const errors = await strangers(tx, organizationId, input.agentIds);
          if (errors.length) return { errors };
          await setMembers(tx, id, input.agentIds);
        }
        await tx.query('update teams set name = coalesce($2, name), updated_at = $3 where id = $1', [
          id,
          input.name?.trim() ?? null,
          now(),
        ]);
        const team = toTeam((await read(tx, organizationId, id))!);
        await recordChange(tx, serviceActor(organizationId), 'team.updated', id, detailOf(team));
        return { team };
      });
    },
    async archive(organizationId: string, id: string): Promise<{ team: Team } | undefined> {
      return db.transaction(async (tx) => {
        const [seen] = await tx.query<Row>('select * from teams where organization_id = $1 and id = $2 for update', [
          organizationId,
          id,
        ]);
        if (!seen) return undefined;
        if (seen.status === 'active') {
          await tx.query(`update teams set status = 'archived', updated_at = $2 where id = $1`, [id, now()]);
          const team = toTeam((await read(tx, organizationId, id))!);
          await recordChange(tx, serviceActor(organizationId), 'team.archived', id, detailOf(team));
        }
        return { team: toTeam((await read(tx, organizationId, id))!) };
      });
    },
  };
}

/** A team as the sandbox seeds it: its own id, no event. */
export async function seedTeam(tx: Tx, organizationId: string, team: { id: string; name: string; agentIds: string[] }) {
  const made = await tx.query(
    'insert into teams (id, organization_id, name) values ($1, $2, $3) on conflict (id) do nothing returning id',
    [team.id, organizationId, team.name],
  );
  if (made.length) await setMembers(tx, team.id, team.agentIds);
}

export type TeamStore = ReturnType<typeof createTeamStore>;
