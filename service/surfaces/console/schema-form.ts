/**
 * A console form checked as the Platform API checks a body: against the contract's own schema, each
 * problem under the form field it is about (the first segment of its path, or the missing property).
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { describeSchemaError } from '../../web/schema-errors.js';

export function problemsAgainst(validate: ValidateFunction, input: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (validate(input)) return errors;
  for (const e of validate.errors ?? []) {
    const field = e.instancePath.split('/')[1] ?? (e.params as { missingProperty?: string }).missingProperty ?? 'form';
    errors[field] ??= `This ${describeSchemaError(e)}.`;
  }
  return errors;
}

/** A store's field errors (`body.name`, `body.agentIds[1]`) under the form fields they are about. */
export const storeProblems = (errors: { parameter: string; detail: string }[]): Record<string, string> =>
  Object.fromEntries(errors.map((e) => [/^body\.(\w+)/.exec(e.parameter)?.[1] ?? 'form', `${e.detail}.`]));
