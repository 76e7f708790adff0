/**
 * The Platform API's bundled contract as the adapters read it: its operations in order, their
 * parameters and example values. Postman's collection, Zapier's app and the other adapters walk it here.
 */
export interface Schema {
  $ref?: string;
  examples?: unknown[];
  enum?: unknown[];
  default?: unknown;
  allOf?: Schema[];
}
export interface Parameter {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  description?: string;
  schema: Schema;
}
export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  'x-required-scope'?: string;
  deprecated?: boolean;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Schema }> }>;
}
export interface Contract {
  info: { title: string; version: string; description?: string };
  servers: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<
    string,
    {
      post: {
        summary: string;
        description?: string;
        requestBody: { content: { 'application/json': { schema: Schema } } };
      };
    }
  >;
  components: { schemas: Record<string, Schema>; parameters: Record<string, Parameter> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
export const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** Every operation of the contract with its path and method, in the contract's order. */
export function operationsOf(contract: Contract) {
  return Object.entries(contract.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, op: item[method] })),
  );
}

/** A schema's first example (or first enum value), through its references. */
export function exampleOf(contract: Contract, schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.$ref) return exampleOf(contract, contract.components.schemas[refName(schema.$ref)]);
  return schema.examples?.[0] ?? schema.enum?.[0];
}

/** An operation's parameters, each reference resolved. */
export function parametersOf(contract: Contract, op: Operation): Parameter[] {
  return (op.parameters ?? []).map((p) => (p.$ref ? contract.components.parameters[refName(p.$ref)] : p));
}
