/** The sandbox's people, whom anyone may sign in as, and an organization's audit log. */
import type { Database } from '../../db/database.js';
import type { Change } from '../events/change-types.js';
import { type Actor, recordChangeOf } from '../events/record-change.js';

export interface AuditEntry {
  id: number;
  at: string;
  userName: string | null;
  /** Who made it, as the log shows it: the person, the platform key (its label and last four) or the service. */
  by: string;
  action: string;
  target: string;
  /** What the target is called now (a key's name, a platform key's label, an app's name), when it still exists. */
  targetName: string | null;
  detail: Record<string, unknown>;
}

/** Entries on one page of the audit log. */
export const AUDIT_PAGE = 50;

export interface AuditQuery {
  /** Only this action (`widget_key.rotated`, …). */
  action?: string;
  /** Entries older than this entry id: the next page. */
  before?: number;
}

export function createMembers(db: Database) {
  return {
    /** The demo people (the sandbox's), whom the sign-in page lets anyone choose (never a real account). */
    demoPeople: () =>
      db.query<{ id: string; name: string; email: string; role: string; organization_name: string }>(
        `select u.id, u.name, u.email, u.role, o.name as organization_name from users u join organizations o on o.id = u.organization_id
          where u.kind = 'demo' order by o.name, u.name`,
      ),

    /** Records a change made outside the keys (connecting an AI app, say): audit entry and event, together. */
    record: (actor: Actor, target: string, change: Change) =>
      db.transaction((tx) => recordChangeOf(tx, actor, target, change)),

    /** One page of the organization's audit log, newest first, and the actions it has (for a filter). */
    async audit(actor: Actor, query: AuditQuery = {}) {
      const rows = await db.query<{
        id: string | number;
        at: Date;
        user_name: string | null;
        via: string | null;
        via_key: string | null;
        action: string;
        target: string;
        target_name: string | null;
        detail: Record<string, unknown> | string;
      }>(
        `select a.id, a.at, u.name as user_name, a.via, a.action, a.target, a.detail,
                coalesce(wk.name, pk.label, c.metadata->>'client_name') as target_name,
                case when vk.id is not null then '“' || vk.label || '” (…' || vk.last4 || ')' end as via_key
           from audit_log a left join users u on u.id = a.user_id
           left join platform_keys vk on 'platform_key:' || vk.id = a.via and vk.organization_id = a.organization_id
           left join widget_keys wk on wk.id = a.target and wk.organization_id = a.organization_id
           left join platform_keys pk on pk.id = a.target and pk.organization_id = a.organization_id
           left join oauth_clients c on c.client_id = a.target
          where a.organization_id = $1 and ($2::text is null or a.action = $2) and ($3::bigint is null or a.id < $3)
          order by a.id desc limit $4`,
        [actor.organizationId, query.action ?? null, query.before ?? null, AUDIT_PAGE + 1],
      );
      const actions = await db.query<{ action: string }>(
        'select distinct action from audit_log where organization_id = $1 order by action',
        [actor.organizationId],
      );
      const entries: AuditEntry[] = rows.slice(0, AUDIT_PAGE).map((r) => ({
        id: Number(r.id),
        at: new Date(r.at).toISOString(),
        userName: r.user_name,
        by: r.user_name
          ? r.user_name
          : r.via_key
            ? `Platform key ${r.via_key}`
            : r.via?.startsWith('platform_key:')
              ? 'A platform key'
              : 'The service',
        action: r.action,
        target: r.target,
        targetName: r.target_name,
        detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
      }));
      return {
        entries,
        actions: actions.map((a) => a.action),
        nextBefore: rows.length > AUDIT_PAGE ? entries.at(-1)!.id : undefined,
      };
    },
  };
}

export type Members = ReturnType<typeof createMembers>;
