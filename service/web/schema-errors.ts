/**
 * A JSON Schema validator's errors as a person reads them: "must be sale or rent", not "must be
 * equal to one of the allowed values"; a pattern says what the value looks like (the contract's
 * `x-expected`, with an example), never the regular expression. Needs the validator's `verbose`
 * option, which hands each error its schema.
 */
import type { ErrorObject } from 'ajv';

const list = (values: unknown[]) =>
  values.length <= 2
    ? values.map(String).join(' or ')
    : `${values.slice(0, -1).map(String).join(', ')} or ${String(values.at(-1))}`;

export function describeSchemaError(error: ErrorObject): string {
  const schema = (error.parentSchema ?? {}) as { 'x-expected'?: string; examples?: unknown[] };
  const expected = schema['x-expected'];
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return `must be ${list(params.allowedValues as unknown[])}`;
    case 'const':
      return `must be ${String(params.allowedValue)}`;
    case 'pattern':
    case 'format':
      return expected
        ? `must be ${expected}`
        : `is not in the expected form${schema.examples?.length ? `, such as ${String(schema.examples[0])}` : ''}`;
    case 'type':
      return `must be ${params.type === 'integer' ? 'a whole number' : `a ${String(params.type)}`}`;
    case 'minimum':
      return `must be at least ${String(params.limit)}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}`;
    case 'minLength':
      return `must be at least ${String(params.limit)} character${params.limit === 1 ? '' : 's'} long`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters long`;
    case 'required':
      return `needs ${String(params.missingProperty)}`;
    case 'additionalProperties':
      return `has a field this operation does not take: ${String(params.additionalProperty)}`;
    default:
      return error.message ?? 'is not valid';
  }
}

/** Every error of one value in one sentence. */
export const describeSchemaErrors = (errors: ErrorObject[] | null | undefined) =>
  [...new Set((errors ?? []).map(describeSchemaError))].join('; ') || 'is not valid';
