/** The CLI's webhook commands: endpoints made, deleted and rotated, test events, deliveries, replays and listen. */
import type { components } from '../contract/generated/platform.js';
import type { PlatformClient } from './client.js';
import { listen } from './webhook-listen.js';

type Schemas = components['schemas'];

export const WEBHOOK_USAGE: Record<string, string> = {
  'webhooks endpoints': 'Usage: service-valuation webhooks endpoints [--all] [--limit N] [--cursor C] [--json]',
  'webhooks create':
    'Usage: service-valuation webhooks create --url URL [--events a,b] [--description TEXT] [--json]\nRegisters an endpoint and prints its signing secret, shown this once.',
  'webhooks delete': 'Usage: service-valuation webhooks delete <endpointId> [--json]',
  'webhooks rotate':
    'Usage: service-valuation webhooks rotate <endpointId> [--json]\nA new secret, shown once; the old one keeps signing for 24 hours.',
  'webhooks test':
    'Usage: service-valuation webhooks test <endpointId> [--type TYPE] [--json]\nSends a test event (widget_key.created by default).',
  'webhooks deliveries':
    'Usage: service-valuation webhooks deliveries [--endpoint ID] [--status pending|sending|succeeded|failed] [--limit N] [--cursor C] [--json]',
  'webhooks delivery':
    'Usage: service-valuation webhooks delivery <deliveryId> [--json]\nOne delivery with every attempt.',
  'webhooks replay':
    'Usage: service-valuation webhooks replay <deliveryId> [--json]\n   or: service-valuation webhooks replay --endpoint ID --since ISO --until ISO [--json]\nSends a delivery again (same webhook-id), or every failed one of an endpoint in a window.',
  'webhooks listen':
    "Usage: service-valuation webhooks listen --forward-to URL [--events a,b]\nReceives the sandbox's events on this machine and passes each on to URL, signature and all.",
};

export interface WebhookCommand {
  command: string;
  target?: string;
  values: Record<string, string | boolean | undefined>;
  client: PlatformClient;
  out: (text: string) => void;
  print: (data: unknown, text: () => string) => void;
  table: (rows: Record<string, unknown>[], columns: string[]) => string;
  usage: (message: string) => Error;
  signal?: AbortSignal;
}

const list = (text: unknown) =>
  typeof text === 'string' && text
    ? (text.split(',').map((t) => t.trim()) as Schemas['WebhookEventType'][])
    : undefined;

export async function runWebhookCommand(c: WebhookCommand): Promise<number | undefined> {
  const { client, values, print, table } = c;
  const need = (what: string) => {
    if (!c.target) throw c.usage(`give the ${what}: run service-valuation ${c.command} --help`);
    return c.target;
  };
  switch (c.command) {
    case 'webhooks create': {
      if (typeof values.url !== 'string') throw c.usage('give --url, where deliveries are posted');
      const created = await client.webhooks.endpoints.create({
        url: values.url,
        description: typeof values.description === 'string' ? values.description : undefined,
        events: list(values.events),
      });
      print(
        created,
        () => `Created ${created.id} for ${created.url}.\n${shownSecret('Signing secret', created.secret)}`,
      );
      return 0;
    }
    case 'webhooks delete': {
      const deleted = await client.webhooks.endpoints.delete(need('endpoint id'));
      print(deleted, () => `Deleted ${deleted.id}.`);
      return 0;
    }
    case 'webhooks rotate': {
      const rotated = await client.webhooks.endpoints.rotateSecret(need('endpoint id'));
      print(
        rotated,
        () =>
          `${shownSecret('New signing secret', rotated.secret)}\nThe previous one also signs until ${rotated.previousSecretExpiresAt}.`,
      );
      return 0;
    }
    case 'webhooks test': {
      const type = (
        typeof values.type === 'string' ? values.type : 'widget_key.created'
      ) as Schemas['WebhookEventType'];
      const delivery = await client.webhooks.endpoints.sendTestEvent(need('endpoint id'), type);
      print(
        delivery,
        () => `Queued ${type} as ${delivery.id}. See it: service-valuation webhooks delivery ${delivery.id}`,
      );
      return 0;
    }
    case 'webhooks deliveries': {
      const page = await client.webhooks.deliveries.list({
        endpointId: typeof values.endpoint === 'string' ? values.endpoint : undefined,
        status: values.status as Schemas['WebhookDelivery']['status'] | undefined,
        limit: values.limit === undefined ? undefined : Number(values.limit),
        cursor: typeof values.cursor === 'string' ? values.cursor : undefined,
      });
      print(page, () => table(page.data, ['id', 'eventType', 'status', 'attemptCount', 'createdAt']));
      return 0;
    }
    case 'webhooks delivery': {
      const delivery = await client.webhooks.deliveries.get(need('delivery id'));
      print(delivery, () =>
        [
          `${delivery.id}  ${delivery.eventType}${delivery.test ? ' (test)' : ''}  ${delivery.status}`,
          table(
            (delivery.attempts ?? []).map((a) => ({
              at: a.attemptedAt,
              trigger: a.trigger,
              ms: a.durationMs,
              outcome: a.response ? `answered ${a.response.status}` : `no answer: ${a.error}`,
            })),
            ['at', 'trigger', 'ms', 'outcome'],
          ),
        ].join('\n'),
      );
      return 0;
    }
    case 'webhooks replay': {
      if (typeof values.endpoint === 'string') {
        if (typeof values.since !== 'string' || typeof values.until !== 'string')
          throw c.usage('a bulk replay needs --since and --until (ISO 8601), at most 7 days apart');
        const replay = await client.webhooks.endpoints.replayFailed(values.endpoint, {
          since: values.since,
          until: values.until,
        });
        print(replay, () => `${replay.count} failed deliveries queued again.`);
        return 0;
      }
      const delivery = await client.webhooks.deliveries.replay(need('delivery id'));
      print(delivery, () => `Queued ${delivery.id} again.`);
      return 0;
    }
    case 'webhooks listen': {
      if (typeof values['forward-to'] !== 'string') throw c.usage('give --forward-to, the URL to pass events on to');
      return listen({
        client,
        forwardTo: values['forward-to'],
        events: list(values.events),
        out: c.out,
        signal: c.signal ?? AbortSignal.timeout(2 ** 31 - 1),
      });
    }
  }
  return undefined;
}

/** A secret as the CLI prints it; null when the answer was a replay of a retried request (secrets are never kept). */
const shownSecret = (label: string, secret: string | null) =>
  secret
    ? `${label} (shown this once): ${secret}`
    : `${label}: not shown (this answer replays an earlier request; a secret is shown once). Rotate it to get a new one.`;
