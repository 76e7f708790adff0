/**
 * A small JSON Schema interpreter for the subset the contract uses. Answers from the
 * network are checked against the contract's own schemas before anything renders them.
 */
export interface Schema {
  /** The name of another schema in the same set. */
  $ref?: string;
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  /** Every property is required except these (the generator derives them from the contract's `required`). */
  optional?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

const TYPE_CHECK: Record<NonNullable<Schema['type']>, (value: unknown) => boolean> = {
  object: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  array: Array.isArray,
  string: (value) => typeof value === 'string',
  number: Number.isFinite,
  integer: Number.isInteger,
  boolean: (value) => typeof value === 'boolean',
};

/**
 * Returns the first problem found as `path: keyword expected` in JSON Schema's own words
 * (`$.suggestions[0].text: maxLength 200`), or `undefined` when `value` conforms.
 */
export function findProblem(value: unknown, schema: Schema, schemas: Record<string, Schema>, path = '$'): string | undefined {
  if (schema.$ref) return findProblem(value, schemas[schema.$ref], schemas, path);
  const broken = (keyword: keyof Schema) => `${path}: ${keyword} ${String(schema[keyword])}`;
  if (schema.type && !TYPE_CHECK[schema.type](value)) return broken('type');
  if (schema.const !== undefined && value !== schema.const) return broken('const');
  if (schema.enum && !schema.enum.includes(value)) return broken('enum');
  if (typeof value === 'string') {
    if (value.length < (schema.minLength ?? 0)) return broken('minLength');
    if (value.length > (schema.maxLength ?? Infinity)) return broken('maxLength');
    if (schema.pattern && !new RegExp(schema.pattern).test(value)) return broken('pattern');
  }
  if (typeof value === 'number') {
    if (value < (schema.minimum ?? -Infinity)) return broken('minimum');
    if (value > (schema.maximum ?? Infinity)) return broken('maximum');
  }
  if (Array.isArray(value)) {
    if (value.length < (schema.minItems ?? 0)) return broken('minItems');
    if (value.length > (schema.maxItems ?? Infinity)) return broken('maxItems');
    for (let i = 0; i < value.length && schema.items; i++) {
      const problem = findProblem(value[i], schema.items, schemas, `${path}[${i}]`);
      if (problem) return problem;
    }
  } else if (schema.properties && value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const [key, inner] of Object.entries(schema.properties)) {
      if (!Object.hasOwn(record, key)) {
        if (schema.optional?.includes(key)) continue;
        return `${path}.${key}: required`;
      }
      const problem = findProblem(record[key], inner, schemas, `${path}.${key}`);
      if (problem) return problem;
    }
  }
  return undefined;
}
