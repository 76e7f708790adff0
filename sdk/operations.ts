/**
 * Every operation of the Platform API by its contract `operationId`, typed by the types generated
 * from contract/platform.openapi.json and routed by the contract itself: a new operation in the
 * contract is callable here with no code added. `client.call('getListing', { path: { listingId } })`.
 */
import type { Client } from 'openapi-fetch';
import contract from '../contract/platform.openapi.json' with { type: 'json' };
import type { operations, paths } from '../contract/generated/platform.js';

export type OperationId = keyof operations;
type Parameters<O extends OperationId> = operations[O]['parameters'];
type JsonOf<T> = T extends { content: { 'application/json': infer J } } ? J : never;
type BodyOf<O extends OperationId> = operations[O] extends { requestBody: infer B } ? JsonOf<B> : never;
type Responses<O extends OperationId> = operations[O]['responses'];
/** What the operation answers on success (its 200 or 201). */
export type OperationResult<O extends OperationId> = JsonOf<Responses<O>[Extract<keyof Responses<O>, 200 | 201>]>;

export interface OperationInput<O extends OperationId> {
  path?: NonNullable<Parameters<O>['path']>;
  query?: NonNullable<Parameters<O>['query']>;
  body?: BodyOf<O>;
  /** For writes: one is made per call when not given, so the client's own retries are safe. */
  idempotencyKey?: string;
}

export interface OperationSpec {
  operationId: OperationId;
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  scope: string;
  summary: string;
  /** Each parameter's name, where it goes, and whether it must be given. */
  parameters: { name: string; in: 'path' | 'query'; required: boolean; integer: boolean }[];
  takesBody: boolean;
  /** The JSON body's top-level fields: name, type, whether it must be given. */
  bodyFields: { name: string; type: string; required: boolean }[];
}

type RawSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, RawSchema>;
  required?: string[];
  items?: RawSchema;
};
const schemas = contract.components.schemas as Record<string, RawSchema>;
const resolve = (schema: RawSchema | undefined): RawSchema | undefined =>
  schema?.$ref ? resolve(schemas[schema.$ref.split('/').pop()!]) : schema;
/** A field's type in a few characters: `string`, `integer`, `"sale" | "rent"`, `object`, `string[]`. */
function typeOf(schema: RawSchema | undefined): string {
  const field = resolve(schema);
  if (!field) return 'any';
  if (field.enum) return field.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (field.type === 'array') return `${typeOf(field.items)}[]`;
  return [field.type ?? 'object'].flat().join(' | ');
}
function bodyFieldsOf(raw: Record<string, unknown>) {
  const body = raw.requestBody as { content?: { 'application/json'?: { schema?: RawSchema } } } | undefined;
  const schema = resolve(body?.content?.['application/json']?.schema);
  return Object.entries(schema?.properties ?? {}).map(([name, field]) => ({
    name,
    type: typeOf(field),
    required: (schema?.required ?? []).includes(name),
  }));
}

type RawParameter = { name?: string; in?: string; required?: boolean; schema?: { type?: string }; $ref?: string };
const shared = contract.components.parameters as Record<string, RawParameter>;

/** The contract's operations, read from the document the SDK ships with. */
export const OPERATIONS: OperationSpec[] = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Record<string, unknown>>).map(([method, raw]) => {
    const parameters = ((raw.parameters ?? []) as RawParameter[])
      .map((p) => (p.$ref ? shared[p.$ref.split('/').pop()!]! : p))
      .filter((p) => p.in === 'path' || p.in === 'query')
      .map((p) => ({
        name: p.name!,
        in: p.in as 'path' | 'query',
        required: Boolean(p.required),
        integer: p.schema?.type === 'integer',
      }));
    return {
      operationId: raw.operationId as OperationId,
      method: method as OperationSpec['method'],
      path,
      scope: raw['x-required-scope'] as string,
      summary: raw.summary as string,
      parameters,
      takesBody: Boolean(raw.requestBody),
      bodyFields: bodyFieldsOf(raw),
    };
  }),
);
const byId = new Map(OPERATIONS.map((spec) => [spec.operationId, spec]));
export const operationSpec = (id: string) => byId.get(id as OperationId);

type Unwrap = <T>(request: Promise<{ data?: T; error?: unknown; response: Response }>) => Promise<T>;

/** `call(operationId, input)`: any operation, with the SDK's retries, errors and idempotency keys. */
export function operationCaller(api: Client<paths>, unwrap: Unwrap, misuse: (message: string) => Error) {
  return function call<O extends OperationId>(
    operationId: O,
    input: OperationInput<O> = {},
  ): Promise<OperationResult<O>> {
    const spec = byId.get(operationId);
    if (!spec)
      throw misuse(`No operation ${String(operationId)} in the Platform API; service-valuation operations lists them.`);
    const path = (input.path ?? {}) as Record<string, unknown>;
    for (const p of spec.parameters)
      if (
        p.required &&
        (p.in === 'path' ? path : ((input.query ?? {}) as Record<string, unknown>))[p.name] === undefined
      )
        throw misuse(`${operationId} needs ${p.in}.${p.name}.`);
    const headers: Record<string, string> =
      spec.method === 'get' ? {} : { 'Idempotency-Key': input.idempotencyKey ?? crypto.randomUUID() };
    const init = { params: { path: input.path, query: input.query }, body: input.body, headers };
    return unwrap(api.request(spec.method as 'get', spec.path as keyof paths as never, init as never)) as Promise<
      OperationResult<O>
    >;
  };
}
