/**
 * What the API Console reads and changes, always within the signed-in person's organization, each
 * change written to the audit log in the same transaction. Widget keys are publishable and kept as
 * they are; a platform key is returned once, when it is made, and kept only as its hash.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { hashSecret } from '../../db/secrets.js';

export const SCOPES = ['organizations.read', 'products.read', 'agents.read', 'developers.read', 'webhooks.read', 'valuations.read'] as const;
export type Scope = (typeof SCOPES)[number];

export interface Actor {
  userId: string;
  organizationId: string;
}

export interface WidgetKeyView {
  id: string;
  name: string;
  key: string;
  origins: string[];
  estimatesToday: number;
  createdAt: string;
  revokedAt: string | null;
}

export interface PlatformKeyView {
  id: string;
  label: string;
  prefix: string;
  last4: string;
  scopes: string[];
  createdAt: string;
  revokedAt: string | null;
}

export interface AuditEntry {
  at: string;
  userName: string | null;
  action: string;
  target: string;
  detail: Record<string, unknown>;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** `length` characters from the alphabet, uniformly (rejection of the bytes that would bias it). */
function randomBody(length: number): string {
  let body = '';
  while (body.length < length) {
    for (const byte of randomBytes(length * 2)) if (byte < 252 && body.length < length) body += ALPHABET[byte % 36];
  }
  return body;
}
const newId = (prefix: string) => `${prefix}_${randomBody(16)}`;
const newWidgetKey = () => `svce_test_${randomBody(24)}`;
const newPlatformKey = () => `svcp_test_${randomBody(32)}`;

export function createConsoleStore(db: Database, now: () => Date = () => new Date()) {
  const today = () => now().toISOString().slice(0, 10);
  type Tx = Pick<Database, 'query'>;
  const audit = (tx: Tx, actor: Actor, action: string, target: string, detail: Record<string, unknown> = {}) =>
    tx.query('insert into audit_log (organization_id, user_id, action, target, detail) values ($1, $2, $3, $4, $5)', [
      actor.organizationId,
      actor.userId,
      action,
      target,
      JSON.stringify(detail),
    ]);

  async function widgetKeys(actor: Actor, id?: string): Promise<WidgetKeyView[]> {
    const rows = await db.query<{ id: string; name: string; key: string; origins: string[] | null; estimates_today: number | null; created_at: Date; revoked_at: Date | null }>(
      `select k.id, k.name, k.key, k.created_at, k.revoked_at,
              array(select origin from widget_key_origins o where o.widget_key_id = k.id order by origin) as origins,
              coalesce((select u.count from estimate_usage u where u.widget_key_id = k.id and u.day = $2), k.starts_day_at) as estimates_today
         from widget_keys k
        where k.organization_id = $1 and ($3::text is null or k.id = $3)
        order by k.revoked_at is not null, k.created_at desc, k.id`,
      [actor.organizationId, today(), id ?? null],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      key: r.key,
      origins: r.origins ?? [],
      estimatesToday: r.estimates_today ?? 0,
      createdAt: new Date(r.created_at).toISOString(),
      revokedAt: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
    }));
  }

  return {
    widgetKeys: (actor: Actor) => widgetKeys(actor),
    /** One of the organization's keys; undefined for another organization's, as for none. */
    widgetKey: async (actor: Actor, id: string) => (await widgetKeys(actor, id))[0],

    createWidgetKey: (actor: Actor, name: string, origins: string[]) =>
      db.transaction(async (tx) => {
        const id = newId('wk');
        await tx.query('insert into widget_keys (id, organization_id, key, name) values ($1, $2, $3, $4)', [id, actor.organizationId, newWidgetKey(), name]);
        for (const origin of origins) await tx.query('insert into widget_key_origins (widget_key_id, origin) values ($1, $2)', [id, origin]);
        await audit(tx, actor, 'widget_key.created', id, { name, origins });
        return id;
      }),

    /** Renames the key and sets its origins exactly; false when it is not the organization's, or revoked. */
    updateWidgetKey: (actor: Actor, id: string, name: string, origins: string[]) =>
      db.transaction(async (tx) => {
        const [key] = await tx.query<{ name: string }>('select name from widget_keys where id = $1 and organization_id = $2 and revoked_at is null for update', [
          id,
          actor.organizationId,
        ]);
        if (!key) return false;
        const before = (await tx.query<{ origin: string }>('select origin from widget_key_origins where widget_key_id = $1', [id])).map((r) => r.origin);
        const added = origins.filter((o) => !before.includes(o));
        const removed = before.filter((o) => !origins.includes(o));
        if (key.name !== name) {
          await tx.query('update widget_keys set name = $2 where id = $1', [id, name]);
          await audit(tx, actor, 'widget_key.renamed', id, { from: key.name, to: name });
        }
        for (const origin of removed) await tx.query('delete from widget_key_origins where widget_key_id = $1 and origin = $2', [id, origin]);
        for (const origin of added) await tx.query('insert into widget_key_origins (widget_key_id, origin) values ($1, $2)', [id, origin]);
        if (added.length) await audit(tx, actor, 'widget_key.origins_added', id, { origins: added });
        if (removed.length) await audit(tx, actor, 'widget_key.origins_removed', id, { origins: removed });
        return true;
      }),

    /** A new key value for the same websites; the old value stops working at once. */
    rotateWidgetKey: (actor: Actor, id: string) =>
      db.transaction(async (tx) => {
        const rows = await tx.query('update widget_keys set key = $3 where id = $1 and organization_id = $2 and revoked_at is null returning id', [
          id,
          actor.organizationId,
          newWidgetKey(),
        ]);
        if (rows.length) await audit(tx, actor, 'widget_key.rotated', id);
        return rows.length > 0;
      }),

    revokeWidgetKey: (actor: Actor, id: string) =>
      db.transaction(async (tx) => {
        const rows = await tx.query('update widget_keys set revoked_at = now() where id = $1 and organization_id = $2 and revoked_at is null returning id', [
          id,
          actor.organizationId,
        ]);
        if (rows.length) await audit(tx, actor, 'widget_key.revoked', id);
        return rows.length > 0;
      }),

    platformKeys: async (actor: Actor): Promise<PlatformKeyView[]> =>
      (
        await db.query<{ id: string; label: string; prefix: string; last4: string; scopes: string[]; created_at: Date; revoked_at: Date | null }>(
          `select id, label, prefix, last4, scopes, created_at, revoked_at from platform_keys where organization_id = $1
            order by revoked_at is not null, created_at desc, id`,
          [actor.organizationId],
        )
      ).map((r) => ({
        id: r.id,
        label: r.label,
        prefix: r.prefix,
        last4: r.last4,
        scopes: r.scopes,
        createdAt: new Date(r.created_at).toISOString(),
        revokedAt: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
      })),

    /** Makes a sandbox platform key; the returned value is the only time the key exists outside a hash. */
    createPlatformKey: (actor: Actor, label: string, scopes: Scope[]) =>
      db.transaction(async (tx) => {
        const key = newPlatformKey();
        const id = newId('pk');
        await tx.query('insert into platform_keys (id, organization_id, sha256, prefix, last4, label, scopes) values ($1, $2, $3, $4, $5, $6, $7)', [
          id,
          actor.organizationId,
          hashSecret(key),
          key.slice(0, 10),
          key.slice(-4),
          label,
          scopes,
        ]);
        await audit(tx, actor, 'platform_key.created', id, { label, scopes, last4: key.slice(-4) });
        return { id, key };
      }),

    revokePlatformKey: (actor: Actor, id: string) =>
      db.transaction(async (tx) => {
        const rows = await tx.query('update platform_keys set revoked_at = now() where id = $1 and organization_id = $2 and revoked_at is null returning id', [
          id,
          actor.organizationId,
        ]);
        if (rows.length) await audit(tx, actor, 'platform_key.revoked', id);
        return rows.length > 0;
      }),

    /** Writes one entry to the audit log (for changes made outside these keys, such as connecting an AI app). */
    record: (actor: Actor, action: string, target: string, detail: Record<string, unknown> = {}) => audit(db, actor, action, target, detail),

    audit: async (actor: Actor): Promise<AuditEntry[]> =>
      (
        await db.query<{ at: Date; user_name: string | null; action: string; target: string; detail: Record<string, unknown> | string }>(
          `select a.at, u.name as user_name, a.action, a.target, a.detail from audit_log a left join users u on u.id = a.user_id
            where a.organization_id = $1 order by a.at desc, a.id desc limit 200`,
          [actor.organizationId],
        )
      ).map((r) => ({ at: new Date(r.at).toISOString(), userName: r.user_name, action: r.action, target: r.target, detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail })),

    users: () => db.query<{ id: string; name: string; email: string; role: string; organization_name: string }>(
      'select u.id, u.name, u.email, u.role, o.name as organization_name from users u join organizations o on o.id = u.organization_id order by o.name, u.name',
    ),
  };
}

export type ConsoleStore = ReturnType<typeof createConsoleStore>;
