/**
 * `create_widget_key`: the MCP endpoint's one consequential write. It declares itself (not read-only,
 * idempotent), needs an idempotency key (the service's one idempotency store: the same key and
 * arguments create one widget key, the same key with other arguments is refused), and leaves the
 * decision to the person on a page of the service (the owned handoff): a client never answers its own
 * confirmation. Where the client supports URL-mode elicitation, it is asked to show that page; that
 * only opens it. The key itself is made by the one validated
 * `createWidgetKey`, so a name or origin is refused here exactly as the console refuses it. Every
 * key it creates is in the audit log; it never returns a secret (widget keys are publishable).
 */
import { createHash } from 'node:crypto';
import { NAME_MAX } from '../../core/keys/names.js';
import { ORIGINS_MAX } from '../../core/keys/origins.js';
import { checkWidgetKeyInput } from '../../core/keys/widget-key-admin.js';
import type { Services } from '../../core/services/compose.js';
import type { Caller } from './caller.js';

export const CREATE_WIDGET_KEY = {
  name: 'create_widget_key',
  toolset: 'widget_keys' as const,
  title: 'Create a widget key',
  description:
    "Asks for a widget key for the listed website origins. The person confirms on the service's own page (confirmUrl); the key exists only after that. Needs sign-in with widget_keys.write and an idempotencyKey: call again with the same key to learn the outcome.",
  scope: 'widget_keys.write' as const,
  inputSchema: {
    type: 'object',
    required: ['name', 'origins', 'idempotencyKey'],
    additionalProperties: false,
    properties: {
      // Lengths and counts are checked by the service's one widget key check, in the console's words.
      name: { type: 'string', description: `A name the site owner will recognise, up to ${NAME_MAX} characters.` },
      origins: {
        type: 'array',
        items: { type: 'string' },
        description: `Exact origins, such as https://www.example.com: 1 to ${ORIGINS_MAX}.`,
      },
      idempotencyKey: {
        type: 'string',
        minLength: 8,
        maxLength: 100,
        description: 'Unique per intended key; reuse it to retry safely.',
      },
    },
  },
  outputSchema: {
    type: 'object',
    required: ['status'],
    properties: {
      status: { type: 'string', enum: ['created', 'awaiting_confirmation', 'declined'] },
      widgetKey: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          key: { type: 'string' },
          origins: { type: 'array', items: { type: 'string' } },
        },
      },
      confirmUrl: {
        type: 'string',
        description: 'With awaiting_confirmation: the service page where the person confirms.',
      },
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

const declined: Result = {
  structured: { status: 'declined' },
  text: 'The person declined; no widget key was created.',
};

const fingerprintOf = (name: string, origins: string[]) =>
  createHash('sha256')
    .update(JSON.stringify([name.trim(), [...origins].sort()]))
    .digest('hex');

export function createWidgetKeyTool(
  services: Pick<Services, 'widgetKeyAdmin' | 'keyRequests' | 'idempotency' | 'links'>,
) {
  const { widgetKeyAdmin: keys, keyRequests: requests, idempotency } = services;
  const confirmUrl = services.links.confirmation;
  async function created(caller: Caller, keyId: string): Promise<Result> {
    const key = (await keys.widgetKey(caller, keyId))!;
    const widgetKey = { id: key.id, name: key.name, key: key.key, origins: key.origins };
    return {
      structured: { status: 'created', widgetKey },
      text: `Created widget key "${key.name}" (${key.key}) for ${key.origins.join(', ')}.`,
    };
  }

  /** Where the request stands now: created, declined, or waiting for the person. */
  async function answerFor(caller: Caller, confirmationId: string, waiting: (url: string) => string): Promise<Result> {
    const request = await requests.find(caller.userId, confirmationId);
    if (request?.widgetKeyId) return created(caller, request.widgetKeyId);
    if (request?.status === 'declined') return declined;
    const url = confirmUrl(confirmationId);
    return { structured: { status: 'awaiting_confirmation', confirmUrl: url }, text: waiting(url) };
  }

  return {
    /**
     * Runs the tool. `confirm` asks the person in the client and answers true, false, or undefined
     * when the client cannot ask (then the service's own page asks instead).
     */
    async run(
      caller: Caller,
      args: CreateArgs,
      showPage: (url: string, message: string, elicitationId: string) => Promise<void>,
    ): Promise<Result> {
      const checked = checkWidgetKeyInput(args.name, args.origins, true);
      if (checked.errors) return { error: Object.values(checked.errors).join(' ') };
      const { origins } = checked;
      const scope = `mcp:create_widget_key:${caller.userId}`;
      const begun = await idempotency.begin(scope, args.idempotencyKey, fingerprintOf(args.name, origins));
      if (begun.state === 'mismatch')
        return {
          error: 'This idempotencyKey was already used with other arguments: use a new key for a different widget key.',
        };
      if (begun.state === 'running')
        return {
          error: 'A call with this idempotencyKey is still running: wait a moment, then call again with the same key.',
        };
      if (begun.state === 'replay')
        return answerFor(caller, begun.response.body, (url) => `Waiting for the person to confirm at ${url}.`);
      try {
        const { confirmationId } = await requests.open(caller, args.name, origins);
        await idempotency.finish(scope, args.idempotencyKey, { status: 200, headers: {}, body: confirmationId });
        const question = `Confirm the widget key "${args.name.trim()}" for ${origins.join(', ')} on the service's page.`;
        await showPage(confirmUrl(confirmationId), question, confirmationId);
        return answerFor(
          caller,
          confirmationId,
          (url) => `Ask the person to confirm at ${url}; then call again with the same idempotencyKey.`,
        );
      } catch (error) {
        await idempotency.release(scope, args.idempotencyKey);
        throw error;
      }
    },
  };
}

export type CreateWidgetKeyTool = ReturnType<typeof createWidgetKeyTool>;
