/**
 * `create_widget_key`: the MCP endpoint's one consequential write. It declares itself (not read-only,
 * idempotent), needs an idempotency key (the same key and arguments create one widget key; the same
 * key with other arguments is refused), and asks the person to confirm: in the client through
 * elicitation where the client supports it, otherwise on a page of the service (the owned handoff).
 * Every key it creates is in the audit log; it never returns a secret (widget keys are publishable).
 */
import { createHash, randomBytes } from 'node:crypto';
import { parseOrigin } from '../../core/keys/origins.js';
import type { ConsoleStore } from '../../core/keys/key-admin.js';
import type { Database } from '../../db/database.js';
import type { Caller } from './private-tools.js';

export const CREATE_WIDGET_KEY = {
  name: 'create_widget_key',
  title: 'Create a widget key',
  description:
    'Creates a widget key for the listed website origins, after the person confirms. Needs sign-in with widget_keys.write and an idempotencyKey: repeating a call with the same key returns the same result.',
  scope: 'widget_keys.write' as const,
  inputSchema: {
    type: 'object',
    required: ['name', 'origins', 'idempotencyKey'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100, description: 'A name the site owner will recognise.' },
      origins: { type: 'array', minItems: 1, maxItems: 20, items: { type: 'string', maxLength: 300 }, description: 'Exact origins, such as https://www.example.com.' },
      idempotencyKey: { type: 'string', minLength: 8, maxLength: 100, description: 'Unique per intended key; reuse it to retry safely.' },
    },
  },
  outputSchema: {
    type: 'object',
    required: ['status'],
    properties: {
      status: { type: 'string', enum: ['created', 'awaiting_confirmation', 'declined'] },
      widgetKey: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, key: { type: 'string' }, origins: { type: 'array', items: { type: 'string' } } } },
      confirmUrl: { type: 'string', description: 'With awaiting_confirmation: the service page where the person confirms.' },
    },
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};

export interface CreateArgs {
  name: string;
  origins: string[];
  idempotencyKey: string;
}

type Result = { structured: Record<string, unknown>; text: string } | { error: string };

const declined: Result = { structured: { status: 'declined' }, text: 'The person declined; no widget key was created.' };

const fingerprint = (args: CreateArgs, origins: string[]) => createHash('sha256').update(JSON.stringify([args.name.trim(), [...origins].sort()])).digest('hex');

export function createWidgetKeyTool(db: Database, keys: ConsoleStore, confirmUrl: (id: string) => string) {
  async function created(caller: Caller, keyId: string): Promise<Result> {
    const key = await keys.widgetKey(caller, keyId);
    const widgetKey = { id: key.id, name: key.name, key: key.key, origins: key.origins };
    return { structured: { status: 'created', widgetKey }, text: `Created widget key "${key.name}" (${key.key}) for ${key.origins.join(', ')}.` };
  }

  const awaiting = (confirmationId: string, text: (url: string) => string): Result => ({
    structured: { status: 'awaiting_confirmation', confirmUrl: confirmUrl(confirmationId) },
    text: text(confirmUrl(confirmationId)),
  });

  return {
    /**
     * Runs the tool. `confirm` asks the person in the client and answers true, false, or undefined
     * when the client cannot ask (then the service's own page asks instead).
     */
    async run(caller: Caller, args: CreateArgs, confirm: (message: string) => Promise<boolean | undefined>): Promise<Result> {
      const checked = args.origins.map((o) => parseOrigin(o));
      const problems = checked.flatMap((c, i) => ('error' in c ? [`${args.origins[i].slice(0, 60)}: ${c.error}`] : []));
      if (problems.length) return { error: `Some origins cannot be used. ${problems.join(' ')}` };
      const origins = [...new Set(checked.map((c) => (c as { origin: string }).origin))];
      const print = fingerprint(args, origins);

      const [seen] = await db.query<{ args_sha256: string; status: string; widget_key_id: string | null; confirmation_id: string }>(
        'select args_sha256, status, widget_key_id, confirmation_id from mcp_idempotency where user_id = $1 and idempotency_key = $2',
        [caller.userId, args.idempotencyKey],
      );
      if (seen && seen.args_sha256 !== print) return { error: 'This idempotencyKey was already used with other arguments: use a new key for a different widget key.' };
      if (seen?.widget_key_id) return created(caller, seen.widget_key_id);
      if (seen?.status === 'declined') return declined;
      if (seen) return awaiting(seen.confirmation_id, (url) => `Waiting for the person to confirm at ${url}.`);

      const answer = await confirm(`Create the widget key "${args.name.trim()}" for ${origins.join(', ')}?`);
      const confirmationId = randomBytes(16).toString('hex');
      await db.query(
        `insert into mcp_idempotency (user_id, organization_id, idempotency_key, args_sha256, name, origins, status, confirmation_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [caller.userId, caller.organizationId, args.idempotencyKey, print, args.name.trim(), origins, answer === false ? 'declined' : 'pending', confirmationId],
      );
      if (answer === false) return declined;
      if (answer === undefined) return awaiting(confirmationId, (url) => `Ask the person to confirm at ${url}; then call again with the same idempotencyKey.`);
      const keyId = await keys.createWidgetKey(caller, args.name.trim(), origins);
      await db.query(`update mcp_idempotency set status = 'created', widget_key_id = $2 where confirmation_id = $1`, [confirmationId, keyId]);
      return created(caller, keyId);
    },

    /** The service's own confirmation page: what is waiting for this person. */
    pending: async (userId: string, confirmationId: string) =>
      (
        await db.query<{ name: string; origins: string[]; status: string; widget_key_id: string | null }>(
          'select name, origins, status, widget_key_id from mcp_idempotency where user_id = $1 and confirmation_id = $2',
          [userId, confirmationId],
        )
      )[0],

    /** The person's answer on the service's page: creates the key once, or records the refusal. */
    async decide(caller: Caller, confirmationId: string, allow: boolean): Promise<string | undefined> {
      // Claimed in one statement, so two clicks cannot create two keys.
      const [claimed] = await db.query<{ name: string; origins: string[] }>(
        `update mcp_idempotency set status = $3 where user_id = $1 and confirmation_id = $2 and status = 'pending' returning name, origins`,
        [caller.userId, confirmationId, allow ? 'created' : 'declined'],
      );
      if (!claimed || !allow) return undefined;
      try {
        const keyId = await keys.createWidgetKey(caller, claimed.name, claimed.origins);
        await db.query('update mcp_idempotency set widget_key_id = $2 where confirmation_id = $1', [confirmationId, keyId]);
        return keyId;
      } catch (error) {
        await db.query(`update mcp_idempotency set status = 'pending' where confirmation_id = $1`, [confirmationId]);
        throw error;
      }
    },
  };
}

export type CreateWidgetKeyTool = ReturnType<typeof createWidgetKeyTool>;
