/**
 * An organization's widget keys, as the API Console and MCP's tools manage them: always within the
 * actor's organization, every input checked here (the same rules and words on every surface), every
 * change recorded (audit entry and event) in its own transaction. Widget keys are publishable, so
 * they are kept as they are.
 */
import type { Database } from '../../db/database.js';
import { type Actor, recordChange } from '../events/record-change.js';
import { utcDay } from '../metering/utc-day.js';
import { problemInName } from './names.js';
import { checkOrigins, type OriginRule, SANDBOX_ORIGINS } from './origins.js';
import { newRecordId, newWidgetKey } from './generate.js';

export interface WidgetKeyView {
  id: string;
  name: string;
  key: string;
  origins: string[];
  estimatesToday: number;
  createdAt: string;
  revokedAt: string | null;
  /** Values it had before its rotations that still work (the grace the owner chose), soonest to end first. */
  previous: { key: string; expiresAt: string }[];
}

/** The grace a rotation may give the old value, in hours, as the console offers it. */
export const ROTATION_GRACE_HOURS = [0, 1, 24, 168] as const;

/** What was wrong with a key's name or origins, in words for the person who typed them. */
export type KeyInputErrors = Partial<Record<'name' | 'origins', string>>;

/** A key's name and origins as every surface checks them: the normalised origins, and the errors if any. */
export function checkWidgetKeyInput(
  name: string,
  origins: string[],
  originsRequired: boolean,
  rule: OriginRule = SANDBOX_ORIGINS,
): { errors?: KeyInputErrors; origins: string[] } {
  const checked = checkOrigins(origins, originsRequired, rule);
  const errors: KeyInputErrors = {};
  const nameProblem = problemInName(name, 'key');
  if (nameProblem) errors.name = nameProblem;
  if (checked.error) errors.origins = checked.error;
  return Object.keys(errors).length ? { errors, origins: checked.origins } : { origins: checked.origins };
}

/** `rule`: which origins a key may list (live's are https; origins.ts). */
export function createWidgetKeyAdmin(
  db: Database,
  now: () => Date = () => new Date(),
  rule: OriginRule = SANDBOX_ORIGINS,
) {
  async function widgetKeys(actor: Actor, id?: string): Promise<WidgetKeyView[]> {
    const rows = await db.query<{
      id: string;
      name: string;
      key: string;
      origins: string[] | null;
      estimates_today: number | null;
      created_at: Date;
      revoked_at: Date | null;
      previous: { key: string; expires_at: string }[] | string | null;
    }>(
      `select k.id, k.name, k.key, k.created_at, k.revoked_at,
              (select coalesce(json_agg(json_build_object('key', p.key, 'expires_at', p.expires_at) order by p.expires_at), '[]')
                 from widget_key_previous_values p where p.widget_key_id = k.id and p.expires_at > $4) as previous,
              array(select origin from widget_key_origins o where o.widget_key_id = k.id order by origin) as origins,
              coalesce((select u.count from daily_usage u where u.kind = 'widget_estimate' and u.subject = k.id and u.day = $2), k.starts_day_at) as estimates_today
         from widget_keys k
        where k.organization_id = $1 and ($3::text is null or k.id = $3)
        order by k.revoked_at is not null, k.created_at desc, k.id`,
      [actor.organizationId, utcDay(now()), id ?? null, now()],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      key: r.key,
      origins: r.origins ?? [],
      estimatesToday: r.estimates_today ?? 0,
      createdAt: new Date(r.created_at).toISOString(),
      revokedAt: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
      previous: (typeof r.previous === 'string' ? JSON.parse(r.previous) : (r.previous ?? [])).map(
        (p: { key: string; expires_at: string }) => ({ key: p.key, expiresAt: new Date(p.expires_at).toISOString() }),
      ),
    }));
  }

  return {
    widgetKeys: (actor: Actor) => widgetKeys(actor),
    /** One of the organization's keys; undefined for another organization's, as for none. */
    widgetKey: async (actor: Actor, id: string): Promise<WidgetKeyView | undefined> => (await widgetKeys(actor, id))[0],

    /** Which origins this environment's keys may list. */
    originRule: rule,

    /** A key's name and origins as this environment checks them. */
    checkInput: (name: string, origins: string[], originsRequired: boolean) =>
      checkWidgetKeyInput(name, origins, originsRequired, rule),

    /** The one way a widget key is made: its name and origins checked, then created and recorded. */
    async createWidgetKey(
      actor: Actor,
      name: string,
      origins: string[],
    ): Promise<{ id: string } | { errors: KeyInputErrors }> {
      const checked = checkWidgetKeyInput(name, origins, true, rule);
      if (checked.errors) return { errors: checked.errors };
      const id = await db.transaction(async (tx) => {
        const keyId = newRecordId('wk');
        await tx.query('insert into widget_keys (id, organization_id, key, name) values ($1, $2, $3, $4)', [
          keyId,
          actor.organizationId,
          newWidgetKey(db.environment),
          name.trim(),
        ]);
        for (const origin of checked.origins)
          await tx.query('insert into widget_key_origins (widget_key_id, origin) values ($1, $2)', [keyId, origin]);
        await recordChange(tx, actor, 'widget_key.created', keyId, { name: name.trim(), origins: checked.origins });
        return keyId;
      });
      return { id };
    },

    /** Renames the key and sets its origins exactly: 'missing' when it is not the organization's, or revoked. */
    async updateWidgetKey(
      actor: Actor,
      id: string,
      name: string,
      origins: string[],
    ): Promise<'saved' | 'missing' | { errors: KeyInputErrors }> {
      const checked = checkWidgetKeyInput(name, origins, false, rule);
      if (checked.errors) return { errors: checked.errors };
      return db.transaction(async (tx) => {
        const [key] = await tx.query<{ name: string }>(
          'select name from widget_keys where id = $1 and organization_id = $2 and revoked_at is null for update',
          [id, actor.organizationId],
        );
        if (!key) return 'missing';
        const before = (
          await tx.query<{ origin: string }>('select origin from widget_key_origins where widget_key_id = $1', [id])
        ).map((r) => r.origin);
        const added = checked.origins.filter((o) => !before.includes(o));
        const removed = before.filter((o) => !checked.origins.includes(o));
        if (key.name !== name.trim()) {
          await tx.query('update widget_keys set name = $2 where id = $1', [id, name.trim()]);
          await recordChange(tx, actor, 'widget_key.renamed', id, { from: key.name, to: name.trim() });
        }
        for (const origin of removed)
          await tx.query('delete from widget_key_origins where widget_key_id = $1 and origin = $2', [id, origin]);
        for (const origin of added)
          await tx.query('insert into widget_key_origins (widget_key_id, origin) values ($1, $2)', [id, origin]);
        if (added.length) await recordChange(tx, actor, 'widget_key.origins_added', id, { origins: added });
        if (removed.length) await recordChange(tx, actor, 'widget_key.origins_removed', id, { origins: removed });
        return 'saved';
      });
    },

    /** A new key value for the same websites; the old value stops working at once. */
    /** A new value for the key; the old one keeps working for `graceHours` (0: it stops at once). */
    rotateWidgetKey: (actor: Actor, id: string, graceHours: number = 0) =>
      db.transaction(async (tx) => {
        const until = graceHours > 0 ? new Date(now().getTime() + graceHours * 3_600_000) : null;
        const [old] = await tx.query<{ key: string }>(
          'select key from widget_keys where id = $1 and organization_id = $2 and revoked_at is null for update',
          [id, actor.organizationId],
        );
        if (!old) return false;
        // No grace means the key leaked: every earlier value stops now too. Otherwise the old value joins them.
        if (until)
          await tx.query(
            'insert into widget_key_previous_values (key, widget_key_id, expires_at) values ($1, $2, $3)',
            [old.key, id, until],
          );
        else await tx.query('delete from widget_key_previous_values where widget_key_id = $1', [id]);
        await tx.query('update widget_keys set key = $2 where id = $1', [id, newWidgetKey(db.environment)]);
        await recordChange(tx, actor, 'widget_key.rotated', id, {
          oldValueWorksUntil: until ? until.toISOString() : 'rotation (every earlier value ended too)',
        });
        return true;
      }),

    revokeWidgetKey: (actor: Actor, id: string) =>
      db.transaction(async (tx) => {
        const rows = await tx.query(
          'update widget_keys set revoked_at = now() where id = $1 and organization_id = $2 and revoked_at is null returning id',
          [id, actor.organizationId],
        );
        if (rows.length) await recordChange(tx, actor, 'widget_key.revoked', id);
        return rows.length > 0;
      }),
  };
}

export type WidgetKeyAdmin = ReturnType<typeof createWidgetKeyAdmin>;
