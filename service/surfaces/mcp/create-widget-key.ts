/**
 * `create_widget_key`: a write an AI app asks for, as every other (ask-the-person.ts): it declares
 * itself (not read-only, idempotent), needs an idempotency key (the same key and arguments are one
 * request, the same key with other arguments is refused), and leaves the decision to the person on the
 * service's page. The key itself is made by the one validated `createWidgetKey`, so a name or origin is
 * refused here exactly as the console refuses it; it never returns a secret (widget keys are publishable).
 */
import { NAME_MAX } from '../../core/keys/names.js';
import { ORIGINS_MAX } from '../../core/keys/origins.js';
import { askThePerson } from './ask-the-person.js';
import { IDEMPOTENCY_KEY, unfinishedWrite, writeStatus } from './write-answer.js';
import type { SignedInContext } from './tool.js';

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
      idempotencyKey: IDEMPOTENCY_KEY,
    },
  },
  outputSchema: {
    type: 'object',
    required: ['status'],
    properties: {
      status: writeStatus({ created: 'the key exists: widgetKey' }),
      reason: { type: 'string', description: 'With failed: why no key was made.' },
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

/** Runs the tool: the key is made only once the person confirms on the service's page (ask-the-person.ts). */
export async function createWidgetKey(args: CreateArgs, context: SignedInContext): Promise<Result> {
  const checked = context.services.widgetKeyAdmin.checkInput(args.name, args.origins, true);
  if (checked.errors) return { error: Object.values(checked.errors).join(' ') };
  // Origins in one order, so a retry that lists them in another is the same request.
  const input = { name: args.name.trim(), origins: [...checked.origins].sort() };
  const asked = await askThePerson(context, 'create_widget_key', args.idempotencyKey, input);
  if ('error' in asked) return asked;
  const { action, confirmUrl } = asked;
  const words = { notDone: 'No widget key was created' };
  const unfinished = unfinishedWrite(action, confirmUrl, words);
  if (unfinished) return unfinished;
  // Confirmed, and still being carried out: no key yet, so it waits.
  if (!action.result?.id) return unfinishedWrite({ ...action, status: 'pending' }, confirmUrl, words)!;
  const key = await context.services.widgetKeyAdmin.widgetKey(context.caller, String(action.result.id));
  if (!key) return { error: 'The widget key this request made is no longer in the workspace.' };
  const widgetKey = { id: key.id, name: key.name, key: key.key, origins: key.origins };
  return {
    structured: { status: 'created', widgetKey },
    text: `Created widget key "${key.name}" (${key.key}) for ${key.origins.join(', ')}.`,
  };
}
