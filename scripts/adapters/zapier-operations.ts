/**
 * What the Zapier app (packages/zapier) offers, read from the contract: a trigger per webhook event,
 * an action per write, a search per read. The app's code turns these into Zapier's definitions; nothing
 * about an operation is written twice. A nested object's fields are flattened with `__` (`contact__email`).
 */
import { type Contract, exampleOf, operationsOf, parametersOf } from './contract-walk.js';

interface Schema {
  $ref?: string;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  minimum?: number;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  examples?: unknown[];
}
export interface ZapierField {
  key: string;
  label: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'text' | 'datetime';
  required: boolean;
  helpText?: string;
  choices?: string[];
  list?: boolean;
  /** Where the value goes in the request. */
  in: 'path' | 'query' | 'body';
  /** Sent as JSON text parsed (an array of objects, a free-form object). */
  json?: boolean;
}

/** Writes that are not a no-code user's: webhook subscriptions are the triggers' own, a reset wipes the sandbox. */
const NOT_ACTIONS = new Set([
  'createWebhookEndpoint',
  'updateWebhookEndpoint',
  'deleteWebhookEndpoint',
  'rotateWebhookSecret',
  'sendWebhookTestEvent',
  'replayWebhookDeliveries',
  'replayWebhookDelivery',
  'resetSandboxData',
]);
const NOT_SEARCHES = new Set([
  'listWebhookEndpoints',
  'getWebhookEndpoint',
  'listWebhookDeliveries',
  'getWebhookDelivery',
]);

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/[^a-z0-9_]/g, '_');
const words = (name: string) => {
  const spaced = name
    .replace(/__/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};
/** Zapier's descriptions are plain sentences; the contract's backticks read as noise there. */
const plain = (text = '') => text.replace(/`/g, '').replace(/\s+/g, ' ').trim();

function resolved(contract: Contract, schema: Schema): Schema {
  return schema.$ref
    ? resolved(contract, contract.components.schemas[schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1)] as Schema)
    : schema;
}

function fieldsOf(contract: Contract, schema: Schema, prefix = '', required = true): ZapierField[] {
  const object = resolved(contract, schema);
  return Object.entries(object.properties ?? {}).flatMap(([name, given]): ZapierField[] => {
    const s = resolved(contract, given);
    const key = `${prefix}${name}`;
    const isRequired = required && Boolean(object.required?.includes(name));
    const help = plain(given.description ?? s.description);
    const base = {
      key,
      label: words(key),
      required: isRequired,
      ...(help ? { helpText: help } : {}),
      in: 'body' as const,
    };
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
    if (type === 'object' && s.properties && !prefix) return fieldsOf(contract, s, `${key}__`, isRequired);
    if (type === 'object' || (type === 'array' && resolved(contract, s.items ?? {}).type === 'object')) {
      return [{ ...base, type: 'text', json: true, helpText: `${help} As JSON.`.trim() }];
    }
    if (type === 'array') {
      const items = resolved(contract, s.items ?? {});
      return [{ ...base, type: 'string', list: true, ...(items.enum ? { choices: items.enum.map(String) } : {}) }];
    }
    const zapierType =
      type === 'integer' || type === 'number' || type === 'boolean'
        ? type
        : s.format === 'date-time'
          ? 'datetime'
          : 'string';
    return [{ ...base, type: zapierType, ...(s.enum ? { choices: s.enum.map(String) } : {}) }];
  });
}

function parameterFields(contract: Contract, op: Parameters<typeof parametersOf>[1]): ZapierField[] {
  return parametersOf(contract, op)
    .filter((p) => p.in === 'path' || p.in === 'query')
    .filter((p) => p.name !== 'cursor' && p.name !== 'limit')
    .map((p) => {
      const s = resolved(contract, p.schema as Schema);
      const type = s.type === 'integer' || s.type === 'number' || s.type === 'boolean' ? s.type : 'string';
      return {
        key: p.name,
        label: words(p.name),
        type,
        required: Boolean(p.required),
        ...(p.description ? { helpText: plain(p.description) } : {}),
        in: p.in as 'path' | 'query',
        ...(s.enum ? { choices: s.enum.map(String) } : {}),
      };
    });
}

/**
 * A value for a schema from its examples, else from its parts (what Zapier shows while a Zap is
 * built); a list answer's sample is one of its items, as a search returns them one by one.
 */
function sampleOf(contract: Contract, given: Schema | undefined, depth = 0): unknown {
  if (!given || depth > 6) return undefined;
  const s = resolved(contract, given);
  if (s.examples?.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const parts = s.allOf ?? [];
  if (parts.length) return Object.assign({}, ...parts.map((p) => sampleOf(contract, p, depth + 1)));
  const choice = (s.oneOf ?? s.anyOf)?.[0];
  if (choice) return sampleOf(contract, choice, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    return Object.fromEntries(
      Object.entries(s.properties ?? {}).map(([name, p]) => [name, sampleOf(contract, p, depth + 1) ?? null]),
    );
  }
  if (type === 'array') return [sampleOf(contract, s.items, depth + 1)].filter((v) => v !== undefined);
  if (type === 'integer' || type === 'number') return s.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'string') return s.format === 'date-time' ? '2026-11-24T08:00:00.000Z' : 'text';
  return undefined;
}

function answerSampleOf(contract: Contract, schema: Schema | undefined) {
  const answer = schema && resolved(contract, schema);
  const list = answer?.properties?.data;
  return sampleOf(
    contract,
    list && resolved(contract, list).type === 'array' ? resolved(contract, list).items : answer,
  );
}

export function zapierOperations(contract: Contract) {
  const operations = operationsOf(contract);
  const triggers = Object.entries(contract.webhooks).map(([event, { post }]) => ({
    key: snake(event.replace('.', '_')),
    event,
    noun: words(event.split('.')[0]),
    label: plain(post.summary).replace(/\.$/, ''),
    description: `Triggers when ${plain(post.summary).replace(/^./, (c) => c.toLowerCase())}`,
    sample: exampleOf(contract, post.requestBody.content['application/json'].schema),
  }));
  const actionOf = ({ path, method, op }: (typeof operations)[number]) => {
    const body = op.requestBody?.content['application/json']?.schema;
    const ok = Object.entries(op.responses).find(([status]) => status.startsWith('2'))?.[1];
    return {
      key: snake(op.operationId),
      operationId: op.operationId,
      method: method.toUpperCase(),
      path,
      noun: op.tags[0].replace(/s$/, ''),
      label: op.summary,
      description: plain(op.description ?? op.summary).slice(0, 1000),
      scope: op['x-required-scope'],
      inputFields: [...parameterFields(contract, op), ...(body ? fieldsOf(contract, body as Schema) : [])],
      sample: answerSampleOf(contract, ok?.content?.['application/json']?.schema as Schema | undefined) ?? null,
    };
  };
  return {
    generatedFrom: `${contract.info.title} ${contract.info.version}`,
    triggers,
    creates: operations.filter(({ method, op }) => method !== 'get' && !NOT_ACTIONS.has(op.operationId)).map(actionOf),
    searches: operations
      .filter(({ method, op }) => method === 'get' && !NOT_SEARCHES.has(op.operationId))
      .map(actionOf),
  };
}
