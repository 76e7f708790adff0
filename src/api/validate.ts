/**
 * A small JSON Schema interpreter for the subset the contract uses. Answers from the
 * network are checked against the contract's own schemas before anything renders them.
 */
export interface Schema {
  /** The name of another schema in the same set. */
  $ref?: string;
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  required?: string[];
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

/** Returns the first problem found as `path: reason`, or `undefined` when `value` conforms. */
export function findProblem(
  value: unknown,
  schema: Schema,
  schemas: Record<string, Schema>,
  path = '$',
): string | undefined {
  if (schema.$ref) return findProblem(value, schemas[schema.$ref], schemas, path);
  if (schema.const !== undefined && value !== schema.const) return `${path}: expected ${String(schema.const)}`;
  if (schema.enum && !schema.enum.includes(value)) return `${path}: not one of ${schema.enum.join(', ')}`;
  switch (schema.type) {
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return `${path}: expected an object`;
      const record = value as Record<string, unknown>;
      for (const key of schema.required ?? []) {
        if (!Object.hasOwn(record, key)) return `${path}.${key}: missing`;
      }
      for (const [key, inner] of Object.entries(schema.properties ?? {})) {
        if (!Object.hasOwn(record, key)) continue;
        const problem = findProblem(record[key], inner, schemas, `${path}.${key}`);
        if (problem) return problem;
      }
      return undefined;
    }
    case 'array': {
      if (!Array.isArray(value)) return `${path}: expected an array`;
      if (value.length < (schema.minItems ?? 0)) return `${path}: fewer than ${schema.minItems} items`;
      if (value.length > (schema.maxItems ?? Infinity)) return `${path}: more than ${schema.maxItems} items`;
      for (let i = 0; i < value.length; i++) {
        const problem = schema.items && findProblem(value[i], schema.items, schemas, `${path}[${i}]`);
        if (problem) return problem;
      }
      return undefined;
    }
    case 'string':
      if (typeof value !== 'string') return `${path}: expected a string`;
      if (value.length < (schema.minLength ?? 0)) return `${path}: too short`;
      if (value.length > (schema.maxLength ?? Infinity)) return `${path}: too long`;
      if (schema.pattern && !new RegExp(schema.pattern).test(value)) return `${path}: does not match ${schema.pattern}`;
      return undefined;
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${path}: expected a number`;
      if (schema.type === 'integer' && !Number.isInteger(value)) return `${path}: expected an integer`;
      if (value < (schema.minimum ?? -Infinity)) return `${path}: below ${schema.minimum}`;
      if (value > (schema.maximum ?? Infinity)) return `${path}: above ${schema.maximum}`;
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${path}: expected a boolean`;
    default:
      return undefined;
  }
}
